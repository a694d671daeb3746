import AlbumModel

/// A user's photo as `album import` stores it: read, checked and thumbnailed already. Its file
/// facts are written through the same `StoredFile` columns as a download's (`stored`).
public struct ImportedPhotoRecord: Sendable, Hashable {
    /// SHA-256 of the file's bytes. It is also the photo's `source_id`, so the same bytes under
    /// two names, or imported twice, are one photo.
    public var contentHash: String
    /// The original's absolute path (stored as the photo's `url`).
    public var originalPath: String
    /// The original's absolute path, or `originals/ab/<hash>.jpg` when copied into the library.
    public var file: String
    /// `thumbs/ab/<hash>.jpg`.
    public var thumbnail: String
    public var title: String?
    /// ISO 8601 local camera time, with its offset when the file records one.
    public var takenAt: String?
    public var coordinate: Coordinate?
    public var bytes: Int64
    public var width: Int?
    public var height: Int?
    public var make: String?
    public var model: String?
    public var orientation: Int?
    public var altitude: Double?
    /// For an unplaced photo: the index, in the same commit, of the group whose pin is its
    /// suggested place (stored so that `album photo place --accept-suggestion` can use it).
    public var suggestedGroup: Int?
    /// Tags stored with the photo (its XMP keywords).
    public var tags: [TagName]
    /// `gpx` when a track placed it (nil: its own GPS, `exif`).
    public var positionSource: PositionSource? = nil
    /// The GPS receiver's UTC time, which checks the camera clock.
    public var gpsTime: String? = nil
    /// `--time-offset`: the camera clock's offset the user gave, for a photo whose camera wrote none.
    public var clockOffset: String? = nil

    public init(
        contentHash: String, originalPath: String, file: String, thumbnail: String, title: String?,
        takenAt: String?, coordinate: Coordinate?, bytes: Int64, width: Int?, height: Int?,
        make: String?, model: String?, orientation: Int?, altitude: Double?, tags: [TagName] = []
    ) {
        self.tags = tags
        self.contentHash = contentHash
        self.originalPath = originalPath
        self.file = file
        self.thumbnail = thumbnail
        self.title = title
        self.takenAt = takenAt
        self.coordinate = coordinate
        self.bytes = bytes
        self.width = width
        self.height = height
        self.make = make
        self.model = model
        self.orientation = orientation
        self.altitude = altitude
    }
}

extension ImportedPhotoRecord {
    /// The file, thumbnail and facts it stores, as a download stores them.
    public var stored: StoredFile {
        StoredFile(
            file: file, thumbnail: thumbnail, contentHash: contentHash, bytes: bytes, width: width, height: height,
            takenAt: takenAt,
            camera: Camera(make: make, model: model, orientation: orientation, altitude: altitude).nonEmpty)
    }
}

/// Where one group of imported photos goes: an existing pin's album, or a pin made for them.
public enum ImportDestination: Sendable, Hashable {
    case pin(id: Int64)
    case newPin(Coordinate, note: String?)
    /// No pin: the library's unplaced tray.
    case unplaced
}

/// Photos bound for one album.
public struct ImportGroup: Sendable, Hashable {
    public var destination: ImportDestination
    /// In album order.
    public var photos: [ImportedPhotoRecord]

    public init(destination: ImportDestination, photos: [ImportedPhotoRecord]) {
        self.destination = destination
        self.photos = photos
    }
}

/// What the commit did with one group.
public struct ImportGroupOutcome: Sendable, Hashable {
    /// The pin after the commit; nil when a new pin was not needed (all its photos were stored
    /// meanwhile by another process).
    public var pin: Pin?
    public var created: Bool
    /// Photos stored now (photos whose bytes were already stored are left out).
    public var inserted: Int

    public init(pin: Pin?, created: Bool, inserted: Int) {
        self.pin = pin
        self.created = created
        self.inserted = inserted
    }
}

