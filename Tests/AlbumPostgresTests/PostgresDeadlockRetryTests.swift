#if PostgreSQL
import AlbumModel
import AlbumSeam
import Foundation
import TestSupport
import Testing

@testable import AlbumPostgres

/// Two writers adding entries to the same two days in opposite orders lock those days' `day_cells`
/// rows in opposite orders: the server breaks the deadlock by ending one transaction (40P01), and
/// `PostgresStore.write` runs that one again (decision 0119), so both writes are kept, once each,
/// and the roll-up still equals the entries. Without the retry one write fails "deadlock detected".
@Suite(.postgresServer, .serialized)
struct PostgresDeadlockRetryTests {
    /// Where each writer is: both wait after their first insert until the other has made its own,
    /// so their second inserts cross (on the first attempt only).
    actor Gate {
        private var arrived: Set<String> = []
        private(set) var attempts = 0
        func arrive(_ name: String) { arrived.insert(name); attempts += 1 }
        func firstAttempt(_ name: String) -> Bool { !arrived.contains(name) }
        func wait(for other: String) async {
            for _ in 0..<1_000 where !arrived.contains(other) { try? await Task.sleep(for: .milliseconds(10)) }
        }
    }

    @Test func writersCrossingTwoDaysAreBothKeptOnce() async throws {
        let store = try await PostgresStore.open(PostgresLocation(url: try Postgres.database() + "?files=/tmp"), leaseSeconds: 120)
        let insert = "INSERT INTO entries (kind, taken_at, latitude, longitude, body, created_at, updated_at) VALUES ('note', $1, 45.764, 4.8357, $2, 'x', 'x')"
        // The two days' cells exist before the writers start: each writer then updates rows.
        try await store.write { db throws(AlbumError) in
            try await db.run(insert, ["2024-05-12T10:00:00", "seed 12"])
            try await db.run(insert, ["2024-05-13T10:00:00", "seed 13"])
        }
        let gate = Gate()
        async let a: Void = Self.write(store, gate, insert, as: "a", first: "2024-05-12", second: "2024-05-13", other: "b")
        async let b: Void = Self.write(store, gate, insert, as: "b", first: "2024-05-13", second: "2024-05-12", other: "a")
        try await a
        try await b
        #expect(await gate.attempts == 3, "one of the two writers was run again")
        let counts = try await store.read { db throws(AlbumError) in
            try await db.query("SELECT body, count(*) FROM entries GROUP BY body ORDER BY body").map { "\($0.string(0) ?? "")=\($0.int(1) ?? 0)" }
        }
        #expect(counts == ["a first=1", "a second=1", "b first=1", "b second=1", "seed 12=1", "seed 13=1"])
        let cells = try await store.read { db throws(AlbumError) in
            try await db.query("SELECT local_date, entries FROM day_cells ORDER BY local_date").map { "\($0.string(0) ?? "") \($0.int(1) ?? 0)" }
        }
        #expect(cells == ["2024-05-12 3", "2024-05-13 3"])
        await store.close()
    }

    /// One writer: a note on its first day, then (held at the gate on its first attempt until the
    /// other writer has its first day) a note on its second day, in one transaction.
    static func write(
        _ store: PostgresStore, _ gate: Gate, _ insert: String, as name: String, first: String, second: String, other: String
    ) async throws(AlbumError) {
        try await store.write { db throws(AlbumError) in
            let crossing = await gate.firstAttempt(name)
            try await db.run(insert, ["\(first)T11:00:00", "\(name) first"])
            await gate.arrive(name)
            if crossing { await gate.wait(for: other) }
            try await db.run(insert, ["\(second)T12:00:00", "\(name) second"])
        }
    }
}
#endif
