import AlbumModel
import AlbumSeam

extension AlbumDatabase {
    /// Starts every id sequence of a new partition at `first` (decision 0046: ids never repeat
    /// across a library's users). A table that has had rows keeps its sequence: calling this
    /// again changes nothing.
    public func startIds(at first: Int64) throws(AlbumError) {
        try write { db throws(AlbumError) in
            let tables = try db.query("""
                SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%AUTOINCREMENT%'
                """).compactMap { $0.string(0) }
            for table in tables {
                try db.run("""
                    INSERT INTO sqlite_sequence (name, seq) SELECT ?, ?
                    WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = ?)
                    """, [table, first - 1, table])
            }
        }
    }
}
