import AlbumDownload
import AlbumFiles
import AlbumModel
import AlbumSources
import AlbumSeam
import Foundation
import Synchronization

/// What `album worker` did.
public struct WorkerReport: Sendable {
    public var downloaded = 0
    public var failed = 0
    /// Photos dropped as duplicates of bytes the album holds or the user removed.
    public var dropped = 0
    /// Photos left queued because the server throttled past the budget (HTTP 429).
    public var deferred = 0
    public var bytes: Int64 = 0
}

extension Library {
    /// How long an idle worker waits before looking at the queue again.
    static let workerIdleWait: Duration = .milliseconds(500)
    /// How long a following worker rests after a server throttled it past the budget.
    static let throttledWait: Duration = .seconds(60)

    /// `album worker`: downloads queued photos of every pin with `concurrency` downloads at once,
    /// through the same claims and `PhotoWorker` as a fetch, until none is left (none waiting and
    /// none held by another worker, whose claim could still be given back), or with `follow`
    /// until cancelled. Several workers share the queue: processes of one machine on a folder
    /// library, any machine on PostgreSQL (leases, renewed while this worker runs).
    /// Cancelled (SIGTERM, SIGINT) or stopped by an error, it gives back every photo it holds.
    public func work(concurrency: Int, follow: Bool, environment: FetchEnvironment) async throws(AlbumError) -> WorkerReport {
        try await recoverFromCrash(pool: environment.pool)
        let owner = ClaimOwner(token: ProcessToken.current)
        let tally = Tally()
        let store = self.store
        do {
            try await withClaimRenewal {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<max(1, concurrency) {
                        group.addTask {
                            let worker = PhotoWorker(library: self, environment: environment)
                            while !Task.isCancelled {
                                guard let claim = try await store.claimNextPhoto(pinId: nil, by: owner) else {
                                    // Photos another worker holds are not done yet: it may die and
                                    // give them back (SQLite) or let its lease run out (PostgreSQL).
                                    try await store.releaseStaleClaims(isAlive: { ProcessToken.isAlive($0) })
                                    if !follow, try await store.stateCounts(pinId: nil).downloading == 0 { return }
                                    try await Task.sleep(for: Self.workerIdleWait)
                                    continue
                                }
                                let outcome = try await worker.process(claim)
                                tally.value.withLock { $0.add(outcome) }
                                if case .deferred = outcome {
                                    // The server throttles: this worker stops, or with --follow waits.
                                    if !follow { return }
                                    try await Task.sleep(for: Self.throttledWait)
                                }
                            }
                        }
                    }
                    try await group.waitForAll()
                }
            }
        } catch {
            // Photos this worker holds go back to the queue now rather than when it (or its lease) dies.
            await giveBack(of: owner)
            // Stopped on purpose (SIGTERM, SIGINT): a download cut short is no error.
            if !Task.isCancelled, !(error is CancellationError) {
                throw (error as? AlbumError) ?? .io("worker stopped", cause: .of(error))
            }
        }
        if Task.isCancelled { await giveBack(of: owner) }
        return tally.value.withLock { $0 }
    }

    /// Gives back every photo `owner` holds, from a task of its own: a cancelled task's queries
    /// may be cancelled too.
    private func giveBack(of owner: ClaimOwner) async {
        let store = self.store
        _ = await Task { try? await store.releaseClaims(of: owner) }.value
    }

    private final class Tally: Sendable {
        let value = Mutex(WorkerReport())
    }

    /// Runs `body` while a task renews this process's claims every `store.claimRenewal` (a store
    /// that leases): its photo claims, or what `renew` renews (`album due`'s held reminders); just
    /// `body` on SQLite.
    func withClaimRenewal<T: Sendable, E: Error>(
        renewing renew: (@Sendable () async throws(AlbumError) -> Void)? = nil, _ body: () async throws(E) -> T
    ) async throws(E) -> T {
        guard let every = store.claimRenewal else { return try await body() }
        let store = self.store
        let renewal = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: every)
                if Task.isCancelled { break }
                if let renew { try? await renew() } else { try? await store.renewClaims() }
            }
        }
        defer { renewal.cancel() }
        return try await body()
    }

    /// What `album worker` downloads with: no source to search (the photos are queued with their
    /// URLs), one HTTP client, the imaging step.
    public static func workerEnvironment(maxConnectionsPerHost: Int) throws(AlbumError) -> FetchEnvironment {
        let client = try FetchEnvironment.makeClient(maxConnectionsPerHost: maxConnectionsPerHost)
        return FetchEnvironment(
            source: QueuedPhotos(), sourceName: "queue", endpoint: nil,
            downloader: Downloader(client: client, policy: DownloadPolicy()), processor: ImagingProcessor())
    }
}

extension WorkerReport {
    mutating func add(_ outcome: PhotoWorker.Outcome) {
        switch outcome {
        case .downloaded(let bytes): downloaded += 1; self.bytes += bytes
        case .failed: failed += 1
        case .dropped: dropped += 1
        case .deferred: deferred += 1
        }
    }
}

/// The worker's stand-in source: it downloads queued photos and searches nothing (a bundle's
/// `file://` photos fail: fetch them with `album fetch` or `album resume`, which know the bundle).
struct QueuedPhotos: PhotoSource {
    var name: String { "the queue" }
    func search(_ query: SearchQuery) async throws -> SearchPage {
        throw AlbumError.source("album worker downloads queued photos and searches nothing")
    }
}
