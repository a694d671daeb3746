import Foundation

/// One request (a GET unless `method` says otherwise): the URL, extra headers, a body, and the
/// limits that apply to this transfer.
public struct HTTPRequest: Sendable {
    /// An absolute `http` or `https` URL.
    public var url: String
    /// Extra request headers. The User-Agent comes from the client's configuration.
    public var headers: [String: String]
    /// The largest body accepted; a larger one ends the transfer with `HTTPError.bodyTooLarge`.
    public var maxBodyBytes: Int
    /// The longest the whole transfer (connect, redirects, body) may take.
    public var timeout: Duration
    /// A transfer slower than this for this long is cut (`HTTPError.timedOut`, "too slow"): a
    /// trickling server is not waited on for the whole `timeout`. Nil for no such limit.
    public var lowSpeed: LowSpeedLimit?
    /// `GET`, `POST`, `PUT`, `DELETE` (what `album sync` sends to a server).
    public var method = "GET"
    /// The request body (with its `Content-Type` among `headers`); nil for none.
    public var body: Data?

    public init(
        url: String, headers: [String: String] = [:], maxBodyBytes: Int = 50 << 20,
        timeout: Duration = .seconds(60), lowSpeed: LowSpeedLimit? = .standard
    ) {
        self.url = url
        self.headers = headers
        self.maxBodyBytes = maxBodyBytes
        self.timeout = timeout
        self.lowSpeed = lowSpeed
    }
}

/// "Under `bytesPerSecond` for `seconds` in a row": libcurl's low-speed limit.
public struct LowSpeedLimit: Sendable, Hashable {
    public var bytesPerSecond: Int
    public var seconds: Int

    public init(bytesPerSecond: Int, seconds: Int) {
        self.bytesPerSecond = max(1, bytesPerSecond)
        self.seconds = max(1, seconds)
    }

    /// Under 1 KB/s for 30 s.
    public static let standard = LowSpeedLimit(bytesPerSecond: 1024, seconds: 30)
}

extension Duration {
    /// Whole milliseconds, at least 1 for any positive duration (curl reads 0 as "no limit").
    var clampedMilliseconds: Int {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 1 }
        let ms = seconds.multipliedReportingOverflow(by: 1000)
        guard !ms.overflow else { return Int.max }
        let total = Int(ms.partialValue) + Int(attoseconds / 1_000_000_000_000_000)
        return Swift.max(1, total)
    }

    /// The duration in seconds as a floating-point number.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
