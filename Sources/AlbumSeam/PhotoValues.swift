import AlbumModel
import Foundation

/// What a finished download stores with the photo.
public struct StoredFile: Sendable, Hashable {
    public var file: String
    public var thumbnail: String?
    public var contentHash: String
    public var bytes: Int64
    public var width: Int?
    public var height: Int?
    /// The capture time the file's EXIF gives; replaces the source's when present.
    public var takenAt: String?
    /// The camera fields the file's EXIF gives.
    public var camera: Camera?
    /// Stored without its thumbnail (`--thumbnails lazy`): made on first use or by `album thumbs`.
    public var thumbnailPending = false
    /// The picture's perceptual hash, made with the thumbnail (issue 29); nil when none was made.
    public var perceptualHash: PerceptualHash?

    public init(
        file: String, thumbnail: String?, contentHash: String, bytes: Int64, width: Int?, height: Int?,
        takenAt: String? = nil, camera: Camera? = nil
    ) {
        self.takenAt = takenAt
        self.camera = camera
        self.file = file
        self.thumbnail = thumbnail
        self.contentHash = contentHash
        self.bytes = bytes
        self.width = width
        self.height = height
    }
}
