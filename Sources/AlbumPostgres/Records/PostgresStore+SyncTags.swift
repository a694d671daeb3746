#if PostgreSQL
import AlbumModel
import AlbumSeam

/// A pin's or a photo's own tags on PostgreSQL, as SQLite's `AlbumDatabase+SyncTags` (decision 0092).
extension PostgresStore {
    public func ownTags(of target: TagTarget) async throws(AlbumError) -> [TagName] {
        let name = self.name
        return try await read { db throws(AlbumError) in
            switch target {
            case .pin(let id):
                guard try await db.queryOne("SELECT 1 FROM pins WHERE id = $1", [id]) != nil else { throw .noPin(id, in: name) }
                return try await db.query("SELECT tag FROM pin_tags WHERE pin_id = $1 ORDER BY tag", [id]).map { TagName(stored: $0.string(0) ?? "") }
            case .photo(let id):
                guard try await db.queryOne("SELECT 1 FROM photos WHERE id = $1", [id]) != nil else { throw .noPhoto(id, in: name) }
                return try await db.query("SELECT tag FROM photo_tags WHERE photo_id = $1 ORDER BY tag", [id]).map { TagName(stored: $0.string(0) ?? "") }
            case .day:
                throw .invalidInput("a day has no tags of its own: its photos have")
            }
        }
    }
}
#endif
