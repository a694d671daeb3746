import Synchronization
/// A clock for tests: `sleep` returns at once, moves the clock forward and records the duration.
public final class RecordingClock: Clock, Sendable {
    public struct Instant: InstantProtocol, Hashable {
        public var offset: Duration
        public init(offset: Duration) { self.offset = offset }
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
    }

    private let state = Mutex((now: Instant(offset: .zero), sleeps: [Duration]()))

    public init() {}

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }

    /// Every duration slept, in order.
    public var sleeps: [Duration] { state.withLock { $0.sleeps } }

    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        state.withLock { state in
            state.sleeps.append(max(.zero, state.now.duration(to: deadline)))
            if state.now < deadline { state.now = deadline }
        }
    }
}
