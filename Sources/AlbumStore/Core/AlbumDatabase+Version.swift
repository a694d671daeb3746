import AlbumModel
import AlbumSeam
import Foundation

/// `VersionedStore` on SQLite (decision 0075-store: one body).
extension SQLiteLibraryStore {
    /// The library's version now (see `LibraryVersion`): the writer connection's
    /// `PRAGMA data_version` (it changes when another process commits) and `total_changes()`
    /// (this process's writes), as before the readers (decision 0033-readers). It never waits:
    /// while this process writes, the version is "in flux", a value equal to no other, so an
    /// answer made meanwhile is never served as current. Read on the caller's thread (two
    /// pragmas, no table, a lock only tried): the answer cache's hits must not queue behind a
    /// fetch's writes on the writer's thread.
    public func version() async throws(AlbumError) -> LibraryVersion {
        let idle = try database.withIdleWriter { db throws(AlbumError) in
            let others = try db.queryOne("PRAGMA data_version")?.int64(0) ?? 0
            let own = try db.queryOne("SELECT total_changes()")?.int64(0) ?? 0
            return LibraryVersion(others: others, own: own)
        }
        return idle ?? LibraryVersion(others: -1, own: -1, snapshot: "writing \(UUID().uuidString)")
    }
}
