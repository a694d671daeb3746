import AlbumModel
import AlbumSeam
import Foundation

extension AlbumDatabase {
    /// The library's version now (see `LibraryVersion`): the writer connection's
    /// `PRAGMA data_version` (it changes when another process commits) and `total_changes()`
    /// (this process's writes), as before the readers (decision 0033-readers). It never waits:
    /// while this process writes, the version is "in flux", a value equal to no other, so an
    /// answer made meanwhile is never served as current.
    public func version() throws(AlbumError) -> LibraryVersion {
        let idle = try withIdleWriter { db throws(AlbumError) in
            let others = try db.queryOne("PRAGMA data_version")?.int64(0) ?? 0
            let own = try db.queryOne("SELECT total_changes()")?.int64(0) ?? 0
            return LibraryVersion(others: others, own: own)
        }
        return idle ?? LibraryVersion(others: -1, own: -1, snapshot: "writing \(UUID().uuidString)")
    }
}
