import AlbumModel
import Foundation
import Testing
import TestSupport

@testable import AlbumStore

/// SQLite's errors keep SQLite's code and the database they are about; a lock is recognised by
/// its code (`SQLITE_BUSY`), not by its text. Real locks, held by a second connection.
@Suite struct LockedDatabaseTests {
    let folder = TemporaryFolder("locked")
    var path: String { folder.child("album.sqlite").path }

    @Test func aWriteThatMeetsAnotherWritersLockSaysSoByCode() async throws {
        let holder = try AlbumDatabase(path: path)
        let waiter = try AlbumDatabase(path: path, name: nil, busyTimeout: 50)
        let place = try Coordinate(latitude: 1, longitude: 2)
        let error: AlbumError? = try holder.write { (_: SQL) throws(AlbumError) in
            #expect(throws: AlbumError.self) { try waiter.write { (sql: SQL) throws(AlbumError) in try AlbumDatabase.insertPin(sql, place, "waits", nil) } }
        }
        let met = try #require(error)
        guard case .database = met else { Issue.record("not a database error: \(met)"); return }
        #expect(met.cause?.sqlitePrimaryCode == 5, "SQLITE_BUSY: \(String(describing: met.cause))")
        #expect(met.subject == .database(path))
        #expect(met.isLocked)
        #expect(met.description.hasPrefix("database is locked (in \(path), running: BEGIN IMMEDIATE"), "\(met)")
        // Once the lock is gone the same connection writes.
        #expect(try await waiter.store.addPin(at: place, title: "writes", note: nil).title == "writes")
    }

    @Test func openingALibraryAnotherConnectionKeepsLockedWaitsThenNamesTheLock() throws {
        // A file in rollback-journal mode with an exclusive lock held: the switch to WAL cannot
        // even read the journal mode. The retry loop recognises the lock by code and gives up
        // after the busy timeout with its own message.
        let other = try SQLiteConnection(path: path, readOnly: false)
        try other.execute("CREATE TABLE t (x); BEGIN EXCLUSIVE; INSERT INTO t VALUES (1)")
        let error = #expect(throws: AlbumError.self) { _ = try AlbumDatabase(path: path, name: nil, busyTimeout: 100) }
        #expect(error?.description == "cannot switch \(path) to WAL mode: another process keeps it locked", "\(String(describing: error))")
        #expect(error?.cause?.sqlitePrimaryCode == 5)
        try other.execute("COMMIT")
        #expect(try AlbumDatabase(path: path, name: nil, busyTimeout: 100).appliedMigrations().isEmpty == false)
    }

    @Test func anSQLErrorCarriesItsCodeAndTheDatabase() throws {
        let db = try AlbumDatabase(path: path)
        let error = #expect(throws: AlbumError.self) { try db.read { (sql: SQL) throws(AlbumError) in try sql.run("INSERT INTO nowhere VALUES (1)") } }
        #expect(error?.cause == .sqlite(1), "SQLITE_ERROR: \(String(describing: error?.cause))")
        #expect(error?.subject == .database(path))
        #expect(error?.description.hasPrefix("no such table: nowhere (in \(path), preparing: INSERT INTO nowhere") == true, "\(String(describing: error))")
    }

    @Test func unknownIdsAreTheSubject() async throws {
        let db = try AlbumDatabase.inMemory()
        let pin = await #expect(throws: AlbumError.self) { try await db.store.removePin(id: 42) }
        #expect(pin?.subject == .pin(42))
        #expect(pin?.description == "no pin with id 42")
        let photo = await #expect(throws: AlbumError.self) { _ = try await db.store.removePhoto(id: 7) }
        #expect(photo?.subject == .photo(7))
        #expect(photo?.description == "no photo with id 7")
    }
}
