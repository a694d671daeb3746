import AlbumModel

/// What `album export credits` and `album export dataset` read (issue 30): the downloaded photos
/// of the library in id order (the unplaced tray's too) with their tags, a page at a time (keyset
/// on id), so that an export writes its first shards while the rest is read (decision 0135).
public protocol DatasetStore: Sendable {
    /// Downloaded photos by id after `afterId` (from the first with nil), at most `limit` of them:
    /// one pin's, or, with `pinId` nil, every one, unplaced photos included; with their tags, in
    /// one read (one snapshot). An empty page: none is left.
    func downloadedPhotos(pinId: Int64?, after afterId: Int64?, limit: Int) async throws(AlbumError) -> DatasetPage
}

/// A page of downloaded photos (`DatasetStore.downloadedPhotos(pinId:after:limit:)`).
public struct DatasetPage: Sendable {
    /// By id.
    public var photos: [Photo]
    /// The tags of those photos, by photo id: a photo's own and its pin's, sorted, each once.
    /// A photo without tags is not in it.
    public var tags: [Int64: [TagName]]

    public init(photos: [Photo], tags: [Int64: [TagName]]) {
        self.photos = photos
        self.tags = tags
    }

    /// The page's ids, first to last (nil for an empty page): what its tags are read for.
    public var idRange: ClosedRange<Int64>? {
        guard let first = photos.first?.id, let last = photos.last?.id else { return nil }
        return first...last
    }
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
