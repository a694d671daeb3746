import Foundation

/// The one pool for blocking work: a few dedicated threads for SQLite calls that may wait on
/// another process's lock, image decodes, file reads and writes, so none of it occupies Swift's
/// cooperative pool, which has only as many threads as cores (2 here). `run` takes one job from
/// async code; `map` spreads a batch over the threads. A pool's threads keep it alive until
/// `shutdown()`.
public final class BlockingPool: @unchecked Sendable {
    /// How many threads the pool started.
    public let threadCount: Int

    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var stopping = false
    private var threads: [Thread] = []

    /// A pool shared by the whole process: one thread per core.
    public static let shared = BlockingPool(threads: ProcessInfo.processInfo.activeProcessorCount)

    /// Starts `threads` worker threads (at least one).
    public init(threads count: Int, name: String = "geoalbum.blocking") {
        threadCount = max(1, count)
        for index in 0..<max(1, count) {
            let thread = Thread { self.work() }
            thread.name = "\(name).\(index)"
            thread.stackSize = 4 << 20
            threads.append(thread)
            thread.start()
        }
    }

    /// Lets the threads finish the queued jobs and exit.
    public func shutdown() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
    }

    /// Runs `body` on one of the pool's threads and returns its result.
    @discardableResult
    public func run<T: Sendable, E: Error>(_ body: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
        let result: Result<T, E> = await withCheckedContinuation { continuation in
            submit {
                do throws(E) {
                    continuation.resume(returning: .success(try body()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }

    /// Applies `body` to every item on the pool's threads, at most `width` (default: all the
    /// pool's threads) at once, and returns the results in the order of `items`.
    public func map<Item: Sendable, Output: Sendable>(
        _ items: [Item], width: Int? = nil, _ body: @escaping @Sendable (Item) -> Output
    ) async -> [Output] {
        guard !items.isEmpty else { return [] }
        let batch = Batch(items: items, body: body)
        let count = min(max(1, width ?? threadCount), items.count)
        return await withCheckedContinuation { continuation in
            batch.onFinish = { continuation.resume(returning: $0) }
            batch.running = count
            for _ in 0..<count { submit { batch.drain() } }
        }
    }

    /// The shared queue of one `map` call: the next index to take and the results so far.
    private final class Batch<Item: Sendable, Output: Sendable>: @unchecked Sendable {
        private let items: [Item]
        private let body: @Sendable (Item) -> Output
        private let lock = NSLock()
        private var next = 0
        private var results: [Output?]
        // Set before any job is submitted, then read under `lock`.
        var running = 0
        var onFinish: (([Output]) -> Void)?

        init(items: [Item], body: @escaping @Sendable (Item) -> Output) {
            self.items = items
            self.body = body
            results = Array(repeating: nil, count: items.count)
        }

        /// Takes items until none are left; the last job to stop delivers the results.
        func drain() {
            while let index = take() {
                let result = body(items[index])
                lock.withLock { results[index] = result }
            }
            let finish: (([Output]) -> Void)? = lock.withLock {
                running -= 1
                return running == 0 ? onFinish : nil
            }
            finish?(results.compactMap { $0 })
        }

        private func take() -> Int? {
            lock.withLock {
                guard next < items.count else { return nil }
                defer { next += 1 }
                return next
            }
        }
    }

    private func submit(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopping { condition.wait() }
            if jobs.isEmpty && stopping {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job()
        }
    }
}
