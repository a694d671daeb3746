import AlbumModel
import AlbumNet
import Foundation

/// Which photo source a command uses, as `--source` names it: `bundle:PATH` or `flickr`.
public enum SourceSpec: Sendable, Hashable, CustomStringConvertible {
    /// A local JSON bundle folder (relative paths are read from the current directory).
    case bundle(path: String)
    /// A Flickr-compatible REST API at `endpoint`.
    case flickr(endpoint: String)
    /// The YFCC100M dataset's TSV (plain or .bz2) indexed by `album yfcc index`, or the index file.
    case yfcc(path: String)

    /// The source used when none is given: the embedded offline bundle.
    public static let defaultSource = SourceSpec.bundle(path: "fixtures/bundle")
    /// The public Flickr REST endpoint, used when `--endpoint` is not given.
    public static let defaultFlickrEndpoint = FlickrSource.defaultEndpoint

    /// Reads `--source` and `--endpoint`.
    /// - Throws: `AlbumError.invalidInput` for an unknown source, an empty bundle path, an
    ///   endpoint that is not an http(s) URL, or an endpoint given for a bundle.
    public static func parse(_ text: String, endpoint: String? = nil) throws(AlbumError) -> SourceSpec {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased() == "flickr" {
            guard let endpoint else { return .flickr(endpoint: FlickrSource.defaultEndpoint) }
            let lower = endpoint.lowercased()
            guard (lower.hasPrefix("http://") || lower.hasPrefix("https://")), endpoint.count > 8,
                !endpoint.contains(where: \.isWhitespace)
            else {
                throw .invalidInput("endpoint '\(endpoint)' is not an http(s) URL")
            }
            return .flickr(endpoint: endpoint)
        }
        if trimmed.hasPrefix("bundle:") {
            let path = String(trimmed.dropFirst("bundle:".count))
            guard !path.isEmpty else { throw .invalidInput("source 'bundle:' needs a folder: bundle:PATH") }
            guard endpoint == nil else { throw .invalidInput("--endpoint applies only to --source flickr") }
            return .bundle(path: path)
        }
        if trimmed.hasPrefix("yfcc:") {
            let path = String(trimmed.dropFirst("yfcc:".count))
            guard !path.isEmpty else { throw .invalidInput("source 'yfcc:' needs the dataset file: yfcc:FILE") }
            guard endpoint == nil else { throw .invalidInput("--endpoint applies only to --source flickr") }
            return .yfcc(path: path)
        }
        throw .invalidInput("unknown source '\(text)': use bundle:PATH, flickr or yfcc:FILE")
    }

    /// `bundle:PATH` or `flickr`, as `parse` reads it.
    public var description: String {
        switch self {
        case .bundle(let path): "bundle:\(path)"
        case .flickr: "flickr"
        case .yfcc(let path): "yfcc:\(path)"
        }
    }

    /// The Flickr endpoint, nil for a bundle.
    public var endpoint: String? {
        if case .flickr(let endpoint) = self { return endpoint }
        return nil
    }

    /// Builds the source.
    /// - Parameters:
    ///   - environment: where `FLICKR_API_KEY` is read from.
    ///   - client: the HTTP client a Flickr source sends through.
    /// - Throws: `AlbumError.invalidInput` when the Flickr key is missing; whatever
    ///   `BundleSource` throws for a bundle folder it cannot read.
    public func makeSource(environment: [String: String], client: HTTPClient) throws(AlbumError) -> any PhotoSource {
        switch self {
        case .bundle(let path):
            return try BundleSource(folder: URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL)
        case .flickr(let endpoint):
            return try FlickrSource(environment: environment, endpoint: endpoint, client: client)
        case .yfcc(let path):
            return try YFCCSource(path: path)
        }
    }
}
