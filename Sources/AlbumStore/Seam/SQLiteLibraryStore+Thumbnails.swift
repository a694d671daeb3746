import AlbumModel
import AlbumSeam

extension SQLiteLibraryStore {
    public func pendingThumbnails(afterId: Int64, limit: Int) async throws(AlbumError) -> [PendingThumbnail] {
        try await database.read { db throws(AlbumError) in try db.pendingThumbnails(afterId: afterId, limit: limit) }
    }

    public func thumbnailsMade(photoIds: [Int64]) async throws(AlbumError) {
        guard !photoIds.isEmpty else { return }
        try await database.write { db throws(AlbumError) in try db.thumbnailsMade(photoIds: photoIds) }
    }
}
