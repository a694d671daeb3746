import AlbumModel
import AlbumSeam

/// Tags (`MemoryStore` on SQLite): each method is the one body of its query (decision 0075-store).
extension SQLiteLibraryStore {
    /// Adds tags to a target, in one transaction. - Throws: `AlbumError.notFound` for an unknown
    /// photo or pin.
    @discardableResult
    public func addTags(_ tags: [TagName], to target: TagTarget) async throws(AlbumError) -> TagChange {
        try await changeTags(tags, of: target,
                       pin: "INSERT OR IGNORE INTO pin_tags (pin_id, tag) VALUES (?, ?)",
                       photo: "INSERT OR IGNORE INTO photo_tags (photo_id, tag) VALUES (?, ?)")
    }

    /// Removes tags from a target, in one transaction. A pin's tag is removed from the pin only.
    @discardableResult
    public func removeTags(_ tags: [TagName], from target: TagTarget) async throws(AlbumError) -> TagChange {
        try await changeTags(tags, of: target,
                       pin: "DELETE FROM pin_tags WHERE pin_id = ? AND tag = ?",
                       photo: "DELETE FROM photo_tags WHERE photo_id = ? AND tag = ?")
    }

    /// Runs `pin` (for a pin) or `photo` (for each photo a target names) with (id, tag) for every tag.
    private func changeTags(_ tags: [TagName], of target: TagTarget, pin: String, photo: String) async throws(AlbumError) -> TagChange {
        try await write { db throws(AlbumError) in
            let photos = try AlbumDatabase.photoIds(db, target, path: path)
            var changed = 0
            for tag in tags {
                switch target {
                case .pin(let id):
                    changed += try db.run(pin, [id, tag.value])
                case .photo, .day:
                    for id in photos { changed += try db.run(photo, [id, tag.value]) }
                }
            }
            return TagChange(targets: target.isPin ? 1 : photos.count, changed: changed)
        }
    }

    /// Every tag with the photos and pins carrying it, most used first (then by name).
    public func tagUsage() async throws(AlbumError) -> [TagUsage] {
        try await read { db throws(AlbumError) in
            let names = try db.query("SELECT tag FROM photo_tags UNION SELECT tag FROM pin_tags UNION SELECT tag FROM entry_tags")
                .compactMap { $0.string("tag") }
            var usage: [TagUsage] = []
            for name in names {
                let photos = try db.queryOne("""
                    SELECT count(*) AS photos FROM (
                        SELECT photo_id FROM photo_tags WHERE tag = ?1
                        UNION SELECT p.id FROM pin_tags t JOIN photos p ON p.pin_id = t.pin_id WHERE t.tag = ?1)
                    """, [name])?.int("photos") ?? 0
                let pins = try db.queryOne("SELECT count(*) AS pins FROM pin_tags WHERE tag = ?", [name])?.int("pins") ?? 0
                let entries = try db.queryOne("SELECT count(*) AS n FROM entry_tags WHERE tag = ?", [name])?.int("n") ?? 0
                usage.append(TagUsage(tag: TagName(stored: name), photos: photos, pins: pins, entries: entries))
            }
            return usage.sorted(by: TagUsage.mostUsedFirst)
        }
    }
}

extension AlbumDatabase {

    /// The photos a target names (none for a pin: its tag stays on the pin).
    fileprivate static func photoIds(_ db: SQL, _ target: TagTarget, path: String) throws(AlbumError) -> [Int64] {
        switch target {
        case .photo(let id):
            guard try db.queryOne("SELECT 1 FROM photos WHERE id = ?", [id]) != nil else {
                throw .noPhoto(id, in: path)
            }
            return [id]
        case .pin(let id):
            guard try db.queryOne("SELECT 1 FROM pins WHERE id = ?", [id]) != nil else {
                throw .noPin(id, in: path)
            }
            return []
        case .day(let day):
            let ids = try db.query("SELECT id FROM photos WHERE local_date = ? ORDER BY id", [day.description])
                .compactMap { $0.int64("id") }
            guard !ids.isEmpty else { throw .notFound("no photo was taken on \(day) (local date)") }
            return ids
        }
    }
}
