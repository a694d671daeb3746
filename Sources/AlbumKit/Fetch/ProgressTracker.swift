import Foundation

/// Counts finished photos for the progress callback.
final class ProgressTracker: @unchecked Sendable {
    private let lock = NSLock()
    private var progress: FetchProgress
    private let report: @Sendable (FetchProgress) -> Void

    init(pinId: Int64, total: Int, alreadyDone: Int, report: @escaping @Sendable (FetchProgress) -> Void) {
        progress = FetchProgress(pinId: pinId, done: alreadyDone, total: total, bytes: 0)
        self.report = report
        report(progress)
    }

    func finished(bytes: Int64) {
        lock.lock()
        progress.done += 1
        progress.bytes += bytes
        let snapshot = progress
        lock.unlock()
        report(snapshot)
    }
}
