#if PostgreSQL
import AlbumModel
import AlbumSeam

/// `DatasetStore` on PostgreSQL (issue 30), as SQLite's `AlbumDatabase+Dataset`.
extension PostgresStore {
    public func downloadedPhotos(pinId: Int64?) async throws(AlbumError) -> [Photo] {
        try await read { db throws(AlbumError) in
            try await Self.decodePhotos(db.query("""
                SELECT \(Self.photoColumns) FROM photos WHERE state = 'downloaded' AND ($1::bigint IS NULL OR pin_id = $1)
                ORDER BY id
                """, [pinId]))
        }
    }

    public func photoTags(pinId: Int64?) async throws(AlbumError) -> [Int64: [TagName]] {
        try await read { db throws(AlbumError) in
            let rows = try await db.query("""
                SELECT t.photo_id, t.tag FROM photo_tags t JOIN photos p ON p.id = t.photo_id
                    WHERE $1::bigint IS NULL OR p.pin_id = $1
                UNION SELECT p.id, t.tag FROM pin_tags t JOIN photos p ON p.pin_id = t.pin_id
                    WHERE $1::bigint IS NULL OR p.pin_id = $1
                """, [pinId]).compactMap { row -> (Int64, String)? in
                guard let id = row.int64(0), let tag = row.string(1) else { return nil }
                return (id, tag)
            }
            return Self.groupTags(rows)
        }
    }
}
#endif
