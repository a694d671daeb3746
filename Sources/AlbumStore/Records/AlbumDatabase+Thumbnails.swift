import AlbumModel
import AlbumSeam

/// Photos stored without their thumbnail (`--thumbnails lazy`; migration speed-thumbnailPending):
/// `ThumbnailStore` on SQLite, one body per method (decision 0075-store).
extension SQLiteLibraryStore {
    public func pendingThumbnails(afterId: Int64, limit: Int) async throws(AlbumError) -> [PendingThumbnail] {
        try await read { db throws(AlbumError) in
            try db.query("""
                SELECT id, content_hash, file, thumbnail FROM photos
                WHERE thumbnail_pending = 1 AND id > ? AND state = ? AND file IS NOT NULL AND thumbnail IS NOT NULL
                    AND content_hash IS NOT NULL
                ORDER BY id LIMIT ?
                """, [afterId, PhotoState.downloaded.name, limit]).compactMap { row in
                guard let id = row.int64("id"), let hash = row.string("content_hash"), let file = row.string("file"),
                    let thumbnail = row.string("thumbnail")
                else { return nil }
                return PendingThumbnail(photoId: id, contentHash: hash, file: file, thumbnail: thumbnail)
            }
        }
    }

    public func thumbnailsMade(photoIds: [Int64]) async throws(AlbumError) {
        guard !photoIds.isEmpty else { return }
        try await write { db throws(AlbumError) in
            for id in photoIds { try db.run("UPDATE photos SET thumbnail_pending = 0 WHERE id = ?", [id]) }
        }
    }
}
