import Foundation

/// One request as the loopback server read it.
public struct ServerRequest: Sendable {
    public let method: String
    /// The path without its query, still percent-encoded: `/services/rest/`.
    public let path: String
    /// Query items, percent-decoded (`+` read as a space); the last of repeated names wins.
    public let query: [String: String]
    /// Header names lower-cased.
    public let headers: [String: String]
    /// The request target as sent: `/services/rest/?method=…`.
    public let target: String
    /// Which accepted connection carried it: 1 for the server's first, 2 for its second…
    public internal(set) var connection = 0

    public init(method: String, target: String, headers: [String: String]) {
        self.method = method
        self.target = target
        self.headers = headers
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = String(parts.first ?? "")
        var query: [String: String] = [:]
        if parts.count == 2 {
            for item in parts[1].split(separator: "&") {
                let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let decode = { (text: Substring) in
                    String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
                }
                query[decode(pair[0])] = pair.count == 2 ? decode(pair[1]) : ""
            }
        }
        self.query = query
    }
}

/// What the loopback server does with one request.
public indirect enum Reply: Sendable {
    /// A complete response; `Content-Length` is added unless `headers` has it or
    /// `Transfer-Encoding` (then `body` must already be framed that way).
    case respond(status: Int, headers: [String: String] = [:], body: Data)
    /// Declares `declaredLength` bytes, sends only `body`, then closes the connection.
    case truncated(status: Int, body: Data, declaredLength: Int)
    /// Closes the connection without answering. A client that sent the request on a reused
    /// keep-alive connection may retry once on a new one (libcurl does), so count accordingly.
    case drop
    /// Waits (for real: keep it short) and then does the other reply.
    case delayed(Duration, Reply)
    /// Sends the head, then the body `bytesPerSecond` bytes at a time, one chunk a second
    /// (a trickling server), until the body is sent, the client goes away or the server stops.
    case trickle(status: Int, body: Data, bytesPerSecond: Int)

    /// A 200 (or `status`) JSON response.
    public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> Reply {
        .respond(status: status, headers: headers.merging(["Content-Type": "application/json"]) { a, _ in a }, body: Data(text.utf8))
    }

    /// A 200 (or `status`) plain-text response.
    public static func text(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> Reply {
        .respond(status: status, headers: headers.merging(["Content-Type": "text/plain"]) { a, _ in a }, body: Data(text.utf8))
    }

    /// An empty response with `status`, e.g. a redirect with a `Location` header.
    public static func status(_ status: Int, headers: [String: String] = [:]) -> Reply {
        .respond(status: status, headers: headers, body: Data())
    }
}
