import AlbumKit
import Foundation

/// A live progress bar on stderr, only when stderr is a terminal.
enum ProgressBar {
    static let enabled = isatty(STDERR_FILENO) == 1

    /// A gate that lets through at most ten redraws a second, and always the last one.
    static func throttle() -> @Sendable (_ isLast: Bool) -> Bool {
        let lastDrawn = Locked(ContinuousClock.now - .seconds(1))
        return { isLast in
            let now = ContinuousClock.now
            return lastDrawn.withLock { last in
                guard isLast || now - last >= .milliseconds(100) else { return false }
                last = now
                return true
            }
        }
    }

    /// One bar for one pin's download.
    static func reporter(label: String) -> @Sendable (FetchProgress) -> Void {
        guard enabled else { return { _ in } }
        let start = ContinuousClock.now
        let due = throttle()
        return { p in
            guard due(p.done == p.total) else { return }
            draw(label: label, done: p.done, total: p.total, bytes: p.bytes, since: start, unit: "photos")
            if p.done == p.total { Output.toStderr(Data("\n".utf8)) }
        }
    }

    /// One bar for a whole batch: the pins fetched side by side add up (`pins` is how many lines
    /// the file has; totals grow as pins are searched).
    static func batchReporter(pins: Int) -> @Sendable (FetchProgress) -> Void {
        guard enabled else { return { _ in } }
        let start = ContinuousClock.now
        let due = throttle()
        let perPin = Locked<[Int64: FetchProgress]>([:])
        return { p in
            let (done, total, bytes, finishedPins) = perPin.withLock { all in
                all[p.pinId] = p
                return all.values.reduce(into: (0, 0, Int64(0), 0)) { sum, one in
                    sum = (sum.0 + one.done, sum.1 + one.total, sum.2 + one.bytes, sum.3 + (one.done == one.total ? 1 : 0))
                }
            }
            guard due(finishedPins == pins) else { return }
            draw(label: "batch \(finishedPins)/\(pins) pins", done: done, total: total, bytes: bytes, since: start, unit: "photos")
            if finishedPins == pins { Output.toStderr(Data("\n".utf8)) }
        }
    }

    private static func draw(label: String, done: Int, total: Int, bytes: Int64, since start: ContinuousClock.Instant, unit: String) {
        let elapsed = ContinuousClock.now - start
        let seconds = max(0.001, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        let width = 24
        let filled = total == 0 ? width : width * done / total
        let eta = done == 0 ? "?" : "\(Int(seconds / Double(done) * Double(total - done)))s"
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let line = String(format: "\r%@ [%@] %d/%d %@  %.1f MB  %.1f MB/s  ETA %@\u{1B}[K",
                          label, bar, done, total, unit, Double(bytes) / 1e6, Double(bytes) / seconds / 1e6, eta)
        Output.toStderr(Data(line.utf8))
    }
}

/// A value behind a lock, for the progress callbacks that several downloads call at once (an
/// NSLock: `album` imports no module beyond AlbumKit, AlbumModel, ArgumentParser and Foundation).
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
