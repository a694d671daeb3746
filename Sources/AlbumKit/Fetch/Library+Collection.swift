import AlbumModel
import AlbumSources
import AlbumSeam

extension Library {
    /// Once a new collection has found some photos the pin has not shown, how many pages it
    /// searches at most to fill the album. While it has found none it searches on, through every
    /// reachable page, before it says there is nothing new.
    static let maxNewCollectionSearches = 6

    /// Replaces a pin's album with photos it has never shown, from a random page within
    /// min(pages, the source's reachable results (Flickr: `FlickrSource.maxResults`) / per page), then downloads them. Files no album uses any more are removed.
    /// A pin without an album gets its first collection instead.
    /// - Throws: `AlbumError.notFound` when no reachable page has a photo the pin has not shown
    ///   (the album is then left as it was).
    public func newCollection(pinId: Int64, concurrency: Int, environment: FetchEnvironment) async throws(AlbumError) -> FetchReport {
        let pin = try await store.requirePin(id: pinId)
        guard let album = try await store.album(pinId: pinId) else {
            return try await fetch(pinId: pinId, options: FetchOptions(concurrency: concurrency), environment: environment)
        }
        let options = FetchOptions(radiusKm: album.radiusKm, perPage: album.perPage, concurrency: concurrency)
        let shown = try await store.shownSourceIds(pinId: pinId, source: environment.sourceName)
        let reachable = environment.source.maxReachableResults ?? Int.max
        var lastPage = max(1, min(album.pages, reachable / max(1, album.perPage)))

        var fresh: [SourcePhoto] = []
        var picked = Set<String>()
        var searched: [Int] = []
        var first: SearchPage?
        var candidates = Array(1...lastPage).shuffled()
        while fresh.count < album.perPage, fresh.isEmpty || searched.count < Self.maxNewCollectionSearches, !candidates.isEmpty {
            let number = candidates.removeFirst()
            let page = try await search(environment.source, near: pin.coordinate, page: number, options: options)
            searched.append(number)
            if first == nil { first = page }
            fresh += page.photos.filter { !shown.contains($0.sourceId) && picked.insert($0.sourceId).inserted }
            // The source may have grown or shrunk since the album was made.
            let current = max(1, min(page.pages, reachable / max(1, album.perPage)))
            if current != lastPage {
                candidates = candidates.filter { $0 <= current } + (lastPage + 1 ..< current + 1).shuffled()
                lastPage = current
            }
        }
        guard let first, !fresh.isEmpty else {
            let pages = searched.count >= lastPage
                ? "searched all \(lastPage) reachable page\(lastPage == 1 ? "" : "s")"
                : "searched page\(searched.count == 1 ? "" : "s") \(searched.sorted().map(String.init).joined(separator: ", ")) of \(lastPage)"
            throw .notFound("the source has no photo pin \(pinId) has not shown before (\(pages)); album unchanged")
        }
        let info = AlbumInfo(
            pinId: pinId, source: environment.sourceName, endpoint: environment.endpoint, radiusKm: album.radiusKm,
            perPage: album.perPage, page: searched[0], total: first.total, pages: first.pages)
        let photos = Array(fresh.prefix(album.perPage))
        try await removeUnusedFiles(try await store.replaceCollection(info, photos: photos), on: environment.pool)
        return try await downloadAlbum(pinId: pinId, concurrency: concurrency, environment: environment)
    }
}
