import AlbumModel

extension AlbumDatabase {
    /// The library's version now (see `LibraryVersion`).
    public func version() throws(AlbumError) -> LibraryVersion {
        try read { db throws(AlbumError) in
            let others = try db.queryOne("PRAGMA data_version")?.int64(0) ?? 0
            let own = try db.queryOne("SELECT total_changes()")?.int64(0) ?? 0
            return LibraryVersion(others: others, own: own)
        }
    }
}
