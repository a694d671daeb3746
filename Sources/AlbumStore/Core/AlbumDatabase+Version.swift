import AlbumModel
import AlbumSeam

extension AlbumDatabase {
    /// The library's version now (see `LibraryVersion`): `PRAGMA data_version` of a connection
    /// that never writes changes whenever any other connection commits (this process's writer,
    /// another process), so two versions are equal only if nothing was committed in between.
    /// `own` stays 0 there; in single-connection mode it is the connection's `total_changes()`.
    public func version() throws(AlbumError) -> LibraryVersion {
        try withVersionConnection { db throws(AlbumError) in
            let others = try db.queryOne("PRAGMA data_version")?.int64(0) ?? 0
            let own = try db.queryOne("SELECT total_changes()")?.int64(0) ?? 0
            return LibraryVersion(others: others, own: own)
        }
    }
}
