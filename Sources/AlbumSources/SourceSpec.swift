import AlbumModel
import AlbumNet
import Foundation

/// Which photo source a command uses, as `--source` names it: `bundle:PATH`, `bundle:URL` or `flickr`.
public enum SourceSpec: Sendable, Hashable, CustomStringConvertible {
    /// A local JSON bundle folder (relative paths are read from the current directory).
    case bundle(path: String)
    /// A `/photos` JSON list on the web (`bundle:https://host/photos`): the same records as a
    /// local bundle, fetched over HTTP, relative image URLs resolved against the list's URL.
    case webBundle(url: String)
    /// A Flickr-compatible REST API at `endpoint`.
    case flickr(endpoint: String)
    /// The YFCC100M dataset's TSV (plain or .bz2) indexed by `album yfcc index`, or the index file.
    case yfcc(path: String)

    /// The embedded offline bundle used when no source is given, as a folder relative to the
    /// package (`fixtures/bundle`) or to an installation's `share/geoalbum` (`bundle`); the
    /// executable finds it (`album`'s `DefaultBundle`).
    public static let defaultBundleFolder = "fixtures/bundle"
    public static let installedBundleFolder = "share/geoalbum/bundle"

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
            guard !path.isEmpty else { throw .invalidInput("source 'bundle:' needs a folder or URL: bundle:PATH or bundle:https://HOST/photos") }
            guard endpoint == nil else { throw .invalidInput("--endpoint applies only to --source flickr") }
            if let scheme = path.range(of: "://").map({ path[..<$0.lowerBound].lowercased() }),
                scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) })
            {
                guard scheme == "http" || scheme == "https" else {
                    throw .invalidInput("source '\(text)': only http and https URLs are fetched")
                }
                guard let url = URL(string: path), let host = url.host, !host.isEmpty, !path.contains(where: \.isWhitespace) else {
                    throw .invalidInput("source '\(text)': '\(path)' is not a valid \(scheme) URL")
                }
                return .webBundle(url: path)
            }
            return .bundle(path: path)
        }
        if trimmed.hasPrefix("yfcc:") {
            let path = String(trimmed.dropFirst("yfcc:".count))
            guard !path.isEmpty else { throw .invalidInput("source 'yfcc:' needs the dataset file: yfcc:FILE") }
            guard endpoint == nil else { throw .invalidInput("--endpoint applies only to --source flickr") }
            return .yfcc(path: path)
        }
        throw .invalidInput("unknown source '\(text)': use bundle:PATH, bundle:https://HOST/photos, flickr or yfcc:FILE")
    }

    /// `bundle:PATH` or `flickr`, as `parse` reads it.
    public var description: String {
        switch self {
        case .bundle(let path): "bundle:\(path)"
        case .webBundle(let url): "bundle:\(url)"
        case .flickr: "flickr"
        case .yfcc(let path): "yfcc:\(path)"
        }
    }

    /// The largest search radius the source accepts, in km; nil when it has none (a bundle).
    public var maxRadiusKm: Double? {
        if case .flickr = self { return FlickrSource.maxRadiusKm }
        return nil
    }

    /// Checks a search radius against the source's own bound.
    /// - Throws: `AlbumError.invalidInput` naming the source's limit.
    public func checkRadius(_ radiusKm: Double) throws(AlbumError) {
        guard radiusKm.isFinite, radiusKm > 0 else { throw .invalidInput("--radius-km \(radiusKm) must be > 0") }
        if let limit = maxRadiusKm, radiusKm > limit {
            throw .invalidInput("--radius-km \(radiusKm) is over Flickr's limit of \(Int(limit)) km")
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
    ///   `BundleSource` throws for a bundle folder it cannot read, or a web bundle it cannot fetch.
    public func makeSource(environment: [String: String], client: HTTPClient) async throws(AlbumError) -> any PhotoSource {
        switch self {
        case .bundle(let path):
            return try BundleSource(folder: URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL)
        case .webBundle(let url):
            return try await BundleSource.fetch(url, client: client)
        case .flickr(let endpoint):
            return try FlickrSource(environment: environment, endpoint: endpoint, client: client)
        case .yfcc(let path):
            return try YFCCSource(path: path)
        }
    }
}
