import AlbumModel
import AlbumSeam

/// Imports (`ImportStore` on SQLite): each method is the one body of its query (decision 0075-store).
extension SQLiteLibraryStore {
    /// Whether the library holds a photo with these bytes (the oldest one), or the user removed one.
    public func knownImport(contentHash: String) async throws(AlbumError) -> KnownImport? {
        try await read { db throws(AlbumError) in try AlbumDatabase.known(db, contentHash: contentHash) }
    }

    /// Stores every group in one transaction: an interrupted import stores nothing, and a run
    /// after it makes exactly the pins and photos an uninterrupted one would have. A new pin is
    /// made only when one of its photos is stored; photos whose bytes are already stored or were
    /// removed (by another process meanwhile) are skipped.
    /// - Throws: `AlbumError.notFound` when a destination pin was removed since it was chosen.
    public func commitImport(_ groups: [ImportGroup]) async throws(AlbumError) -> [ImportGroupOutcome] {
        try await write { db throws(AlbumError) in
            var outcomes: [ImportGroupOutcome] = []
            for group in groups {
                outcomes.append(try AlbumDatabase.insertGroup(db, group))
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
}

/// The connection-level import steps.
extension AlbumDatabase {
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

    fileprivate static func insertGroup(_ db: SQL, _ group: ImportGroup) throws(AlbumError) -> ImportGroupOutcome {
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
