import AlbumCore
import AlbumModel
import Foundation

/// Where the server's fetches come from: the `FetchEnvironment` for a pin (its recorded source,
/// else the `--source` of `album serve`), made by the command line.
public typealias EnvironmentFactory = @Sendable (_ pinId: Int64) async throws(AlbumError) -> FetchEnvironment

/// The fetches the server runs in the background, at most one per pin at a time.
actor FetchJobs {
    let library: Library
    let makeEnvironment: EnvironmentFactory
    let options: FetchOptions
    private var running: [Int64: Task<Void, Never>] = [:]
    /// The last failure of a pin's job (a source error), shown on its album page.
    private var failures: [Int64: String] = [:]

    init(library: Library, makeEnvironment: @escaping EnvironmentFactory, options: FetchOptions) {
        self.library = library
        self.makeEnvironment = makeEnvironment
        self.options = options
    }

    enum Kind: Sendable { case fetch, refetch, newCollection, resume }

    /// Whether a job runs for this pin.
    func isRunning(_ pinId: Int64) -> Bool { running[pinId] != nil }

    func failure(_ pinId: Int64) -> String? { failures[pinId] }

    /// Starts a job for the pin unless one runs. - Returns: false when one was already running.
    @discardableResult
    func start(_ kind: Kind, pinId: Int64) -> Bool {
        guard running[pinId] == nil else { return false }
        failures[pinId] = nil
        let library = library, options = options, makeEnvironment = makeEnvironment
        running[pinId] = Task.detached { [weak self] in
            var failure: String?
            do {
                let environment = try await makeEnvironment(pinId)
                switch kind {
                case .fetch: _ = try await library.fetch(pinId: pinId, options: options, environment: environment)
                case .refetch:
                    var again = options
                    again.refresh = true
                    _ = try await library.fetch(pinId: pinId, options: again, environment: environment)
                case .newCollection: _ = try await library.newCollection(pinId: pinId, concurrency: options.concurrency, environment: environment)
                case .resume: _ = try await library.downloadAlbum(pinId: pinId, concurrency: options.concurrency, environment: environment)
                }
            } catch {
                failure = (error as? AlbumError)?.description ?? "\(error)"
            }
            await self?.finished(pinId, failure: failure)
        }
        return true
    }

    private func finished(_ pinId: Int64, failure: String?) {
        running[pinId] = nil
        if let failure { failures[pinId] = failure }
    }

    /// Cancels every running job and waits for it: a cancelled download gives its photo back
    /// to the queue (`PhotoWorker`), so the next `album resume` or fetch picks it up.
    func cancelAll() async {
        for task in running.values { task.cancel() }
        await waitForAll()
    }

    /// Waits for every running job (for tests and shutdown).
    func waitForAll() async {
        while let task = running.values.first { await task.value }
    }
}
