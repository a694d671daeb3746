#if PostgreSQL
import AlbumModel
import AlbumSeam

/// `DatasetStore` on PostgreSQL (issue 30), as SQLite's `AlbumDatabase+Dataset`: a page at a
/// time, one SQL text with a pin and one without.
extension PostgresStore {
    public func downloadedPhotos(pinId: Int64?, after afterId: Int64?, limit: Int) async throws(AlbumError) -> DatasetPage {
        try await read { db throws(AlbumError) in
            let after = afterId ?? Int64.min
            let photos = if let pinId {
                try Self.decodePhotos(await db.query("""
                    SELECT \(Self.photoColumns) FROM photos WHERE state = 'downloaded' AND pin_id = $1 AND id > $2
                    ORDER BY id LIMIT $3
                    """, [pinId, after, Int64(limit)]))
            } else {
                try Self.decodePhotos(await db.query("""
                    SELECT \(Self.photoColumns) FROM photos WHERE state = 'downloaded' AND id > $1 ORDER BY id LIMIT $2
                    """, [after, Int64(limit)]))
            }
            let page = DatasetPage(photos: photos, tags: [:])
            guard let ids = page.idRange else { return page }
            let rows = if let pinId {
                try await db.query("""
                    SELECT t.photo_id, t.tag FROM photo_tags t JOIN photos p ON p.id = t.photo_id
                        WHERE p.pin_id = $1 AND p.id BETWEEN $2 AND $3 AND p.state = 'downloaded'
                    UNION SELECT p.id, t.tag FROM pin_tags t JOIN photos p ON p.pin_id = t.pin_id
                        WHERE t.pin_id = $1 AND p.id BETWEEN $2 AND $3 AND p.state = 'downloaded'
                    """, [pinId, ids.lowerBound, ids.upperBound])
            } else {
                try await db.query("""
                    SELECT t.photo_id, t.tag FROM photo_tags t JOIN photos p ON p.id = t.photo_id
                        WHERE p.id BETWEEN $1 AND $2 AND p.state = 'downloaded'
                    UNION SELECT p.id, t.tag FROM pin_tags t JOIN photos p ON p.pin_id = t.pin_id
                        WHERE p.id BETWEEN $1 AND $2 AND p.state = 'downloaded'
                    """, [ids.lowerBound, ids.upperBound])
            }
            let tags = rows.compactMap { row -> (Int64, String)? in
                guard let id = row.int64(0), let tag = row.string(1) else { return nil }
                return (id, tag)
            }
            return DatasetPage(photos: photos, tags: Self.groupTags(tags))
        }
    }
}
#endif
