import AlbumDownload
import AlbumFiles
import AlbumModel
import AlbumNet
import AlbumSources
import Foundation

extension FetchEnvironment {
    /// The environment for a `--source` given on the command line (or recorded with an album):
    /// the source (a web bundle's list fetched now), one HTTP client shared by search and
    /// downloads, the imaging step.
    /// - Parameters:
    ///   - environment: where `FLICKR_API_KEY` is read from.
    ///   - maxConnectionsPerHost: transfers to one host beyond this wait for a connection.
    public static func make(
        source spec: SourceSpec, environment: [String: String] = ProcessInfo.processInfo.environment,
        policy: DownloadPolicy = DownloadPolicy(), maxConnectionsPerHost: Int = 8, filter: SearchFilter = SearchFilter(),
        progress: @escaping @Sendable (FetchProgress) -> Void = { _ in }
    ) async throws(AlbumError) -> FetchEnvironment {
        let client = try makeClient(maxConnectionsPerHost: maxConnectionsPerHost)
        let made = try await spec.makeSource(environment: environment, client: client)
        let source: any PhotoSource = filter.isEmpty ? made : FilteredSource(made, filter: filter)
        var endpoint: String?
        if case .flickr(let url) = spec { endpoint = url }
        return FetchEnvironment(
            source: source, sourceName: source.name, endpoint: endpoint,
            downloader: Downloader(client: client, policy: policy), processor: ImagingProcessor(), progress: progress)
    }

    /// The one way an HTTP client is made, for fetches and for `album search`.
    /// - Parameter maxConnectionsPerHost: transfers to one host beyond this wait for a connection.
    static func makeClient(maxConnectionsPerHost: Int = 8) throws(AlbumError) -> HTTPClient {
        do {
            return try HTTPClient(configuration: .init(maxConnectionsPerHost: maxConnectionsPerHost))
        } catch {
            throw .source(AlbumError.Detail("cannot start the HTTP client", wrapping: error.detail))
        }
    }
}
