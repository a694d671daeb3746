/// An HTTP client for many concurrent GET transfers, on libcurl's multi interface.
///
/// One dedicated thread drives every transfer of a client, so transfers overlap without using
/// the Swift concurrency pool's few threads for blocking work. Connections are reused (HTTP/2
/// multiplexed where the server offers it); only http and https are fetched, redirects included;
/// TLS certificates are verified. Any HTTP status is a response, not an error.
///
/// ```swift
/// let client = try HTTPClient()
/// let response = try await client.send(HTTPRequest(url: "https://example.org/"))
/// ```
public final class HTTPClient: Sendable {
    /// Limits shared by every transfer of one client.
    public struct Configuration: Sendable {
        /// `GeoAlbum/<version> (+libcurl)`.
        public static let defaultUserAgent = "GeoAlbum/\(geoAlbumVersion) (+libcurl)"
        /// The version named in the default User-Agent.
        public static let geoAlbumVersion = "0.1.0"

        public var userAgent: String
        /// Redirects followed before a transfer fails with `HTTPError.transport`.
        public var maxRedirects: Int
        public var connectTimeout: Duration
        /// Open connections to one host; further transfers wait for one to be free.
        public var maxConnectionsPerHost: Int
        /// Open connections in all.
        public var maxTotalConnections: Int

        public init(
            userAgent: String = defaultUserAgent, maxRedirects: Int = 5, connectTimeout: Duration = .seconds(10),
            maxConnectionsPerHost: Int = 8, maxTotalConnections: Int = 64
        ) {
            self.userAgent = userAgent
            self.maxRedirects = maxRedirects
            self.connectTimeout = connectTimeout
            self.maxConnectionsPerHost = maxConnectionsPerHost
            self.maxTotalConnections = maxTotalConnections
        }
    }

    public let configuration: Configuration
    private let loop: TransferLoop

    /// Starts the client's transfer thread.
    /// - Throws: `HTTPError.transport` when libcurl cannot be initialised.
    public init(configuration: Configuration = .init()) throws(HTTPError) {
        self.configuration = configuration
        loop = try TransferLoop(configuration: configuration)
        loop.start()
    }

    /// Stops the transfer thread. No transfer can be running: each one holds the client.
    deinit { loop.stop() }

    /// Fetches `request.url` and returns whatever the server answered, any status included.
    /// Cancelling the calling task removes the transfer.
    /// - Throws: `HTTPError` when there is no complete response: a refused or non-http(s) URL, a
    ///   time-out, a connection failure or truncated body (`.transport`, transient), a body over
    ///   `request.maxBodyBytes`, or cancellation.
    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        let transfer = try CurlTransfer(id: loop.nextID(), request: request, configuration: configuration)
        let loop = self.loop
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfer.setContinuation(continuation)
                loop.submit(transfer)
            }
        } onCancel: {
            loop.cancel(transfer)
        }
        return try result.get()
    }
}
