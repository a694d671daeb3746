import AlbumCore
import AlbumModel
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization
import UnixSignals

/// `album serve`: pages and a JSON API over one `Library`, on Hummingbird and SwiftNIO
/// (decision 0036). Stopping (`stop()`, or SIGTERM/SIGINT when `start(signals:)` names them)
/// stops accepting, lets requests in flight finish (at most `Settings.shutdownGrace`; event
/// streams end at once), then cancels the background fetches, which give back the photos they
/// hold, and returns from `wait()`.
public final class AlbumWebServer: Sendable {
    /// How the server listens and fetches.
    public struct Settings: Sendable {
        /// An IPv4 or IPv6 address, or `localhost`.
        public var host: String
        /// 0 picks a free port.
        public var port: UInt16
        /// Required unless `host` is loopback; nil there leaves the server open to this machine.
        public var token: String?
        /// How pins dropped in the browser are fetched.
        public var fetch: FetchOptions
        /// Keep GET answers while the library is unchanged (`AnswerCache`); off only to measure.
        public var keepsAnswers: Bool
        /// Request size and time limits.
        public var limits = ConnectionLimits()
        /// How long requests in flight may take to finish once the server stops.
        public var shutdownGrace: Duration = .seconds(10)
        /// The largest file an upload (`POST /api/entries`) takes.
        public var maxUploadBytes = 256 << 20
        /// Unix seconds, for share links (when made, whether expired): the real time, except in tests.
        public var clock: @Sendable () -> Int64 = Settings.realClock
        public static let realClock: @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970) }
        /// How long an `Idempotency-Key` claimed with no answer (its server died) waits before
        /// another request takes it over.
        public var claimSeconds: Int64 = 120
        /// The sync fault run only: exit (status 137, as if killed) after this many changes made
        /// with an `Idempotency-Key` committed, before the last one's answer is kept.
        public var exitBeforeAnswer: Int?

        public init(
            host: String = "127.0.0.1", port: UInt16 = 8080, token: String? = nil, fetch: FetchOptions = FetchOptions(),
            keepsAnswers: Bool = true
        ) {
            self.host = host
            self.port = port
            self.token = token
            self.fetch = fetch
            self.keepsAnswers = keepsAnswers
        }
    }

    public let settings: Settings
    public let policy: AccessPolicy
    let jobs: FetchJobs
    /// GET answers kept while the library is unchanged.
    let cache: AnswerCache
    let stopping = StopSignal()
    let responder: AlbumAPI
    /// The first responder: logins and each user's own API on a library with users.
    let front: FrontResponder
    private let run = RunState()

    /// The running service group and how it ended.
    final class RunState: Sendable {
        let failure = Mutex<String?>(nil)
        let port = Mutex<Int?>(nil)
        let group = Mutex<ServiceGroup?>(nil)
        let task = Mutex<Task<Void, Never>?>(nil)
        /// The service group has returned: every request has ended.
        let ended = Mutex(false)
    }

    /// - Throws: `AlbumError.invalidInput` for a host that is not an IP address or `localhost`,
    ///   or a non-loopback host without a token.
    /// - Parameter accounts: on a library with users, the logins and the users' partitions
    ///   (decision 0046); then no token is needed on any address.
    public init(
        library: Library, assets: WebAssets, settings: Settings, makeEnvironment: @escaping EnvironmentFactory,
        accounts: ServerAccounts? = nil
    ) throws(AlbumError) {
        let loopback = Self.isLoopback(settings.host)
        guard Self.isAddress(settings.host) else { throw .invalidInput("--host \(settings.host) is not an IP address or localhost") }
        guard loopback || settings.token != nil || accounts != nil else {
            throw .invalidInput("--host \(settings.host) is not loopback: a --token is required")
        }
        if accounts != nil, settings.token != nil {
            throw .invalidInput("this library has users, who log in: --token is for a library without users")
        }
        self.settings = settings
        policy = AccessPolicy(token: settings.token, loopbackOnly: loopback, host: settings.host)
        jobs = FetchJobs(library: library, makeEnvironment: makeEnvironment, options: settings.fetch)
        cache = settings.keepsAnswers ? AnswerCache() : AnswerCache(maxAnswerBytes: -1)
        let root = AlbumAPI(
            library: library, jobs: jobs, policy: policy, assets: assets, cache: cache, stopping: stopping, maxUploadBytes: settings.maxUploadBytes,
            shareScope: accounts.map { ShareScope(library: library, userId: $0.ownerId) }, clock: settings.clock,
            faults: AlbumAPI.Faults(claimSeconds: settings.claimSeconds, exitBeforeAnswer: settings.exitBeforeAnswer))
        responder = root
        front = FrontResponder(root: root, users: accounts.map { UserAPIs(root: root, setup: $0) })
    }

    /// Starts listening. - Returns: the port.
    /// - Parameter stopsOnSignals: SIGTERM and SIGINT stop the server gracefully (`album serve`).
    /// - Throws: `AlbumError.io` naming the address when it cannot be bound (a port in use).
    public func start(stopsOnSignals: Bool = false) async throws(AlbumError) -> UInt16 {
        let signals: [UnixSignal] = stopsOnSignals ? [.sigterm, .sigint] : []
        let run = run, limits = settings.limits
        var logger = Logger(label: "album-serve")
        logger.logLevel = .critical
        let host = settings.host == "localhost" ? "127.0.0.1" : settings.host
        let app = Application(
            responder: front,
            server: HTTPServerBuilder { responder in LimitedHTTP1Channel(responder: responder, limits: limits) },
            configuration: .init(address: .hostname(host, port: Int(settings.port)), serverName: nil, backlog: 1024),
            onServerRunning: { channel in run.port.withLock { $0 = channel.localAddress?.port ?? 0 } },
            logger: logger)
        // Shut down in reverse order: the watch first (event streams end), then the server.
        // A request still running when the grace and 2 s of cancellation are over: the service
        // group would end the process with a fatal error (SIGILL and a core dump). In-process
        // servers (tests) keep that; `album serve` ends itself with one line instead (`StopWatch`).
        let cutOff = settings.shutdownGrace + .seconds(2)
        let stopWatch = StopWatch(stopping: stopping, cutOff: stopsOnSignals ? cutOff : nil, ended: run)
        let watch = ServiceGroupConfiguration.ServiceConfiguration(service: stopWatch, successTerminationBehavior: .ignore)
        var configuration = ServiceGroupConfiguration(
            services: [.init(service: app), watch], gracefulShutdownSignals: signals, logger: logger)
        configuration.maximumGracefulShutdownDuration = settings.shutdownGrace
        configuration.maximumCancellationDuration = stopsOnSignals ? nil : .seconds(2)
        let group = ServiceGroup(configuration: configuration)
        run.group.withLock { $0 = group }
        let task = Task {
            do { try await group.run() } catch { run.failure.withLock { $0 = Self.describe(error) } }
            run.ended.withLock { $0 = true }
            stopping.set()
        }
        run.task.withLock { $0 = task }
        for _ in 0..<1000 {
            if let port = run.port.withLock({ $0 }) {
                policy.port = port
                return UInt16(port)
            }
            if let error = run.failure.withLock({ $0 }) {
                throw .io("cannot listen on \(settings.host):\(settings.port): \(error)")
            }
            try? await Task.sleep(for: .milliseconds(10))
        }
        throw .io("cannot listen on \(settings.host):\(settings.port): timed out")
    }

    /// Runs until the server stops (`stop()` or a signal), then stops the background fetches.
    public func wait() async {
        let task = run.task.withLock { $0 }
        await task?.value
        stopping.set()
        await jobs.cancelAll()
        for api in await front.users?.partitions() ?? [] {
            await api.jobs.cancelAll()
            await api.library.close()
        }
    }

    /// Stops accepting, lets requests in flight finish, ends event streams, and stops the
    /// background fetches (their photos go back to the queue).
    public func stop() async {
        stopping.set()
        let group = run.group.withLock { $0 }
        await group?.triggerGracefulShutdown()
        await wait()
    }

    /// Sets the stop signal when the group starts to shut down, before the server waits for
    /// the requests in flight: event streams end instead of holding the shutdown up. With a
    /// `cutOff` (`album serve`), a request that has not ended by then (one blocked in C code,
    /// which cancellation cannot reach) is cut off: one line on stderr and exit status 1, as
    /// abrupt for the library as `kill -9`, which it is made to survive (docs/reliability.md).
    struct StopWatch: Service {
        let stopping: StopSignal
        let cutOff: Duration?
        let ended: RunState
        func run() async throws {
            try? await gracefulShutdown()
            stopping.set()
            guard let cutOff else { return }
            let ended = ended
            Thread.detachNewThread {
                Thread.sleep(forTimeInterval: Double(cutOff.components.seconds) + Double(cutOff.components.attoseconds) / 1e18)
                guard !ended.ended.withLock({ $0 }) else { return }
                let line = "album: error: requests still running \(cutOff.components.seconds) s after the stop were cut off; the library keeps what they committed\n"
                FileHandle.standardError.write(Data(line.utf8))
                _exit(1)
            }
        }
    }

    /// Waits until no fetch started by the server is running.
    public func waitForFetches() async { await jobs.waitForAll() }

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || (host.hasPrefix("127.") && isAddress(host))
    }

    /// An IPv4 or IPv6 address, or `localhost`.
    static func isAddress(_ host: String) -> Bool {
        if host == "localhost" { return true }
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }

    static func describe(_ error: any Error) -> String {
        let text = "\(error)"
        if text.contains("EADDRINUSE") || text.lowercased().contains("address already in use") || text.contains("errno: 98") {
            return "the port is in use"
        }
        return text
    }
}
