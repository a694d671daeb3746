import AlbumModel

extension Library {
    /// Finishes what earlier runs left, for every pin: pins whose first search was killed are
    /// searched (with the source and query their fetch asked for), then every pin with photos
    /// left is downloaded. Pins run side by side (`batchPinsInFlight` at once) and share one
    /// `TransferLimit` of `concurrency`, so a pin's last photo never goes alone while the others wait.
    /// - Parameters:
    ///   - environment: the environment of a pin, from its recorded album or pending search.
    ///   - onReport: called as each pin finishes.
    /// - Returns: each pin's report, pending searches first, then by pin id.
    /// - Throws: the first pin's error (a full disk, a source that cannot be reached); the other
    ///   pins stop and their photos stay queued.
    public func resume(
        concurrency: Int,
        environment: @escaping @Sendable (_ pinId: Int64, _ recorded: AlbumInfo?) async throws -> FetchEnvironment,
        onReport: @escaping @Sendable (FetchReport) -> Void = { _ in }
    ) async throws -> [FetchReport] {
        try await recoverFromCrash()
        let searches = try await pendingSearches()
        let searched = Set(searches.map(\.pinId))
        var jobs: [(pinId: Int64, search: AlbumInfo?)] = searches.map { ($0.pinId, $0) }
        jobs += try await pinsWithWorkLeft().filter { !searched.contains($0) }.map { ($0, nil) }
        let shared = TransferLimit(concurrency)
        var reports: [Int: FetchReport] = [:]
        try await withThrowingTaskGroup(of: (Int, FetchReport).self) { group in
            var next = 0
            func start() {
                guard next < jobs.count else { return }
                let (index, job) = (next, jobs[next])
                next += 1
                group.addTask {
                    let recorded = job.search == nil ? try await self.album(pinId: job.pinId) : job.search
                    var env = try await environment(job.pinId, recorded)
                    env.transferLimit = shared
                    if let search = job.search {
                        let options = FetchOptions(radiusKm: search.radiusKm, perPage: search.perPage, concurrency: concurrency)
                        return (index, try await self.fetch(pinId: job.pinId, options: options, environment: env))
                    }
                    return (index, try await self.downloadAlbum(pinId: job.pinId, concurrency: concurrency, environment: env))
                }
            }
            for _ in 0..<Self.batchPinsInFlight { start() }
            while let (index, report) = try await group.next() {
                reports[index] = report
                onReport(report)
                start()
            }
        }
        return reports.keys.sorted().compactMap { reports[$0] }
    }
}
