import Foundation
import Synchronization

/// Who may use the server, decided per request as a plain value (no I/O).
///
/// - Bound to loopback with no token: everyone on this machine; the `Host` header must name a
///   loopback host (so a web page cannot reach the server by DNS rebinding).
/// - With a token (required for any other address): every request but `/assets/` and the
///   one-time login carries it, as `Authorization: Bearer TOKEN` or the `album_token` cookie
///   that `GET /login?code=CODE` sets once.
/// - Requests that change data are POST/PUT/DELETE; one that carries an `Origin` header must
///   come from this server's own origin (no cross-site requests), and a body must be JSON.
public final class AccessPolicy: Sendable {
    /// The token, or nil when the server is open to loopback clients.
    public let token: String?
    /// The code of the one-time URL, until it is used.
    private let loginCode: Mutex<String?>
    public let loopbackOnly: Bool

    public static let cookieName = "album_token"

    public init(token: String?, loopbackOnly: Bool) {
        self.token = token
        self.loopbackOnly = loopbackOnly
        loginCode = Mutex(token == nil ? nil : Self.randomHex(bytes: 16))
    }

    /// The one-time login code (printed once at start), or nil when there is no token.
    public var oneTimeCode: String? { loginCode.withLock { $0 } }

    /// 2 × `bytes` hex digits from the system's random generator.
    public static func randomHex(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<bytes).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// What to do with a request.
    public enum Verdict: Equatable, Sendable {
        case allow
        case deny(status: Int, code: String, message: String)
    }

    /// Checks the host, the credentials and, for changes, the origin and body type.
    public func check(
        method: String, path: String, host: String?, origin: String?, authorization: String?, cookie: String?,
        contentType: String?, hasBody: Bool
    ) -> Verdict {
        if loopbackOnly, !Self.isLoopbackHost(host) {
            return .deny(status: 403, code: "forbidden_host", message: "Host '\(host ?? "")' is not a loopback name")
        }
        let changes = ["POST", "PUT", "DELETE", "PATCH"].contains(method)
        if let token, !path.hasPrefix("/assets/"), path != "/login" {
            guard Self.presents(token, authorization: authorization, cookie: cookie) else {
                return .deny(status: 401, code: "unauthorized", message: "a valid token is required (Authorization: Bearer TOKEN)")
            }
        }
        if changes {
            if let origin, !Self.sameOrigin(origin, host: host) {
                return .deny(status: 403, code: "forbidden_origin", message: "Origin '\(origin)' is not this server")
            }
            if hasBody, !(contentType ?? "").lowercased().hasPrefix("application/json") {
                return .deny(status: 415, code: "unsupported_media_type", message: "request bodies must be application/json")
            }
        }
        return .allow
    }

    /// Uses up the one-time code; true only the first time the right code is given.
    public func redeem(code: String) -> Bool {
        loginCode.withLock { current in
            guard let expected = current, Self.constantTimeEqual(expected, code) else { return false }
            current = nil
            return true
        }
    }

    static func presents(_ token: String, authorization: String?, cookie: String?) -> Bool {
        if let authorization, authorization.lowercased().hasPrefix("bearer ") {
            let given = String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces)
            if constantTimeEqual(given, token) { return true }
        }
        for pair in (cookie ?? "").split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0] == cookieName, constantTimeEqual(parts[1], token) { return true }
        }
        return false
    }

    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var diff: UInt8 = 0
        for i in 0..<x.count { diff |= x[i] ^ y[i] }
        return diff == 0
    }

    /// `localhost`, `127.x.x.x` or `[::1]`, with an optional port.
    static func isLoopbackHost(_ host: String?) -> Bool {
        guard let host = host?.lowercased(), !host.isEmpty else { return false }
        let name: String
        if host.hasPrefix("[") {
            name = String(host.prefix { $0 != "]" }.dropFirst())
        } else {
            name = String(host.split(separator: ":", maxSplits: 1).first ?? "")
        }
        return name == "localhost" || name == "::1" || name.hasPrefix("127.")
    }

    /// Whether `origin` (`http://host:port`) is the origin of a request sent to `host`.
    static func sameOrigin(_ origin: String, host: String?) -> Bool {
        guard let host, !host.isEmpty else { return false }
        return origin.lowercased() == "http://\(host.lowercased())"
    }
}
