#if PostgreSQL
import AlbumModel
import AlbumSeam

/// Photos stored without their thumbnail (`--thumbnails lazy`; migration speed-thumbnailPending), as on SQLite.
extension PostgresStore {
    public func pendingThumbnails(afterId: Int64, limit: Int) async throws(AlbumError) -> [PendingThumbnail] {
        try await read { db throws(AlbumError) in
            try await db.query("""
                SELECT id, content_hash, file, thumbnail FROM photos
                WHERE thumbnail_pending = 1 AND id > $1 AND state = 'downloaded' AND file IS NOT NULL
                    AND thumbnail IS NOT NULL AND content_hash IS NOT NULL
                ORDER BY id LIMIT $2
                """, [afterId, limit]).compactMap { row in
                guard let id = row.int64(0), let hash = row.string(1), let file = row.string(2), let thumbnail = row.string(3)
                else { return nil }
                return PendingThumbnail(photoId: id, contentHash: hash, file: file, thumbnail: thumbnail)
            }
        }
    }

    public func thumbnailsMade(photoIds: [Int64]) async throws(AlbumError) {
        guard !photoIds.isEmpty else { return }
        try await write { db throws(AlbumError) in
            try await db.run("UPDATE photos SET thumbnail_pending = 0 WHERE id = ANY(string_to_array($1, ',')::bigint[])",
                             [photoIds.map(String.init).joined(separator: ",")])
        }
    }
}
#endif
