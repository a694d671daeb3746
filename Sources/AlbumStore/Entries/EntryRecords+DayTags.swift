import AlbumModel
import AlbumSeam

/// `tag --day` over entries on SQLite (issue 26): one body (decision 0075-store).
extension SQLiteLibraryStore {
    public func changeTags(_ tags: [TagName], ofEntriesOn day: LocalDate, adding: Bool) async throws(AlbumError) -> TagChange {
        try await write { db throws(AlbumError) in
            let ids = try db.query("SELECT id FROM entries WHERE local_date = ? ORDER BY id", [day.description]).compactMap { $0.int64("id") }
            let sql = adding
                ? "INSERT OR IGNORE INTO entry_tags (entry_id, tag) VALUES (?, ?)"
                : "DELETE FROM entry_tags WHERE entry_id = ? AND tag = ?"
            var changed = 0
            for id in ids {
                var mine = 0
                for tag in Set(tags) { mine += try db.run(sql, [id, tag.value]) }
                if mine > 0 {
                    let entry = try AlbumDatabase.entry(db, id: id)
                    try AlbumDatabase.index(db, entry: id, text: EntryColumns(entry.content).searchText)
                }
                changed += mine
            }
            return TagChange(targets: ids.count, changed: changed)
        }
    }
}
