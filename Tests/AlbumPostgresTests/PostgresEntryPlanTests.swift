#if PostgreSQL
import AlbumModel
import AlbumSeam
import Foundation
import TestSupport
import Testing

@testable import AlbumPostgres

/// The entries' order (`EntryFilterSQL.order`) can be read from `entries_by_day` on PostgreSQL:
/// with sorting priced out (`enable_sort = off`, in this transaction only) the plan of a page is
/// an index scan backward, not a sort. On a small table the planner would rightly sort; at 1 M
/// rows the index is the cheaper plan (docs/performance.md).
@Suite(.postgresServer, .serialized)
struct PostgresEntryPlanTests {
    @Test func theEntryOrderCanBeReadFromItsIndex() async throws {
        let store = try await PostgresStore.open(PostgresLocation(url: try Postgres.database() + "?files=/tmp"), leaseSeconds: 120)
        for i in 0..<50 {
            let day = i % 28 + 1
            let time = try #require(PhotoTime(parsing: "2026-07-\(day < 10 ? "0" : "")\(day)T\(10 + i % 12):00:00"))
            _ = try await store.addEntry(NewEntry(content: .note("note \(i)"), at: time))
        }
        for (filter, index) in [(EntryFilter(), "entries_by_day"), (EntryFilter(kind: .note), "entries_by_kind")] {
            let (conditions, arguments) = PostgresStore.entryConditions(filter)
            let query = Session.numbered("\(PostgresStore.entrySelect) WHERE \(conditions) ORDER BY \(EntryFilterSQL.order) LIMIT ? OFFSET ?")
            let plan = try await store.write { db throws(AlbumError) in
                try await db.run("SET LOCAL enable_sort = off")
                try await db.run("SET LOCAL enable_seqscan = off")
                return try await db.query("EXPLAIN " + query, arguments + [100, 0]).compactMap { $0.string(0) }
            }
            #expect(plan.contains { $0.contains("Index Scan Backward using \(index)") }, "\(plan)")
            #expect(!plan.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("Sort") || $0.contains("->  Sort") }, "\(plan)")
        }
        let listed = try await store.entries(EntryFilter(), offset: 0, limit: 100).entries
        let keys = listed.map { "\($0.at.localText)|\(String(format: "%08d", $0.id))" }
        #expect(keys == keys.sorted(by: >) && keys.count == 50)
        await store.close()
    }
}
#endif
