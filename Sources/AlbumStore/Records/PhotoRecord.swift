import AlbumModel
import AlbumSeam

/// What SQLite writes to the `photos` table, by column name: what a new collection
/// (`SourcePhoto`), a download (`StoredFile`) and an import (`ImportedPhotoRecord`) store is
/// written from here. Rows are read back by `RowDecoder` (AlbumSeam), shared with PostgreSQL.
///
/// Adding a column to `photos`: see docs/architecture.md, "Adding a photo column". Queries read
/// `SELECT \(photoColumns)` (every column), so no list of names needs to follow.
enum PhotoRecord {
    /// Every column of `photos`: rows are read by name.
    static let columns = "*"

    /// What a downloaded or imported file sets: the file, its thumbnail and its facts. The
    /// capture time and camera fields replace the row's only when the file gives them (a
    /// download keeps the source's otherwise).
    static func file(_ stored: StoredFile) -> Columns {
        var c = Columns()
        c.set("file", stored.file)
        c.set("thumbnail", stored.thumbnail)
        c.set("content_hash", stored.contentHash)
        c.set("bytes", stored.bytes)
        c.set("width", stored.width)
        c.set("height", stored.height)
        c.set("thumbnail_pending", stored.thumbnailPending ? 1 : 0)
        if let hash = stored.perceptualHash { c.set("phash", hash.stored) }
        c.setKeeping("taken_at", stored.takenAt)
        c.setKeeping("camera_make", stored.camera?.make)
        c.setKeeping("camera_model", stored.camera?.model)
        c.setKeeping("orientation", stored.camera?.orientation)
        c.setKeeping("altitude", stored.camera?.altitude)
        return c
    }

    /// The columns a download's files no longer fill (`album verify --repair` requeues it).
    static var noFile: Columns {
        var c = Columns()
        for name in ["file", "thumbnail", "content_hash", "bytes"] { c.set(name, SQLValue.null) }
        return c
    }

    /// A new collection's photo: a `placeholder` at `position` of the pin's album.
    static func placeholder(_ photo: SourcePhoto, album: AlbumInfo, position: Int, now: String) -> Columns {
        var c = Columns()
        c.set("pin_id", album.pinId)
        c.set("source", album.source)
        c.set("source_id", photo.sourceId)
        c.set("url", photo.url)
        c.set("title", photo.title)
        c.set("taken_at", photo.takenAt)
        c.set("latitude", photo.coordinate?.latitude)
        c.set("longitude", photo.coordinate?.longitude)
        c.set("state", PhotoState.placeholder.name)
        c.set("position", position)
        c.set("accuracy", photo.accuracy)
        c.set("license", photo.license)
        c.set("owner_id", photo.provenance.ownerId)
        c.set("owner_name", photo.provenance.ownerName ?? photo.owner)
        c.set("license_id", photo.provenance.licenseId)
        c.set("license_url", photo.provenance.licenseURL)
        c.set("page_url", photo.provenance.pageURL)
        c.set("uploaded_at", photo.provenance.uploadedAt)
        c.set("source_taken_at", photo.takenAt)
        c.set("created_at", now)
        c.set("updated_at", now)
        return c
    }

    /// An imported photo: `downloaded` from the start, with origin `import`, in the pin `pinId`
    /// (nil: the unplaced tray) at `position`.
    static func imported(_ photo: ImportedPhotoRecord, pinId: Int64?, position: Int, now: String) -> Columns {
        var c = Columns()
        c.set("pin_id", pinId)
        c.set("source", PhotoOrigin.imported.stored)
        c.set("source_id", photo.contentHash)
        c.set("url", photo.originalPath)
        c.set("title", photo.title)
        c.set("latitude", photo.coordinate?.latitude)
        c.set("longitude", photo.coordinate?.longitude)
        c.set("state", PhotoState.downloaded.name)
        c.set("position", position)
        c.set("created_at", now)
        c.set("updated_at", now)
        c.set("position_source", photo.positionSource?.rawValue)
        c.set("gps_time", photo.gpsTime)
        c.set("clock_offset", photo.clockOffset)
        c.set("owner_name", photo.artist)
        c.set("copyright", photo.copyright)
        return c.merging(file(photo.stored))
    }
}

extension UnnamedPhoto {
    /// Where the photo came from (its `source`, typed).
    public var origin: PhotoOrigin { PhotoOrigin(stored: source) }
}
