import AlbumModel

/// What a finished download stores with the photo.
public struct StoredFile: Sendable, Hashable {
    public var file: String
    public var thumbnail: String?
    public var contentHash: String
    public var bytes: Int64
    public var width: Int?
    public var height: Int?
    /// The capture time the file's EXIF gives; replaces the source's when present.
    public var takenAt: String?
    /// The camera fields the file's EXIF gives.
    public var camera: Camera?

    public init(
        file: String, thumbnail: String?, contentHash: String, bytes: Int64, width: Int?, height: Int?,
        takenAt: String? = nil, camera: Camera? = nil
    ) {
        self.takenAt = takenAt
        self.camera = camera
        self.file = file
        self.thumbnail = thumbnail
        self.contentHash = contentHash
        self.bytes = bytes
        self.width = width
        self.height = height
    }
}

extension AlbumDatabase {
    static let photoColumns = """
        id, pin_id, source, source_id, title, url, state, failure, attempts, file, thumbnail,
        content_hash, bytes, width, height, taken_at, latitude, longitude,
        camera_make, camera_model, orientation, altitude,
        place_name, place_region, place_country, place_country_code, place_distance_km, time_zone,
        utc_offset, offset_source, position_source
        """

    /// The photos of a pin's album, in album order.
    public func photos(pinId: Int64) throws(AlbumError) -> [Photo] {
        try read { db throws(AlbumError) in
            try db.query("SELECT \(Self.photoColumns) FROM photos WHERE pin_id = ? ORDER BY position, id", [pinId])
                .map(Self.decodePhoto)
        }
    }

    /// The photo with this id, or nil.
    public func photo(id: Int64) throws(AlbumError) -> Photo? {
        try read { db throws(AlbumError) in
            try db.queryOne("SELECT \(Self.photoColumns) FROM photos WHERE id = ?", [id]).map(Self.decodePhoto)
        }
    }

    /// The photo with this id. - Throws: `AlbumError.notFound` naming the id.
    public func requirePhoto(id: Int64) throws(AlbumError) -> Photo {
        guard let photo = try photo(id: id) else { throw .notFound("no photo with id \(id) in \(name)") }
        return photo
    }

    /// Puts `downloading` photos whose process is gone back in the queue.
    /// - Parameter isAlive: whether the process named by a claim token still runs.
    /// - Returns: how many photos went back to `placeholder`.
    @discardableResult
    public func releaseStaleClaims(isAlive: (String) -> Bool) throws(AlbumError) -> Int {
        try write { db throws(AlbumError) in
            let owners = try db.query("SELECT DISTINCT claimed_by FROM photos WHERE state = 'downloading'")
                .map { $0.string(0) }
            var released = 0
            for owner in owners where owner.map(isAlive) != true {
                released += try db.run(
                    "UPDATE photos SET state = 'placeholder', claimed_by = NULL WHERE state = 'downloading' AND claimed_by IS ?",
                    [owner])
            }
            return released
        }
    }

    /// Atomically takes the next `placeholder` photo of `pinId` for `owner`, marks it
    /// `downloading` and counts its first attempt; nil when none is left. Two processes never
    /// take the same photo.
    public func claimNextPhoto(pinId: Int64, owner: String) throws(AlbumError) -> Photo? {
        try write { db throws(AlbumError) in
            try db.queryOne("""
                UPDATE photos SET state = 'downloading', claimed_by = ?, attempts = attempts + 1, updated_at = ?
                WHERE id = (SELECT id FROM photos WHERE pin_id = ? AND state = 'placeholder' ORDER BY position, id LIMIT 1)
                RETURNING \(Self.photoColumns)
                """, [owner, Timestamp.now(), pinId]).map(Self.decodePhoto)
        }
    }

    /// Puts a pin's `failed` photos back in the queue (a retry the user asked for).
    /// - Returns: how many were requeued.
    @discardableResult
    public func requeueFailed(pinId: Int64) throws(AlbumError) -> Int {
        try write { db throws(AlbumError) in
            try db.run("""
                UPDATE photos SET state = 'placeholder', failure = NULL, updated_at = ?
                WHERE pin_id = ? AND state = 'failed'
                """, [Timestamp.now(), pinId])
        }
    }

