import AlbumModel
import Foundation

/// Anything that answers "photos near this place": a Flickr-compatible API or a local bundle.
public protocol PhotoSource: Sendable {
    /// The name stored with each photo, e.g. `flickr` or `bundle:/abs/path`.
    var name: String { get }

    /// One page of photos near `query.center`.
    /// - Throws: `AlbumError.source` with the source's own message when it answers with an error.
    func search(_ query: SearchQuery) async throws -> SearchPage

    /// The file a `file://` photo URL of this source stands for, checked to be one the source
    /// may hand out (inside a bundle folder). Sources without local files refuse.
    /// - Throws: `AlbumError.source` naming the URL.
    func resolveLocalFile(_ url: String) throws(AlbumError) -> URL

    /// How many results of one query can be reached by paging (Flickr: 4,000); nil for no cap.
    var maxReachableResults: Int? { get }
}

extension PhotoSource {
    /// Sources without local files refuse every `file://` URL.
    public func resolveLocalFile(_ url: String) throws(AlbumError) -> URL {
        throw .source("\(name) offers no local files, refusing \(url)")
    }

    /// Flickr's cap, which the other sources have kept so far.
    public var maxReachableResults: Int? { FlickrSource.maxResults }
}