/// What the library already knows about a file's bytes, whatever their origin (a fetch, an
/// import, a copy under another name): identity is content.
public enum KnownImport: Sendable, Hashable {
    /// Stored as this photo in this pin's album, from `originalPath` (a file's path for an
    /// import, the URL a fetched photo came from).
    case stored(photoId: Int64, pinId: Int64, originalPath: String?)
    /// The user removed a photo with these bytes (from this pin, nil when the pin is gone since):
    /// it is not stored again.
    case removed(photoId: Int64?, pinId: Int64?)
}

extension AlbumDatabase {
    /// Whether the library holds a photo with these bytes (the oldest one), or the user removed one.
    public func knownImport(contentHash: String) throws(AlbumError) -> KnownImport? {
        try read { db throws(AlbumError) in try Self.known(db, contentHash: contentHash) }
    }

    static func known(_ db: SQL, contentHash: String) throws(AlbumError) -> KnownImport? {
        if let row = try db.queryOne(
            "SELECT id, pin_id, coalesce(url, file) FROM photos WHERE content_hash = ? ORDER BY id LIMIT 1", [contentHash])
        {
            return .stored(photoId: row.int64(0) ?? 0, pinId: row.int64(1) ?? 0, originalPath: row.string(2))
        }
        return try db.queryOne(
            "SELECT photo_id, pin_id FROM removed_contents WHERE content_hash = ? ORDER BY rowid LIMIT 1", [contentHash]
        ).map { .removed(photoId: $0.int64(0), pinId: $0.int64(1)) }
    }

    /// Stores every group in one transaction: an interrupted import stores nothing, and a run
    /// after it makes exactly the pins and photos an uninterrupted one would have. A new pin is
    /// made only when one of its photos is stored; photos whose bytes are already stored or were
    /// removed (by another process meanwhile) are skipped.
    /// - Throws: `AlbumError.notFound` when a destination pin was removed since it was chosen.
    public func commitImport(_ groups: [ImportGroup]) throws(AlbumError) -> [ImportGroupOutcome] {
        try write { db throws(AlbumError) in
            var outcomes: [ImportGroupOutcome] = []
            for group in groups {
                outcomes.append(try Self.insertGroup(db, group))
            }
            for group in groups where group.destination == .unplaced {
                for photo in group.photos {
                    guard let index = photo.suggestedGroup, outcomes.indices.contains(index), let pin = outcomes[index].pin
                    else { continue }
                    try db.run(
                        "UPDATE photos SET suggested_pin_id = ? WHERE content_hash = ? AND source = ? AND pin_id IS NULL",
                        [pin.id, photo.contentHash, PhotoOrigin.imported.stored])
                }
            }
            return outcomes
        }
    }

    private static func insertGroup(_ db: SQL, _ group: ImportGroup) throws(AlbumError) -> ImportGroupOutcome {
        var pinId: Int64?
        if case .pin(let id) = group.destination {
            guard try fetchPin(db, id: id) != nil else {
                throw .notFound("pin \(id) was removed while the import ran; run the import again", subject: .pin(id))
            }
            pinId = id
        }
        var position = try pinId.map { id throws(AlbumError) in
            try db.queryOne("SELECT coalesce(max(position) + 1, 0) FROM photos WHERE pin_id = ?", [id])?.int(0) ?? 0
        } ?? 0
        var created = false
        var inserted = 0
        let now = Timestamp.now()
        for photo in group.photos {
            // Stored (or removed) meanwhile by another process: content decides, not origin.
            if try known(db, contentHash: photo.contentHash) != nil { continue }
            if pinId == nil, case .newPin(let coordinate, let note) = group.destination {
                pinId = try insertPin(db, coordinate, nil, note).id
                created = true
            }
            let photoId = try db.insert(into: "photos", PhotoRecord.imported(photo, pinId: pinId, position: position, now: now))
            for tag in photo.tags {
                try db.run("INSERT OR IGNORE INTO photo_tags (photo_id, tag) VALUES (?, ?)", [photoId, tag.value])
            }
            position += 1
            inserted += 1
        }
        let pin = try pinId.flatMap { id throws(AlbumError) in try fetchPin(db, id: id) }
        return ImportGroupOutcome(pin: pin, created: created, inserted: inserted)
    }
}
