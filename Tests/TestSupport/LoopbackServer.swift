import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real HTTP/1.1 server on 127.0.0.1, on a port the kernel picks, for tests.
///
/// Keep-alive connections, one thread per connection (at most `maxConnections` at once; more wait
/// in the listen backlog). Every request is recorded, then answered as `handler` says — including
/// faults other servers make hard: truncated bodies, dropped connections, slow answers.
///
/// ```swift
/// let server = try LoopbackServer { request in .json(#"{"stat":"ok"}"#) }
/// let url = server.baseURL + "/services/rest/?method=x"
/// ```
public final class LoopbackServer: Sendable {
    /// The port it listens on.
    public let port: Int
    private let core: ServerCore

    /// Starts listening at once.
    /// - Throws: `AlbumError.io`-like `ServerError` when the socket cannot be bound.
    public init(maxConnections: Int = 64, _ handler: @escaping @Sendable (ServerRequest) -> Reply) throws {
        core = try ServerCore(maxConnections: maxConnections, handler: handler)
        port = core.port
        core.start()
    }

    deinit { core.stop() }

    /// `http://127.0.0.1:PORT`
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Every request read so far, in arrival order.
    public var requests: [ServerRequest] { core.state.withLock { $0.requests } }

    /// How many requests asked for `path` (without query).
    public func requestCount(path: String) -> Int { requests.filter { $0.path == path }.count }

    /// TCP connections accepted so far.
    public var connectionCount: Int { core.state.withLock { $0.connections } }

    /// The most requests that were being answered at the same moment.
    public var maxConcurrentRequests: Int { core.state.withLock { $0.maxInFlight } }

    /// Closes every connection and stops listening. Also done in `deinit`.
    public func stop() { core.stop() }
}

/// Why the loopback server could not start.
public struct ServerError: Error, CustomStringConvertible {
    public let description: String
}
