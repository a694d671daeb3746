import AlbumModel
import AlbumSeam

/// The one mapping between the `photos` table and its values, by column name: a row is read into
/// a `Photo`, and what a new collection (`SourcePhoto`), a download (`StoredFile`) and an import
/// (`ImportedPhotoRecord`) store is written from here.
///
/// Adding a column to `photos`: one migration appended to `Migration/Schema.swift`, the field on
/// the value (`Photo`, and `StoredFile` when a download or an import sets it), and its line here
/// (read in `photo(_:)`, written in `file(_:)`, `placeholder(…)` or `imported(…)`). Queries read
/// `SELECT \(photoColumns)` (every column), so no list of names needs to follow.
enum PhotoRecord {
    /// Every column of `photos`: rows are read by name.
    static let columns = "*"

    /// A `photos` row (every column, or at least the ones read here) as a `Photo`.
    static func photo(_ row: Row) throws(AlbumError) -> Photo {
        var coordinate: Coordinate?
        if let lat = row.double("latitude"), let lon = row.double("longitude") {
            coordinate = try? Coordinate(latitude: lat, longitude: lon)
        }
        var photo = Photo(
            id: row.int64("id") ?? 0, pinId: row.int64("pin_id") ?? Photo.unplacedPinId,
            source: row.string("source") ?? "", sourceId: row.string("source_id") ?? "",
            title: row.string("title"), url: row.string("url"),
            state: try PhotoState(name: row.string("state") ?? "", failure: row.string("failure")),
            attempts: row.int("attempts") ?? 0, file: row.string("file"), thumbnail: row.string("thumbnail"),
            contentHash: row.string("content_hash"), bytes: row.int64("bytes"), width: row.int("width"),
            height: row.int("height"), takenAt: row.string("taken_at"), coordinate: coordinate,
            camera: Camera(
                make: row.string("camera_make"), model: row.string("camera_model"),
                orientation: row.int("orientation"), altitude: row.double("altitude")
            ).nonEmpty)
        photo.local = place(row)
        photo.accuracy = row.int("accuracy")
        photo.license = row.string("license")
        return photo
    }

    /// The place, zone and offset columns of a `photos` row.
    static func place(_ row: Row) -> PhotoPlace {
        var place: Place?
        if let name = row.string("place_name"), let cc = row.string("place_country_code") {
            place = Place(
                name: name, region: row.string("place_region"), country: row.string("place_country"),
                countryCode: cc, distanceKm: row.double("place_distance_km") ?? 0)
        }
        return PhotoPlace(
            place: place, timeZone: row.string("time_zone"), offset: row.string("utc_offset"),
            // `user` is stored as NULL beside an offset (migration addPhotoClockOffset).
            offsetSource: row.string("offset_source").flatMap(OffsetSource.init(rawValue:))
                ?? (row.string("utc_offset") == nil ? nil : .user),
            positionSource: row.string("position_source").flatMap(PositionSource.init(rawValue:)))
    }

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
        return c.merging(file(photo.stored))
    }
}

extension UnnamedPhoto {
    /// Where the photo came from (its `source`, typed).
    public var origin: PhotoOrigin { PhotoOrigin(stored: source) }
}
