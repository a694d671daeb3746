import Foundation
import Synchronization

/// Set once when the server starts to stop: long answers (event streams) end at their next tick.
final class StopSignal: Sendable {
    private let flag = Atomic<Bool>(false)
    var isSet: Bool { flag.load(ordering: .relaxed) }
    func set() { flag.store(true, ordering: .relaxed) }
}

/// Server-sent events for one album: the album's JSON whenever it changes, polled from the
/// library (so changes made by other `album` processes show too), and a comment every 15 s so
/// proxies and the browser keep the connection. A client that goes away ends the stream: the
/// next write fails and the server drops the connection; nothing else is affected.
final class AlbumEventSource: @unchecked Sendable {
    private let snapshot: @Sendable () async -> Data?
    private let interval: Duration
    private var last: Data?
    private var quietFor: Duration = .zero
    private var first = true
    private var ended = false
    private let lock = NSLock()
    private let stopping: StopSignal

    /// - Parameter snapshot: the album's JSON now, or nil when the pin is gone (the stream ends).
    init(interval: Duration = .milliseconds(200), stopping: StopSignal = StopSignal(), snapshot: @escaping @Sendable () async -> Data?) {
        self.interval = interval
        self.stopping = stopping
        self.snapshot = snapshot
    }

    /// The next chunk: an event when the album changed, a keep-alive comment, or nil at the end.
    func next() async throws -> [UInt8]? {
        if lock.withLock({ ended }) { return nil }
        if takeFirst() {
            guard let data = await snapshot() else { return nil }
            remember(data)
            return Array("retry: 1000\n\n".utf8) + Self.event(data)
        }
        while true {
            try await Task.sleep(for: interval)
            if stopping.isSet { return nil }
            guard let data = await snapshot() else {
                lock.withLock { ended = true }
                return Array("event: gone\ndata: {}\n\n".utf8)
            }
            if changed(data) { return Self.event(data) }
            if tick() { return Array(": keep-alive\n\n".utf8) }
        }
    }

    static func event(_ data: Data) -> [UInt8] {
        Array("event: album\ndata: ".utf8) + Array(data) + Array("\n\n".utf8)
    }

    private func takeFirst() -> Bool { lock.withLock { defer { first = false }; return first } }
    private func remember(_ data: Data) { lock.withLock { last = data } }
    private func changed(_ data: Data) -> Bool {
        lock.withLock {
            guard data != last else { return false }
            last = data
            quietFor = .zero
            return true
        }
    }
    private func tick() -> Bool {
        lock.withLock {
            quietFor += interval
            guard quietFor >= .seconds(15) else { return false }
            quietFor = .zero
            return true
        }
    }
}
