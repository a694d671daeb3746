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
        var prepared = PreparedPhoto(width: info.width, height: info.height, thumbnail: thumbnail.data, warnings: thumbnail.warnings)
        prepared.perceptualHash = thumbnail.perceptualHash
        return prepared
    }

    /// The header, the EXIF and the thumbnail from one parse of each: the EXIF gives both the
    /// orientation the thumbnail needs and the metadata stored with the photo.
    public func process(_ data: Data) throws(AlbumError) -> (PreparedPhoto, PhotoMetadata) {
        let info = try thumbnailer.imageInfo(of: data)
        let exif = try? ExifReader().read(data: data)
        let thumbnail = try thumbnailer.thumbnail(of: data, orientation: ImageKind.isHEIF(data.prefix(64)) ? nil : exif?.orientation ?? 1, info: info)
        var prepared = PreparedPhoto(width: info.width, height: info.height, thumbnail: thumbnail.data, warnings: thumbnail.warnings)
        prepared.perceptualHash = thumbnail.perceptualHash
        return (prepared, exif.map(Self.metadata) ?? PhotoMetadata())
    }

    /// The EXIF capture time (not ModifyDate) and camera fields, read from the header only.
    public func metadata(_ data: Data) -> PhotoMetadata {
        guard let exif = try? ExifReader().read(data: data) else { return PhotoMetadata() }
        return Self.metadata(exif)
    }

    private static func metadata(_ exif: ExifInfo) -> PhotoMetadata {
        let takenAt = exif.takenAtSource?.isCaptureTime == true ? exif.takenAt : nil
        let camera = Camera(make: exif.make, model: exif.model, orientation: exif.orientation, altitude: exif.altitude)
        return PhotoMetadata(takenAt: takenAt, camera: camera.nonEmpty)
    }

    public func inspect(_ data: Data) throws(AlbumError) -> (width: Int, height: Int) {
        let info = try thumbnailer.imageInfo(of: data)
        return (info.width, info.height)
    }
}
