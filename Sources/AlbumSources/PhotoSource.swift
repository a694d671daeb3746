import AlbumModel

/// Anything that answers "photos near this place": a Flickr-compatible API or a local bundle.
public protocol PhotoSource: Sendable {
    /// The name stored with each photo, e.g. `flickr` or `bundle:/abs/path`.
    var name: String { get }

    /// One page of photos near `query.center`.
    /// - Throws: `AlbumError.source` with the source's own message when it answers with an error.
    func search(_ query: SearchQuery) async throws -> SearchPage
}
