import AlbumModel
import Foundation

/// What the pipeline needs of imaging for each downloaded photo.
public struct PreparedPhoto: Sendable {
    public var width: Int
    public var height: Int
    /// The thumbnail as JPEG bytes.
    public var thumbnail: Data
    /// Kept but worth saying (e.g. "truncated JPEG: thumbnail made from what was there").
    public var warnings: [String]
    /// The picture's perceptual hash, from the thumbnail's pixels (issue 29).
    public var perceptualHash: PerceptualHash?

    public init(width: Int, height: Int, thumbnail: Data, warnings: [String] = []) {
        self.width = width
        self.height = height
        self.thumbnail = thumbnail
        self.warnings = warnings
    }
}

/// What a downloaded photo's own EXIF says, stored with it as an import stores it.
public struct PhotoMetadata: Sendable, Hashable {
    /// The capture time (DateTimeOriginal, CreateDate or XMP; never ModifyDate), with its offset when recorded.
    public var takenAt: String?
    public var camera: Camera?

    public init(takenAt: String? = nil, camera: Camera? = nil) {
        self.takenAt = takenAt
        self.camera = camera
    }
}

/// Checks a downloaded body is a decodable image within the caps and makes its thumbnail.
public protocol PhotoProcessing: Sendable {
    /// - Throws: `AlbumError` naming what is wrong with the image; the photo is then `failed`.
    func prepare(_ data: Data) throws(AlbumError) -> PreparedPhoto

    /// The pixel size from the image's header, checked against the caps; no decoding.
    func inspect(_ data: Data) throws(AlbumError) -> (width: Int, height: Int)

    /// What the image's EXIF says (nothing when it has none or cannot be read).
    func metadata(_ data: Data) -> PhotoMetadata

    /// `prepare` and `metadata` at once: an implementation reads the header and the EXIF once
    /// for both (issue 28: a downloaded body was parsed for its header twice and its EXIF twice).
    func process(_ data: Data) throws(AlbumError) -> (PreparedPhoto, PhotoMetadata)

    /// The pixel size (checked against the caps) and the metadata, without decoding: what a
    /// photo stored with `--thumbnails lazy` needs now.
    func describe(_ data: Data) throws(AlbumError) -> (width: Int, height: Int, metadata: PhotoMetadata)
}

extension PhotoProcessing {
    public func metadata(_ data: Data) -> PhotoMetadata { PhotoMetadata() }

    public func process(_ data: Data) throws(AlbumError) -> (PreparedPhoto, PhotoMetadata) {
        (try prepare(data), metadata(data))
    }

    public func describe(_ data: Data) throws(AlbumError) -> (width: Int, height: Int, metadata: PhotoMetadata) {
        let size = try inspect(data)
        return (size.width, size.height, metadata(data))
    }
}
