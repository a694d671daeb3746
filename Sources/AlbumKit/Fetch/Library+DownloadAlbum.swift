import AlbumFiles
import AlbumModel
import AlbumSeam
import Synchronization

/// The worker loop of a fetch: N workers take a transfer slot, claim the next `placeholder`
/// photo of the pin and hand it to a `PhotoWorker`, until none is left.
extension Library {
    /// Downloads every `placeholder` photo of a pin's album with `concurrency` workers, then
    /// reports the album. Photos of dead processes are requeued first.
    public func downloadAlbum(pinId: Int64, concurrency: Int, environment: FetchEnvironment) async throws(AlbumError) -> FetchReport {
        try await recoverFromCrash(pool: environment.pool)
        let counts = try await store.stateCounts(pinId: pinId)
        let owner = ClaimOwner(token: ProcessToken.current)
        // Set when the server throttled a photo past the budget: no worker claims another (the
        // rest stay queued for the next run, `album resume`), so the budget bounds the run.
        let throttled = ThrottleFlag()
        let tracker = ProgressTracker(
            pinId: pinId, total: counts.total, alreadyDone: counts.total - counts.remaining, report: environment.progress)
        do {
            try await withClaimRenewal { try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<max(1, concurrency) {
                    group.addTask {
                        let worker = PhotoWorker(library: self, environment: environment)
                        // Take a transfer slot, then a photo: a claimed photo never waits for a slot.
                        @Sendable func next() async throws -> Int64? {
                            guard !throttled.isSet,
                                  let claim = try await self.store.claimNextPhoto(pinId: pinId, by: owner)
                            else { return nil }
                            let outcome = try await worker.process(claim)
                            if case .deferred = outcome {
                                throttled.set()
                                return nil
                            }
                            return outcome.bytes
                        }
                        while true {
                            let bytes: Int64?
                            if let limit = environment.transferLimit {
                                bytes = try await limit.run(next)
                            } else {
                                bytes = try await next()
                            }
                            guard let bytes else { break }
                            tracker.finished(bytes: bytes)
                        }
                    }
                }
                try await group.waitForAll()
            } }
        } catch let error as AlbumError {
            guard case .storage = error else { throw error }
            // The full disk's file, errno and all, stays inside: `error.subjects` names both.
            throw error.wrapped(
                "download of pin \(pinId) stopped (the photos not downloaded stay queued: run `album resume` "
                    + "once the library's disk can be written again)", subject: .pin(pinId))
        } catch {
            throw .io("download of pin \(pinId) stopped", subject: .pin(pinId), cause: .of(error))
        }
        return try await report(pinId: pinId)
    }
}

/// Whether a server throttled a download past its budget during a run (shared by its workers).
final class ThrottleFlag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}
