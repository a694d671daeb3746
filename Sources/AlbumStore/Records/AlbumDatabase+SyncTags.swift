import AlbumModel
import AlbumSeam

/// What `album sync` reads of a pin's or a photo's tags (decision 0092): the target's own tags
/// only (a photo's, not its pin's), so that each side sends and applies its own rows.
extension SQLiteLibraryStore {
    public func ownTags(of target: TagTarget) async throws(AlbumError) -> [TagName] {
        let path = self.path
        return try await read { db throws(AlbumError) in
            switch target {
            case .pin(let id):
                guard try db.queryOne("SELECT 1 FROM pins WHERE id = ?", [id]) != nil else { throw .noPin(id, in: path) }
                return try db.query("SELECT tag FROM pin_tags WHERE pin_id = ? ORDER BY tag", [id]).map { TagName(stored: $0.string("tag") ?? "") }
            case .photo(let id):
                guard try db.queryOne("SELECT 1 FROM photos WHERE id = ?", [id]) != nil else { throw .noPhoto(id, in: path) }
                return try db.query("SELECT tag FROM photo_tags WHERE photo_id = ? ORDER BY tag", [id]).map { TagName(stored: $0.string("tag") ?? "") }
            case .day:
                throw .invalidInput("a day has no tags of its own: its photos have")
            }
        }
    }
}
