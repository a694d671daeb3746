import AlbumModel
import Foundation

/// A source whose every search carries `filter` (issue 30): the source applies what it can
/// (Flickr's parameters, a bundle before paging), and every photo it offers is checked again here,
/// so nothing that fails a filter reaches the library whatever the source did.
public struct FilteredSource: PhotoSource {
    public let base: any PhotoSource
    public let filter: SearchFilter

    public init(_ base: any PhotoSource, filter: SearchFilter) {
        self.base = base
        self.filter = filter
    }

    public var name: String { base.name }
    public var maxReachableResults: Int? { base.maxReachableResults }

    public func search(_ query: SearchQuery) async throws -> SearchPage {
        var query = query
        query.filter = filter
        var page = try await base.search(query)
        page.photos = page.photos.filter(filter.admits)
        return page
    }

    public func resolveLocalFile(_ url: String) throws(AlbumError) -> URL { try base.resolveLocalFile(url) }
}
