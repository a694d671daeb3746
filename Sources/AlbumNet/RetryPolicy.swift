/// How often and how long to wait before trying a transient failure again.
///
/// Delays grow exponentially from `baseDelay` with "equal jitter" (a random point in the upper
/// half of the step) so many clients that failed together do not retry together. A server's
/// `Retry-After` is honoured as a minimum; every delay is capped at `maxDelay`.
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts in all, the first included; 1 means never retry.
    public var maxAttempts: Int
    public var baseDelay: Duration
    public var maxDelay: Duration

    public init(maxAttempts: Int = 4, baseDelay: Duration = .milliseconds(500), maxDelay: Duration = .seconds(30)) {
        self.maxAttempts = Swift.max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
    }

    /// Whether another attempt is allowed after `attempt` attempts (counted from 1) failed.
    public func allowsRetry(afterAttempt attempt: Int) -> Bool { attempt < maxAttempts }

    /// The wait before attempt `attempt + 1`: `baseDelay · 2^(attempt-1)`, jittered into its upper
    /// half, at least `retryAfter`, at most `maxDelay`.
    public func delay(
        afterAttempt attempt: Int, retryAfter: Duration?, using generator: inout some RandomNumberGenerator
    ) -> Duration {
        let cap = maxDelay.seconds
        let step = Swift.min(cap, baseDelay.seconds * Double(1 << Swift.min(Swift.max(attempt - 1, 0), 30)))
        let jittered = step / 2 + Double.random(in: 0...(step / 2), using: &generator)
        let wanted = Swift.max(jittered, retryAfter?.seconds ?? 0)
        return .milliseconds(Int((Swift.min(wanted, cap) * 1000).rounded()))
    }

    /// `delay(afterAttempt:retryAfter:using:)` with the system's random number generator.
    public func delay(afterAttempt attempt: Int, retryAfter: Duration?) -> Duration {
        var generator = SystemRandomNumberGenerator()
        return delay(afterAttempt: attempt, retryAfter: retryAfter, using: &generator)
    }
}
