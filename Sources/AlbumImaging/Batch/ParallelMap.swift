import Foundation

/// Maps blocking work (file reads, JPEG decoding) over many inputs on a few threads started for
/// the batch. (For one job at a time from async code, AlbumFiles.BlockingPool keeps its threads.)
///
/// Decoding a photo blocks its thread for tens of milliseconds. On Swift's cooperative pool
/// (one thread per core) that would starve every other task; here it runs on threads of its own,
/// at most `threads` at a time, while the awaiting task is suspended.
public struct ParallelMap: Sendable {
    /// How many items run at once.
    public let threads: Int

    /// - Parameter threads: at most this many items at once (default: one per core).
    public init(threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.threads = max(1, threads)
    }

    /// Applies `body` to every item and returns the results in the order of `items`.
    public func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], _ body: @escaping @Sendable (Item) -> Result
    ) async -> [Result] {
        guard !items.isEmpty else { return [] }
        let work = Work(items: items, body: body)
        let count = min(threads, items.count)
        return await withCheckedContinuation { continuation in
            work.onFinish = { continuation.resume(returning: $0) }
            work.running = count
            for _ in 0..<count {
                let thread = Thread { work.drain() }
                thread.stackSize = 4 << 20
                thread.start()
            }
        }
    }

    /// The shared queue of one `map` call: the next index to take and the results so far.
    private final class Work<Item: Sendable, Result: Sendable>: @unchecked Sendable {
        private let items: [Item]
        private let body: @Sendable (Item) -> Result
        private let lock = NSLock()
        private var next = 0
        private var results: [Result?]
        // Set before any thread starts, then read under `lock`.
        var running = 0
        var onFinish: (([Result]) -> Void)?

        init(items: [Item], body: @escaping @Sendable (Item) -> Result) {
            self.items = items
            self.body = body
            results = Array(repeating: nil, count: items.count)
        }

        /// Takes items until none are left; the last thread to stop delivers the results.
        func drain() {
            while let index = take() {
                let result = body(items[index])
                lock.withLock { results[index] = result }
            }
            let finish: (([Result]) -> Void)? = lock.withLock {
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
}
