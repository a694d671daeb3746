import AlbumModel

/// A downloaded or imported photo whose thumbnail was left to its first use
/// (`--thumbnails lazy`, issue 28; migration speed-thumbnailPending).
public struct PendingThumbnail: Sendable, Hashable {
    public var photoId: Int64
    public var contentHash: String
    /// The original's stored path.
    public var file: String
    /// Where the thumbnail goes (the stored path every consumer reads).
    public var thumbnail: String

    public init(photoId: Int64, contentHash: String, file: String, thumbnail: String) {
        self.photoId = photoId
        self.contentHash = contentHash
        self.file = file
        self.thumbnail = thumbnail
    }
}

/// What lazy thumbnails need of a store: which photos were stored without theirs, and the
/// flag cleared once `album thumbs` made them. A thumbnail made by its first use (serve, export,
/// the card) leaves the flag: the file is the truth, the flag only tells `verify` that a missing
/// thumbnail was never made rather than lost.
public protocol ThumbnailStore: Sendable {
    /// Downloaded photos stored with `thumbnailPending`, by id, after `afterId`, at most `limit`.
    func pendingThumbnails(afterId: Int64, limit: Int) async throws(AlbumError) -> [PendingThumbnail]
    /// Clears the flag of these photos (their thumbnails are made).
    func thumbnailsMade(photoIds: [Int64]) async throws(AlbumError)
}
