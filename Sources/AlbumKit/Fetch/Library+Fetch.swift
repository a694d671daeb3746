import AlbumDownload
import AlbumFiles
import AlbumModel
import AlbumPlaces
import AlbumSources
import AlbumSeam
import Foundation

extension Library {
    /// Two places closer than this are the same pin (about a metre).
    public static let samePlaceKm = 0.001

    /// Finds or creates the pin at `coordinate`, gives it its first collection if it has none,
    /// and downloads what is left to download.
    public func fetch(at coordinate: Coordinate, options: FetchOptions, environment: FetchEnvironment) async throws(AlbumError) -> FetchReport {
        let pending = Self.pendingSearch(pinId: 0, options: options, environment: environment)
        let found = try await store.findOrCreatePin(
            at: coordinate, toleranceKm: Self.samePlaceKm, title: options.title, pendingSearch: pending)
        var report = try await fetch(pin: found.pin, options: options, environment: environment)
        report.createdPin = found.created
        return report
    }

    /// Gives the pin `pinId` its first collection if it has none (or `options.refresh`), and
    /// downloads what is left to download.
    public func fetch(pinId: Int64, options: FetchOptions, environment: FetchEnvironment) async throws(AlbumError) -> FetchReport {
        let pin = try await store.requirePin(id: pinId)
        return try await fetch(pin: pin, options: options, environment: environment)
    }

    private func fetch(pin: Pin, options: FetchOptions, environment: FetchEnvironment) async throws(AlbumError) -> FetchReport {
        let existing = try await store.album(pinId: pin.id)
        if existing == nil {
            // Seen by `album resume` and `album status` until the first collection is stored.
            let pending = Self.pendingSearch(pinId: pin.id, options: options, environment: environment)
            try await store.recordPendingSearch(pending)
        }
        if existing == nil || options.refresh {
            let page = try await search(environment.source, near: pin.coordinate, page: 1, options: options)
            let info = AlbumInfo(
                pinId: pin.id, source: environment.sourceName, endpoint: environment.endpoint,
                radiusKm: options.radiusKm, perPage: options.perPage, page: 1, total: page.total, pages: page.pages)
            let photos = Array(page.photos.prefix(options.perPage))
            if existing == nil {
                _ = try await store.storeFirstCollection(info, photos: photos)
            } else {
                try await removeUnusedFiles(try await store.replaceCollection(info, photos: photos), on: environment.pool)
            }
        }
        if options.retryFailed {
            try await store.requeueFailed(pinId: pin.id)
        }
        if options.queueOnly { return try await report(pinId: pin.id) }
        return try await downloadAlbum(pinId: pin.id, concurrency: options.concurrency, environment: environment)
    }

    /// The first collection a fetch asks for, as `pending_searches` records it.
    static func pendingSearch(pinId: Int64, options: FetchOptions, environment: FetchEnvironment) -> AlbumInfo {
        AlbumInfo(
            pinId: pinId, source: environment.sourceName, endpoint: environment.endpoint, radiusKm: options.radiusKm,
            perPage: options.perPage, page: 0, total: 0, pages: 0)
    }

    /// The album of a pin as a fetch reports it.
    public func report(pinId: Int64) async throws(AlbumError) -> FetchReport {
        try await nameNewPlaces()
        let pin = try await store.requirePin(id: pinId)
        let counts = try await store.stateCounts(pinId: pinId)
        let album = try await store.album(pinId: pinId)
        return FetchReport(
            pin: pin, total: counts.total, downloaded: counts.downloaded, failed: counts.failed,
            noImages: album != nil && counts.total == 0, createdPin: false)
    }

    func search(_ source: any PhotoSource, near center: Coordinate, page: Int, options: FetchOptions) async throws(AlbumError) -> SearchPage {
        do {
            return try await source.search(SearchQuery(center: center, radiusKm: options.radiusKm, page: page, perPage: options.perPage))
        } catch let error as AlbumError {
            throw error
        } catch {
            throw .source(source.name, cause: .of(error))
        }
    }
}
