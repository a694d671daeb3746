import AlbumImaging
import AlbumModel
import Foundation

/// The pipeline's imaging step: refuse images over the pixel cap from their header, then make
/// the thumbnail (upright, by the JPEG's own EXIF orientation).
public struct ImagingProcessor: PhotoProcessing {
    public let thumbnailer: Thumbnailer

    public init(thumbnailer: Thumbnailer = Thumbnailer()) {
        self.thumbnailer = thumbnailer
    }

    public func prepare(_ data: Data) throws(AlbumError) -> PreparedPhoto {
        let info = try thumbnailer.imageInfo(of: data)
        let thumbnail = try thumbnailer.thumbnail(of: data)
        return PreparedPhoto(width: info.width, height: info.height, thumbnail: thumbnail.data, warnings: thumbnail.warnings)
    }

    public func inspect(_ data: Data) throws(AlbumError) -> (width: Int, height: Int) {
        let info = try thumbnailer.imageInfo(of: data)
        return (info.width, info.height)
    }
}
