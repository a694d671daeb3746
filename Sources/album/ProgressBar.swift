import AlbumKit
import Foundation
import Synchronization

/// A live progress bar on stderr, only when stderr is a terminal.
enum ProgressBar {
    static let enabled = isatty(STDERR_FILENO) == 1

    /// A gate that lets through at most ten redraws a second, and always the last one.
    static func throttle() -> @Sendable (_ isLast: Bool) -> Bool {
        let lastDrawn = Mutex(ContinuousClock.now - .seconds(1))
        return { isLast in
            let now = ContinuousClock.now
            return lastDrawn.withLock { last in
                guard isLast || now - last >= .milliseconds(100) else { return false }
                last = now
                return true
            }
        }
    }

    static func reporter(label: String) -> @Sendable (FetchProgress) -> Void {
        guard enabled else { return { _ in } }
        let start = ContinuousClock.now
        let due = throttle()
        return { p in
            guard due(p.done == p.total) else { return }
            let seconds = max(0.001, Double((ContinuousClock.now - start).components.seconds)
                + Double((ContinuousClock.now - start).components.attoseconds) / 1e18)
            let width = 24
            let filled = p.total == 0 ? width : width * p.done / p.total
            let rate = Double(p.bytes) / seconds
            let left = p.total - p.done
            let eta = p.done == 0 ? "?" : "\(Int(seconds / Double(max(1, p.done)) * Double(left)))s"
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            let line = String(format: "\r%@ [%@] %d/%d photos  %.1f MB  %.1f MB/s  ETA %@\u{1B}[K",
                              label, bar, p.done, p.total, Double(p.bytes) / 1e6, rate / 1e6, eta)
            FileHandle.standardError.write(Data(line.utf8))
            if p.done == p.total { FileHandle.standardError.write(Data("\n".utf8)) }
        }
    }
}
