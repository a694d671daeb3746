#if PostgreSQL
import AlbumModel
import AlbumSeam

/// `tag --day` over entries on PostgreSQL (issue 26), as SQLite's `EntryRecords+DayTags`.
extension PostgresStore {
    public func changeTags(_ tags: [TagName], ofEntriesOn day: LocalDate, adding: Bool) async throws(AlbumError) -> TagChange {
        try await write { db throws(AlbumError) in
            let ids = try await db.query("SELECT id FROM entries WHERE local_date = $1 ORDER BY id", [day.description]).compactMap { $0.int64(0) }
            let sql = adding
                ? "INSERT INTO entry_tags (entry_id, tag) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1"
                : "DELETE FROM entry_tags WHERE entry_id = $1 AND tag = $2 RETURNING 1"
            var changed = 0
            for id in ids {
                var mine = 0
                for tag in Set(tags) { mine += try await db.run(sql, [id, tag.value]) }
                if mine > 0 {
                    let entry = try await Self.entry(db, id: id)
                    try await Self.index(db, entry: id, text: EntryColumns(entry.content).searchText)
                }
                changed += mine
            }
            return TagChange(targets: ids.count, changed: changed)
        }
    }
}
#endif
