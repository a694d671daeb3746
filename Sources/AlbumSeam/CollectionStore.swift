import AlbumModel
import Foundation

/// Albums, their photos, and the searches and collections that fill them: a part of `LibraryStore`.
public protocol CollectionStore: Sendable {
    /// The album of a pin, or nil when it was never searched.
    func album(pinId: Int64) async throws(AlbumError) -> AlbumInfo?
    /// The photos of a pin's album, in album order.
    func photos(pinId: Int64) async throws(AlbumError) -> [Photo]
    /// The photo with this id, or nil.
    func photo(id: Int64) async throws(AlbumError) -> Photo?
    /// Removes a photo for good: its source id and its content are remembered as removed.
    func removePhoto(id: Int64) async throws(AlbumError) -> Photo
    /// Content hashes among `hashes` that no photo uses any more.
    func unreferencedHashes(_ hashes: Set<String>) async throws(AlbumError) -> Set<String>

    // MARK: Searches and collections

    /// Marks a pin without an album as waiting for its first collection.
    func recordPendingSearch(_ search: AlbumInfo) async throws(AlbumError)
    /// First collections asked for and never stored, oldest pin first.
    func pendingSearches() async throws(AlbumError) -> [AlbumInfo]
    /// Stores a pin's first collection (one placeholder per photo); false when it has one already.
    func storeFirstCollection(_ info: AlbumInfo, photos: [SourcePhoto]) async throws(AlbumError) -> Bool
    /// Replaces a pin's album, keeping imports and photos the new collection holds too.
    /// - Returns: the content hashes of the photos that left.
    func replaceCollection(_ info: AlbumInfo, photos: [SourcePhoto]) async throws(AlbumError) -> Set<String>
    /// Source ids a pin has shown from `source`, including removed ones.
    func shownSourceIds(pinId: Int64, source: String) async throws(AlbumError) -> Set<String>
}
