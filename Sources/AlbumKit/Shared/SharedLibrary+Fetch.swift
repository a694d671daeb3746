import AlbumModel
import AlbumPostgres

#if PostgreSQL
extension SharedLibrary {
    /// Finds or creates the pin at `coordinate` (one pin however many workers ask at once), stores
    /// its first collection as placeholders if it has none, then downloads what is left of it,
    /// side by side with any `album worker` (the same leases: no photo is taken twice).
    /// - Parameter download: false to only queue the photos, for `album worker` to download.
    public func fetch(
        at coordinate: Coordinate, options: FetchOptions, environment: FetchEnvironment, download: Bool = true
    ) async throws(AlbumError) -> FetchReport {
        let pending = Library.pendingSearch(pinId: 0, options: options, environment: environment)
        let found = try await store.findOrCreatePin(
            at: coordinate, toleranceKm: Library.samePlaceKm, title: options.title, pendingSearch: pending)
        var report = try await fetch(pin: found.pin, options: options, environment: environment, download: download)
        report.createdPin = found.created
        return report
    }

    /// The same for an existing pin. - Throws: `AlbumError.notFound` for an unknown pin.
    public func fetch(
        pinId: Int64, options: FetchOptions, environment: FetchEnvironment, download: Bool = true
    ) async throws(AlbumError) -> FetchReport {
        try await fetch(pin: try await store.requirePin(id: pinId), options: options, environment: environment, download: download)
    }

    private func fetch(
        pin: Pin, options: FetchOptions, environment: FetchEnvironment, download: Bool
    ) async throws(AlbumError) -> FetchReport {
        if try await store.album(pinId: pin.id) == nil {
            try await store.recordPendingSearch(Library.pendingSearch(pinId: pin.id, options: options, environment: environment))
            let page: SearchPage
            do {
                page = try await environment.source.search(
                    SearchQuery(center: pin.coordinate, radiusKm: options.radiusKm, page: 1, perPage: options.perPage))
            } catch let error as AlbumError {
                throw error
            } catch {
                throw .source(environment.source.name, cause: .of(error))
            }
            let info = AlbumInfo(
                pinId: pin.id, source: environment.sourceName, endpoint: environment.endpoint,
                radiusKm: options.radiusKm, perPage: options.perPage, page: 1, total: page.total, pages: page.pages)
            _ = try await store.storeFirstCollection(info, photos: Array(page.photos.prefix(options.perPage)))
        }
        if options.retryFailed { try await store.requeueFailed(pinId: pin.id) }
        if download {
            _ = try await SharedWorker(library: self, environment: environment)
                .run(concurrency: options.concurrency, pinId: pin.id, follow: false)
        }
        return try await report(pinId: pin.id)
    }

    /// The album of a pin as a fetch reports it.
    public func report(pinId: Int64) async throws(AlbumError) -> FetchReport {
        let pin = try await store.requirePin(id: pinId)
        let counts = try await store.stateCounts(pinId: pinId)
        let album = try await store.album(pinId: pinId)
        return FetchReport(
            pin: pin, total: counts.total, downloaded: counts.downloaded, failed: counts.failed,
            noImages: album != nil && counts.total == 0, createdPin: false)
    }
}
#endif
