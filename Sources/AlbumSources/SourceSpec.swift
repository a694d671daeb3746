import AlbumModel
import AlbumNet
import Foundation

/// Which photo source `--source` names: `bundle:PATH` or `flickr`.
public enum SourceSpec: Sendable, Hashable {
    case bundle(path: String)
    case flickr(endpoint: String)

    public static let defaultFlickrEndpoint = "https://api.flickr.com/services/rest/"

    /// - Throws: `AlbumError.invalidInput` naming the text.
    public static func parse(_ text: String, endpoint: String?) throws(AlbumError) -> SourceSpec {
        if text.hasPrefix("bundle:") {
            let path = String(text.dropFirst("bundle:".count))
            guard !path.isEmpty else { throw .invalidInput("source '\(text)' names no bundle folder") }
            return .bundle(path: path)
        }
        if text == "flickr" { return .flickr(endpoint: endpoint ?? defaultFlickrEndpoint) }
        throw .invalidInput("unknown source '\(text)': use bundle:PATH or flickr")
    }

    /// The source this names.
    public func makeSource(environment: [String: String], client: HTTPClient) throws(AlbumError) -> any PhotoSource {
        switch self {
        case .bundle(let path):
            return try BundleSource(folder: URL(fileURLWithPath: path))
        case .flickr:
            throw .source("the flickr source is not built yet")
        }
    }
}
