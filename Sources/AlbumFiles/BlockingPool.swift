import Foundation

/// A few dedicated threads for blocking work (SQLite writes that may wait on another process's
/// lock, image decodes, file writes), so it never occupies Swift's cooperative pool, which has
/// only as many threads as cores (2 here). A pool's threads keep it alive until `shutdown()`.
public final class BlockingPool: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var stopping = false
    private var threads: [Thread] = []

    /// A pool shared by the whole process: one thread per core.
    public static let shared = BlockingPool(threads: ProcessInfo.processInfo.activeProcessorCount)

    /// Starts `threads` worker threads (at least one).
    public init(threads count: Int, name: String = "geoalbum.blocking") {
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
