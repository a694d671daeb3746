import AlbumModel

/// What `album export credits` and `album export dataset` read (issue 30): every downloaded
/// photo of the library in id order (the unplaced tray's too) and every photo's tags in one read,
/// rather than a read a pin and a read a photo.
public protocol DatasetStore: Sendable {
    /// Downloaded photos by id: one pin's, or, with `pinId` nil, every one, unplaced photos included.
    func downloadedPhotos(pinId: Int64?) async throws(AlbumError) -> [Photo]
    /// The tags of those photos, by photo id: a photo's own and its pin's, sorted, each once.
    /// A photo without tags is not in the answer.
    func photoTags(pinId: Int64?) async throws(AlbumError) -> [Int64: [TagName]]
}

extension DatasetStore {
    /// Rows of (photo id, tag) as tags by photo id, each photo's sorted here (not by the
    /// database's collation, so both stores give the same order) and each tag once.
    public static func groupTags(_ rows: [(Int64, String)]) -> [Int64: [TagName]] {
        var result: [Int64: Set<String>] = [:]
        for (id, tag) in rows { result[id, default: []].insert(tag) }
        return result.mapValues { $0.sorted().map(TagName.init(stored:)) }
    }
}