    /// Counts one more download attempt of a claimed photo (a retry).
    public func recordAttempt(photoId: Int64) throws(AlbumError) {
        try write { db throws(AlbumError) in
            try db.run("UPDATE photos SET attempts = attempts + 1 WHERE id = ?", [photoId])
        }
    }

    /// `downloading` → `downloaded`, with its files. Call after the files are in place. A photo
    /// no longer `downloading` (removed, or replaced by a new collection meanwhile) is left alone.
    ///
    /// Identity is content (decision 0006): when the bytes turn out to be a photo the user removed,
    /// or a photo the pin's album already holds (imported, or under another source id), the row is
    /// dropped instead (its source id stays shown, so it is not offered again).
    /// - Returns: false when the row was dropped as such a duplicate.
    @discardableResult
    public func markDownloaded(photoId: Int64, _ stored: StoredFile) throws(AlbumError) -> Bool {
        try write { db throws(AlbumError) in
            let duplicate = try db.queryOne("""
                SELECT 1 FROM photos p WHERE p.id = ?1 AND p.state = 'downloading' AND (
                    EXISTS (SELECT 1 FROM removed_contents r WHERE r.content_hash = ?2)
                    OR EXISTS (SELECT 1 FROM photos o WHERE o.pin_id = p.pin_id AND o.content_hash = ?2 AND o.id <> p.id))
                """, [photoId, stored.contentHash])
            if duplicate != nil {
                try db.run("DELETE FROM photos WHERE id = ?", [photoId])
                return false
            }
            try db.run("""
                UPDATE photos SET state = 'downloaded', failure = NULL, claimed_by = NULL, file = ?, thumbnail = ?,
                    content_hash = ?, bytes = ?, width = ?, height = ?, updated_at = ?,
                    taken_at = coalesce(?, taken_at), camera_make = coalesce(?, camera_make),
                    camera_model = coalesce(?, camera_model), orientation = coalesce(?, orientation),
                    altitude = coalesce(?, altitude)
                WHERE id = ? AND state = 'downloading'
                """,
                [stored.file, stored.thumbnail, stored.contentHash, stored.bytes, stored.width, stored.height,
                 Timestamp.now(), stored.takenAt, stored.camera?.make, stored.camera?.model, stored.camera?.orientation,
                 stored.camera?.altitude, photoId])
            return true
        }
    }

    /// `downloading` → `placeholder`, unclaimed: the download stopped for a reason that is not the
    /// photo's (a full disk, a stopped batch); it is downloaded by the next run.
    public func releaseClaim(photoId: Int64) throws(AlbumError) {
        try write { db throws(AlbumError) in
            try db.run(
                "UPDATE photos SET state = 'placeholder', claimed_by = NULL, updated_at = ? WHERE id = ? AND state = 'downloading'",
                [Timestamp.now(), photoId])
        }
    }

    /// `downloading` → `failed` with the reason.
    public func markFailed(photoId: Int64, reason: String) throws(AlbumError) {
        try write { db throws(AlbumError) in
            try db.run(
                "UPDATE photos SET state = 'failed', failure = ?, claimed_by = NULL, updated_at = ? WHERE id = ? AND state = 'downloading'",
                [reason, Timestamp.now(), photoId])
        }
    }

    /// Removes a photo from its album for good: a new collection never brings it back.
    /// - Returns: the removed photo (its content hash tells the caller which files may be unused).
    public func removePhoto(id: Int64) throws(AlbumError) -> Photo {
        try write { db throws(AlbumError) in
            guard let photo = try db.queryOne("SELECT \(Self.photoColumns) FROM photos WHERE id = ?", [id])
                .map(Self.decodePhoto)
            else { throw .notFound("no photo with id \(id) in \(name)") }
            try db.run("DELETE FROM photos WHERE id = ?", [id])
            if !photo.isUnplaced {
                try db.run("""
                    INSERT INTO shown_photos (pin_id, source, source_id, removed, shown_at) VALUES (?, ?, ?, 1, ?)
                    ON CONFLICT (pin_id, source, source_id) DO UPDATE SET removed = 1
                    """, [photo.pinId, photo.source, photo.sourceId, Timestamp.now()])
            }
            // Remembered by content too, so an import of the same bytes never brings it back.
            if let hash = photo.contentHash {
                try db.run(
                    "INSERT INTO removed_contents (content_hash, photo_id, pin_id, removed_at) VALUES (?, ?, ?, ?)",
                    [hash, photo.id, photo.isUnplaced ? nil : photo.pinId, Timestamp.now()])
            }
            return photo
        }
    }

