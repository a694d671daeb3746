import AlbumKit
import AlbumModel
import FlyingFox
import FlyingSocks
import Foundation
import Synchronization

/// `album serve`: pages and a JSON API over one `Library`, on FlyingFox (decision 0011).
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
    let http: HTTPServer
    let jobs: FetchJobs
    /// GET answers kept while the library is unchanged.
    let cache: AnswerCache
    private let run = RunState()

    /// The listening task and how it ended.
    final class RunState: Sendable {
        let failure = Mutex<String?>(nil)
        let task = Mutex<Task<Void, Never>?>(nil)
    }

    /// - Throws: `AlbumError.invalidInput` for a host that is not an IP address or `localhost`,
    ///   or a non-loopback host without a token.
    public init(library: Library, assets: WebAssets, settings: Settings, makeEnvironment: @escaping EnvironmentFactory) throws(AlbumError) {
        let loopback = Self.isLoopback(settings.host)
        guard loopback || settings.token != nil else {
            throw .invalidInput("--host \(settings.host) is not loopback: a --token is required")
        }
        self.settings = settings
        policy = AccessPolicy(token: settings.token, loopbackOnly: loopback)
        jobs = FetchJobs(library: library, makeEnvironment: makeEnvironment, options: settings.fetch)
        let address = try Self.address(settings.host, port: settings.port)
        cache = settings.keepsAnswers ? AnswerCache() : AnswerCache(maxAnswerBytes: -1)
        let handler = AlbumAPI(library: library, jobs: jobs, policy: policy, assets: assets, cache: cache)
        http = HTTPServer(config: .init(address: address, timeout: 60, pool: NoDelayPool(), logger: .disabled), handler: handler)
    }

    /// Starts listening. - Returns: the port.
    /// - Throws: `AlbumError.io` naming the address when it cannot be bound (a port in use).
    public func start() async throws(AlbumError) -> UInt16 {
        let http = http, run = run
        let task = Task {
            do { try await http.run() } catch { run.failure.withLock { $0 = Self.describe(error) } }
        }
        run.task.withLock { $0 = task }
        for _ in 0..<500 {
            if let error = run.failure.withLock({ $0 }) {
                throw .io("cannot listen on \(settings.host):\(settings.port): \(error)")
            }
            if let address = await http.listeningAddress {
                switch address {
                case .ip4(_, let port), .ip6(_, let port): return port
                case .unix: return 0
                }
            }
            try? await Task.sleep(for: .milliseconds(10))
        }
        throw .io("cannot listen on \(settings.host):\(settings.port): timed out")
    }

    /// Runs until the server stops.
    public func wait() async {
        let task = run.task.withLock { $0 }
        await task?.value
    }

    /// Stops listening and waits for the background fetches.
    public func stop() async {
        await http.stop(timeout: 1)
        await jobs.waitForAll()
    }

    /// Waits until no fetch started by the server is running.
    public func waitForFetches() async { await jobs.waitForAll() }

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    static func address(_ host: String, port: UInt16) throws(AlbumError) -> any SocketAddress {
        do {
            if host == "localhost" { return try sockaddr_in.inet(ip4: "127.0.0.1", port: port) }
            if host.contains(":") { return try sockaddr_in6.inet6(ip6: host, port: port) }
            return try sockaddr_in.inet(ip4: host, port: port)
        } catch {
            throw .invalidInput("--host \(host) is not an IP address or localhost")
        }
    }

    static func describe(_ error: any Error) -> String {
        let text = "\(error)"
        if text.contains("EADDRINUSE") || text.lowercased().contains("address already in use") || text.contains("98") {
            return "the port is in use (\(text))"
        }
        return text
    }
}
