/// Spaces API calls so a batch stays within a per-hour budget (Flickr allows about 3,600 calls
/// an hour per key) instead of running into 429s and failing pins. Shared by every search of
/// one source, across the pins a batch fetches side by side; time is the injected clock.
public actor RequestPacer {
    /// Time between the starts of two calls.
    public let interval: Duration
    private let clock: any Clock<Duration>
    private var nextStart: Duration?
    private let origin: any InstantProtocol<Duration>

    /// - Parameter perHour: calls allowed per hour; must be positive.
    public init(perHour: Int, clock: any Clock<Duration> = ContinuousClock()) {
        interval = .seconds(3600) / max(1, perHour)
        self.clock = clock
        origin = clock.now
    }

    /// Waits until the next call may start, and books the slot after it.
    public func waitForTurn() async throws {
        let now = elapsed()
        let start = max(now, nextStart ?? now)
        nextStart = start + interval
        if start > now { try await clock.sleep(for: start - now) }
    }

    private func elapsed() -> Duration {
        func since<I: InstantProtocol<Duration>>(_ origin: I) -> Duration {
            guard let now = clock.now as? I else { return .zero }
            return origin.duration(to: now)
        }
        return since(origin)
    }
}
