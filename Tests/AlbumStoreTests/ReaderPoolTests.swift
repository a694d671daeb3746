import AlbumModel
import Foundation
import Testing
import TestSupport

@testable import AlbumStore

/// The readers of a SQLite library (decision 0033-readers): a read never waits for a write in
/// progress nor for another read, sees one snapshot, and cannot write. Each test holds a real
/// transaction open on a thread of its own and shows the other access completes while it is
/// held (a flag the holder clears when it lets go), with no timing.
@Suite struct ReaderPoolTests {
    let folder = TemporaryFolder("readers")
    var path: String { folder.child("album.sqlite").path }
    let paris: Coordinate
    init() throws { paris = try Coordinate(latitude: 48.85, longitude: 2.35) }

    /// Runs `hold` on a thread of its own with `body` inside it; returns once `body` has started.
    /// `body` keeps going until `release` is signalled (or ten minutes pass, so that a read that
    /// wrongly waits for it ends the test with a failure instead of a hang; never on a machine
    /// however loaded, where the reads take seconds at most).
    final class Holder: @unchecked Sendable {
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var holding = false
        var isHolding: Bool { lock.withLock { holding } }
        var error: AlbumError?
        /// What the holder saw (read after `letGo`).
        var seen: [Int] = []

        init(_ hold: @escaping @Sendable (Holder) throws(AlbumError) -> Void) {
            Thread {
                do throws(AlbumError) { try hold(self) } catch { self.error = error }
                self.finished.signal()
            }.start()
            started.wait()
        }

        /// Called inside the held transaction.
        func inside() {
            lock.withLock { holding = true }
            started.signal()
            _ = release.wait(timeout: .now() + 600)
            lock.withLock { holding = false }
        }

        func letGo() {
            release.signal()
            finished.wait()
        }
    }

    @Test func aLongWriteDoesNotDelayAReadOnAnotherConnection() async throws {
        let db = try AlbumDatabase(path: path)
        _ = try await db.store.addPin(at: paris, title: "before", note: nil)
        let paris = paris
        let writer = Holder { holder throws(AlbumError) in
            try db.write { (sql: SQL) throws(AlbumError) in
                _ = try AlbumDatabase.insertPin(sql, paris, "uncommitted", nil)
                holder.inside()
            }
        }
        // The write transaction is open and holds the write lock: reads go on, on the snapshot
        // before it, synchronously and through the seam.
        let titles = try db.read { (sql: SQL) throws(AlbumError) in try sql.query("SELECT title FROM pins ORDER BY id").map { $0.string(0) } }
        let seam = try await db.store.pins().map(\.title)
        let asyncRead = try await db.store.read { sql throws(AlbumError) in try sql.query("SELECT id FROM pins").count }
        // The version does not wait either: while this process writes it equals no other.
        let during = try await db.store.version()
        #expect(during != (try await db.store.version()))
        #expect(writer.isHolding, "every read completed while the write was still open")
        #expect(titles == ["before"] && seam == ["before"] && asyncRead == 1)
        writer.letGo()
        #expect(writer.error == nil)
        #expect(try await db.store.pins().map(\.title) == ["before", "uncommitted"], "committed, then seen")
    }

    @Test func aLongReadDoesNotDelayAnotherReadNorAWrite() async throws {
        let db = try AlbumDatabase(path: path, readers: 2)
        _ = try await db.store.addPin(at: paris, title: "one", note: nil)
        let reader = Holder { holder throws(AlbumError) in
            try db.read { (sql: SQL) throws(AlbumError) in
                holder.seen.append(try sql.query("SELECT id FROM pins").count)
                holder.inside()
                holder.seen.append(try sql.query("SELECT id FROM pins").count)
            }
        }
        #expect(try await db.store.read { sql throws(AlbumError) in try sql.query("SELECT id FROM pins").count } == 1)
        _ = try await db.store.addPin(at: paris, title: "two", note: nil)
        #expect(try await db.store.pins().count == 2)
        #expect(reader.isHolding, "the other read and the write completed while the read was open")
        reader.letGo()
        #expect(reader.error == nil)
        #expect(reader.seen == [1, 1], "one snapshot for the whole read, though a write committed meanwhile")
    }

    @Test func aReadIsReadOnlyByConstruction() async throws {
        for db in [try AlbumDatabase(path: path), try AlbumDatabase.inMemory()] {
            let place = paris
            let error = await #expect(throws: AlbumError.self) {
                try await db.store.read { _ throws(AlbumError) in try db.write { (sql: SQL) throws(AlbumError) in try AlbumDatabase.insertPin(sql, place, "no", nil) } }
            }
            #expect(error?.description == "cannot write to \(db.name) inside a read: writes go through `write`", "\(String(describing: error))")
            // SQL that writes, on the read's own connection, is refused by SQLite itself.
            let raw = #expect(throws: AlbumError.self) {
                try db.read { (sql: SQL) throws(AlbumError) in try sql.run("INSERT INTO region (id) VALUES (1)") }
            }
            #expect(raw?.cause?.sqlitePrimaryCode == 8, "SQLITE_READONLY: \(String(describing: raw))")
            #expect(try await db.store.pins().isEmpty, "nothing was written")
            // Writes go through `write`.
            _ = try await db.store.addPin(at: place, title: "yes", note: nil)
            #expect(try await db.store.pins().map(\.title) == ["yes"])
        }
    }

    @Test func theVersionChangesWithEveryCommitAndNotWithoutOne() async throws {
        let db = try AlbumDatabase(path: path)
        let first = try await db.store.version()
        #expect(try await db.store.version() == first)
        _ = try await db.store.addPin(at: paris, title: nil, note: nil)
        let second = try await db.store.version()
        #expect(second != first)
        #expect(second.others == first.others && second.own > first.own, "this process's write counts as its own")
        let other = try AlbumDatabase(path: path)
        _ = try await other.store.addPin(at: paris, title: nil, note: nil)
        #expect(try await db.store.version() != second, "another connection's commit changes it too")
    }

    @Test func thePoolSizeComesFromTheCoresOrTheEnvironment() throws {
        #expect(try ReaderPool.defaultCount(environment: [:], cores: 1) == 2)
        #expect(try ReaderPool.defaultCount(environment: [:], cores: 4) == 4)
        #expect(try ReaderPool.defaultCount(environment: [:], cores: 64) == 8)
        #expect(try ReaderPool.defaultCount(environment: ["ALBUM_SQLITE_READERS": "1"], cores: 4) == 1)
        let bad = #expect(throws: AlbumError.self) { try ReaderPool.defaultCount(environment: ["ALBUM_SQLITE_READERS": "lots"]) }
        #expect(bad?.description == "ALBUM_SQLITE_READERS must be a whole number from 1 to 64, not 'lots'")
    }
}
