import AlbumImaging
import AlbumModel
import Foundation

/// The pipeline's imaging step: refuse images over the pixel cap from their header, then make
/// the thumbnail (upright, by the EXIF orientation).
public struct ImagingProcessor: PhotoProcessing {
    public let thumbnailer: Thumbnailer
    private let exif = ExifReader()

    public init(thumbnailer: Thumbnailer = Thumbnailer()) {
        self.thumbnailer = thumbnailer
    }

    public func prepare(_ data: Data) throws(AlbumError) -> PreparedPhoto {
        let info = try thumbnailer.imageInfo(of: data)
        let orientation = (try? exif.read(data: data))?.orientation
        let thumbnail = try thumbnailer.thumbnail(of: data, orientation: orientation)
        return PreparedPhoto(width: info.width, height: info.height, thumbnail: thumbnail.data, warnings: thumbnail.warnings)
    }
}
