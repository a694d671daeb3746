import AlbumModel
import AlbumSeam
import Foundation

extension AlbumDatabase {
    /// This database as the store seam: every call runs on the database's own thread.
    public var store: SQLiteLibraryStore { SQLiteLibraryStore(self) }
}

/// `LibraryStore` on SQLite (decision 0075-store). Each method is the one body of its query: its
/// SQL runs inside `read { db in … }` (a reader connection, on a reader's thread, one read
/// transaction) or `write { db in … }` (the writer connection, on the writer's thread, one
/// `BEGIN IMMEDIATE` transaction), so nothing blocks Swift's cooperative threads. The bodies live
/// beside their topic's SQL (`Records/`, `Memory/`, `Entries/`); what several bodies share is a
/// connection-level helper taking the `SQL` of the transaction (`AlbumDatabase.fetchPin(db, id:)`).
/// Claims are held by process token (`claimed_by`) for as long as the process lives;
/// `ClaimOwner.lease` is not used.
public struct SQLiteLibraryStore: LibraryStore {
    public let database: AlbumDatabase

    public init(_ database: AlbumDatabase) { self.database = database }

    public var name: String { database.name }

    /// Where the database lives (errors name it).
    var path: String { database.path }

    /// Runs `body` with a reader connection on a reader's thread, in one read transaction (one
    /// snapshot; a write is refused). In single-connection mode, the one connection, writes refused.
    func read<T: Sendable>(_ body: @escaping @Sendable (SQL) throws(AlbumError) -> T) async throws(AlbumError) -> T {
        try await database.onReader(body)
    }

    /// Runs `body` with the writer connection on the writer's thread, in one write transaction:
    /// it commits if `body` returns, rolls back if it throws.
    @discardableResult
    func write<T: Sendable>(_ body: @escaping @Sendable (SQL) throws(AlbumError) -> T) async throws(AlbumError) -> T {
        try await database.onWriter(body)
    }
}
