import Synchronization

/// Failed logins per key (an account's email, a client's address), as a plain value with the
/// time passed in: at most `limit` failures in any `window` seconds; past that, the key waits
/// until its oldest failure in the window is `window` old (the `Retry-After` of the 429).
/// In memory: a restart forgets, which costs an attacker one restart per `limit` guesses.
public struct LoginLimits: Sendable {
    public var limit: Int
    public var window: Int64
    /// Keys kept at most; past that the least recent go first (memory stays bounded).
    public var maxKeys: Int

    public init(limit: Int = 5, window: Int64 = 60, maxKeys: Int = 100_000) {
        self.limit = limit
        self.window = window
        self.maxKeys = maxKeys
    }

    /// Failure times of each key, pruned to the window.
    public struct State: Sendable {
        var failures: [String: [Int64]] = [:]
        public init() {}
    }

    /// Seconds until `key` may try again, or nil when it may now.
    public func wait(_ key: String, in state: State, now: Int64) -> Int64? {
        let recent = (state.failures[key] ?? []).filter { $0 > now - window }
        guard recent.count >= limit, let oldest = recent.first else { return nil }
        return max(1, oldest + window - now)
    }

    /// Records a failure of `key` at `now`.
    public func fail(_ key: String, in state: inout State, now: Int64) {
        var recent = (state.failures[key] ?? []).filter { $0 > now - window }
        recent.append(now)
        state.failures[key] = Array(recent.suffix(limit))
        if state.failures.count > maxKeys {
            state.failures = state.failures.filter { ($0.value.last ?? 0) > now - window }
            while state.failures.count > maxKeys, let stalest = state.failures.min(by: { ($0.value.last ?? 0) < ($1.value.last ?? 0) }) {
                state.failures[stalest.key] = nil
            }
        }
    }

    /// Forgets `key`'s failures (a successful login forgets its account's, not its address's).
    public func clear(_ key: String, in state: inout State) { state.failures[key] = nil }
}

/// `LoginLimits` shared by a server's requests.
public final class LoginLimiter: Sendable {
    public let limits: LoginLimits
    private let state = Mutex(LoginLimits.State())

    public init(_ limits: LoginLimits = LoginLimits()) { self.limits = limits }

    /// The longest wait of any of `keys`, or nil when all may try.
    public func wait(_ keys: [String], now: Int64) -> Int64? {
        state.withLock { state in keys.compactMap { limits.wait($0, in: state, now: now) }.max() }
    }

    public func fail(_ keys: [String], now: Int64) {
        state.withLock { state in for key in keys { limits.fail(key, in: &state, now: now) } }
    }

    public func clear(_ key: String) { state.withLock { limits.clear(key, in: &$0) } }
}
