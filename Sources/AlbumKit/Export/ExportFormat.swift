import AlbumFiles
import AlbumModel
import Foundation

/// The single-file export formats.
public enum ExportFormat: String, Sendable, CaseIterable {
    case geojson, kml, gpx

    /// The document for `content`.
    public func render(_ content: ExportContent) throws(AlbumError) -> Data {
        switch self {
        case .geojson: try GeoJSONExport.render(content)
        case .kml: Data(KMLExport.render(content).utf8)
        case .gpx: Data(GPXExport.render(content).utf8)
        }
    }

    /// Writes `data` to `file` atomically (a temporary name, then a rename).
    public static func write(_ data: Data, to file: URL) throws(AlbumError) {
        try AtomicFile.write(data, to: file)
    }
}