    /// Content hashes among `hashes` that no photo uses any more.
    public func unreferencedHashes(_ hashes: Set<String>) throws(AlbumError) -> Set<String> {
        try read { db throws(AlbumError) in
            var unused = Set<String>()
            for hash in hashes where try db.queryOne("SELECT 1 FROM photos WHERE content_hash = ? LIMIT 1", [hash]) == nil {
                unused.insert(hash)
            }
            return unused
        }
    }

    /// Photo counts per state, for one pin or the whole library.
    public func stateCounts(pinId: Int64? = nil) throws(AlbumError) -> StateCounts {
        try read { db throws(AlbumError) in
            let rows = try db.query(
                "SELECT state, count(*), sum(source = 'import') FROM photos WHERE ?1 IS NULL OR pin_id = ?1 GROUP BY state", [pinId])
            var counts = StateCounts()
            for row in rows {
                let n = row.int(1) ?? 0
                switch row.string(0) {
                case "placeholder": counts.placeholder = n
                case "downloading": counts.downloading = n
                case "downloaded": (counts.downloaded, counts.imported) = (n, row.int(2) ?? 0)
                case "failed": counts.failed = n
                default: break
                }
            }
            return counts
        }
    }

    /// Ids of pins that still have photos to download, oldest first.
    public func pinsWithWorkLeft() throws(AlbumError) -> [Int64] {
        try read { db throws(AlbumError) in
            try db.query("SELECT DISTINCT pin_id FROM photos WHERE state IN ('placeholder', 'downloading') ORDER BY pin_id")
                .compactMap { $0.int64(0) }
        }
    }

    static func decodePhoto(_ row: Row) throws(AlbumError) -> Photo {
        var coordinate: Coordinate?
        if let lat = row.double(16), let lon = row.double(17) { coordinate = try? Coordinate(latitude: lat, longitude: lon) }
        var photo = Photo(
            id: row.int64(0) ?? 0, pinId: row.int64(1) ?? 0, source: row.string(2) ?? "", sourceId: row.string(3) ?? "",
            title: row.string(4), url: row.string(5),
            state: try PhotoState(name: row.string(6) ?? "", failure: row.string(7)),
            attempts: row.int(8) ?? 0, file: row.string(9), thumbnail: row.string(10), contentHash: row.string(11),
            bytes: row.int64(12), width: row.int(13), height: row.int(14), takenAt: row.string(15),
            coordinate: coordinate,
            camera: Camera(make: row.string(18), model: row.string(19), orientation: row.int(20), altitude: row.double(21))
                .nonEmpty)
        photo.local = decodePhotoPlace(row, at: 22)
        return photo
    }
}

extension AlbumDatabase {
    /// The content hashes a pin's photos use.
    public func contentHashes(pinId: Int64) throws(AlbumError) -> Set<String> {
        try read { db throws(AlbumError) in
            Set(try db.query("SELECT content_hash FROM photos WHERE pin_id = ? AND content_hash IS NOT NULL", [pinId])
                .compactMap { $0.string(0) })
        }
    }
}

extension AlbumDatabase {
    /// Every `downloaded` photo of the library, by id (for `album verify`).
    public func downloadedPhotos() throws(AlbumError) -> [Photo] {
        try read { db throws(AlbumError) in
            try db.query("SELECT \(Self.photoColumns) FROM photos WHERE state = 'downloaded' ORDER BY id")
                .map(Self.decodePhoto)
        }
    }

    /// Every content hash a photo row names.
    public func allContentHashes() throws(AlbumError) -> Set<String> {
        try read { db throws(AlbumError) in
            Set(try db.query("SELECT DISTINCT content_hash FROM photos WHERE content_hash IS NOT NULL").compactMap { $0.string(0) })
        }
    }

    /// A `downloaded` photo whose original is gone goes back to `placeholder`, to be fetched again.
    public func requeueLostDownload(photoId: Int64) throws(AlbumError) {
        try write { db throws(AlbumError) in
            try db.run("""
                UPDATE photos SET state = 'placeholder', file = NULL, thumbnail = NULL, content_hash = NULL,
                    bytes = NULL, updated_at = ?
                WHERE id = ? AND state = 'downloaded' AND source <> 'import'
                """, [Timestamp.now(), photoId])
        }
    }
}
