import AlbumModel
import AlbumSeam
import Foundation
import Testing

@testable import AlbumStore

/// The entries' order (`EntryFilterSQL.order`: local day, local time, id, newest first) is read
/// from an index on SQLite, never sorted in a temporary B-tree: what keeps a page of the mixed
/// timeline at 1 M entries as cheap as one of photos (issue 26).
@Suite struct EntryOrderPlanTests {
    @Test(arguments: [
        (EntryFilter(), "entries_by_day"),
        (EntryFilter(kind: .note), "entries_by_kind"),
        (EntryFilter(from: LocalDate("2026-07-03"), to: LocalDate("2026-07-20")), "entries_by_day"),
        (EntryFilter().withKinds([.note, .song]), "entries_by_day"),
    ])
    func theEntryOrderIsReadFromItsIndex(_ filter: EntryFilter, _ index: String) async throws {
        let db = try AlbumDatabase.inMemory()
        for i in 0..<200 {
            let day = i % 28 + 1
            let time = try #require(PhotoTime(parsing: "2026-07-\(day < 10 ? "0" : "")\(day)T\(10 + i % 12):00:00"))
            let content: EntryContent = i % 3 == 0 ? .song(Song(title: "t\(i)", artist: "a")) : .note("note \(i)")
            _ = try await db.store.addEntry(NewEntry(content: content, at: time))
        }
        try db.write { sql throws(AlbumError) in try sql.run("ANALYZE") }
        let (conditions, arguments) = AlbumDatabase.entryConditions(filter)
        let query = "\(AlbumDatabase.entrySelect) WHERE \(conditions) ORDER BY \(EntryFilterSQL.order) LIMIT ? OFFSET ?"
        let plan = try db.read { sql throws(AlbumError) in
            try sql.query("EXPLAIN QUERY PLAN " + query, arguments + [100, 0]).map { $0.string("detail") ?? "" }
        }
        #expect(plan.contains { $0.contains("USING INDEX \(index)") || $0.contains("USING COVERING INDEX \(index)") }, "\(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "the order is the index's: \(plan)")
        // And the index's order is the one asked for.
        let listed = try await db.store.entries(filter, offset: 0, limit: 1000).entries
        let keys = listed.map { "\($0.at.localText)|\(String(format: "%08d", $0.id))" }
        #expect(keys == keys.sorted(by: >))
    }
}
