import AlbumModel
import AlbumSources
import Foundation

/// `album search`: one page of what a source offers near a place, through the same HTTP client
/// (`FetchEnvironment.makeClient`) and source set-up a fetch uses. Opens no library.
public enum SourceSearch {
    /// - Parameter environment: where `FLICKR_API_KEY` is read from.
    public static func page(
        _ query: SearchQuery, from spec: SourceSpec, environment: [String: String] = ProcessInfo.processInfo.environment
    ) async throws -> SearchPage {
        let client = try FetchEnvironment.makeClient()
        let source = FilteredSource(try await spec.makeSource(environment: environment, client: client), filter: query.filter)
        return try await source.search(query)
    }
}
