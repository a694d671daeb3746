import AlbumModel
import AlbumSeam

/// Counts for `album status`.
public struct LibraryStatus: Sendable {
    public var pins: Int
    public var photos: StateCounts
    /// Every pin, with its counts.
    public var perPin: [(pin: Pin, counts: StateCounts)]
    /// Pins whose first search was asked for and never stored (killed or failed): `album resume`
    /// searches them.
    public var pinsNotSearched: [Int64] = []
}

extension Library {
    /// The album of a pin, in order. - Throws: `AlbumError.notFound` for an unknown pin.
    public func photos(pinId: Int64) async throws(AlbumError) -> [Photo] {
        _ = try await store.requirePin(id: pinId)
        return try await store.photos(pinId: pinId)
    }

    /// The photo with this id. - Throws: `AlbumError.notFound` naming the id.
    public func photo(id: Int64) async throws(AlbumError) -> Photo { try await store.requirePhoto(id: id) }

    /// The photos with these ids that exist, in one read (the timeline page's hashes, to fold
    /// its look-alikes: decision 0125).
    public func photos(ids: [Int64]) async throws(AlbumError) -> [Photo] {
        ids.isEmpty ? [] : try await store.photos(ids: ids)
    }

    /// The album record of a pin (source, query, page), or nil when it was never fetched.
    public func album(pinId: Int64) async throws(AlbumError) -> AlbumInfo? { try await store.album(pinId: pinId) }

    /// Removes a photo from its album for good; its files go when no album uses them.
    @discardableResult
    public func removePhoto(id: Int64) async throws(AlbumError) -> Photo {
        let photo = try await store.removePhoto(id: id)
        try await removeUnusedFiles(Set([photo.contentHash].compactMap { $0 }), on: .shared)
        return photo
    }

    /// Counts per state, for the library and per pin.
    public func status() async throws(AlbumError) -> LibraryStatus {
        let pins = try await store.pins()
        let counts = try await store.stateCountsByPin()
        let perPin = pins.map { ($0, counts[$0.id] ?? StateCounts()) }
        return LibraryStatus(
            pins: pins.count, photos: try await store.stateCounts(pinId: nil), perPin: perPin,
            pinsNotSearched: try await store.pendingSearches().map(\.pinId))
    }

    /// Pins that still have photos to download.
    public func pinsWithWorkLeft() async throws(AlbumError) -> [Int64] { try await store.pinsWithWorkLeft() }

    /// Pins whose first search a fetch asked for and never stored (it was killed, or the search
    /// failed), with the source and query it asked for: `album resume` fetches them.
    public func pendingSearches() async throws(AlbumError) -> [AlbumInfo] { try await store.pendingSearches() }
}
