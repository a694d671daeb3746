import AlbumModel

/// A downloaded photo's perceptual hash, as `album dupes` and import/fetch's "looks like photo
/// N" compare them (issue 29).
public struct PhotoHash: Sendable, Hashable {
    public var photoId: Int64
    /// `Photo.unplacedPinId` for the unplaced tray.
    public var pinId: Int64
    public var hash: PerceptualHash

    public init(photoId: Int64, pinId: Int64, hash: PerceptualHash) {
        self.photoId = photoId
        self.pinId = pinId
        self.hash = hash
    }
}

/// What near-duplicates need of a store (issue 29, decision 0100): the hashes of the library's
/// photos in one read, and the photos whose hash was never made (a lazy thumbnail, a photo
/// stored before the hash existed), to make and store it.
public protocol LookalikeStore: Sendable {
    /// Downloaded photos with no perceptual hash, by id after `afterId`, at most `limit`.
    func photosWithoutPerceptualHash(afterId: Int64, limit: Int) async throws(AlbumError) -> [PendingThumbnail]
    /// Stores these hashes (photo id → hash), in one transaction.
    func setPerceptualHashes(_ hashes: [Int64: PerceptualHash]) async throws(AlbumError)
    /// The hashes of downloaded photos: one pin's, or every one with `pinId` nil; by photo id.
    func perceptualHashes(pinId: Int64?) async throws(AlbumError) -> [PhotoHash]
    /// The photos with these ids (unknown ids left out), by id, in one read: `album dupes`
    /// loads its candidates this way rather than one read each.
    func photos(ids: [Int64]) async throws(AlbumError) -> [Photo]
}
