import Foundation
import Synchronization

/// Who may use the server, decided per request as a plain value (no I/O).
///
/// - The `Host` header must name this server exactly (DNS rebinding): one of the loopback names
///   `127.0.0.1`, `localhost`, `[::1]` on a loopback server, else the `--host` address; each with
///   no port or with the server's own port. A server bound to every address (`0.0.0.0`, `::`) has
///   no one name: there the token alone guards it.
/// - With a token (required for any other address): every request but `/assets/` and the
///   one-time login carries it, as `Authorization: Bearer TOKEN` or the `album_token` cookie
///   that `GET /login?code=CODE` sets once.
/// - Requests that change data are POST/PUT/DELETE; one that carries an `Origin` header must
///   come from this server's own origin exactly (`http://` + the accepted host + `:port`), and a
///   body must be `application/json`, optionally with `charset=utf-8` (an upload's, to
///   `POST /api/entries`, `multipart/form-data`: the session cookie is SameSite=Strict and a
///   cross-site form's `Origin` is refused, so a form on another site cannot upload).
public final class AccessPolicy: Sendable {
    /// The token, or nil when the server is open to loopback clients.
    public let token: String?
    /// The code of the one-time URL, until it is used.
    private let loginCode: Mutex<String?>
    public let loopbackOnly: Bool
    /// The host names (lower case, IPv6 in brackets) a `Host` header may name; empty: any.
    let hostNames: Set<String>
    /// The port the server listens on, once bound.
    private let boundPort = Atomic<Int>(0)

    public static let cookieName = "album_token"

    /// - Parameter host: the address the server binds (`--host`).
    public init(token: String?, loopbackOnly: Bool, host: String = "127.0.0.1") {
        self.token = token
        self.loopbackOnly = loopbackOnly
        loginCode = Mutex(token == nil ? nil : Self.randomHex(bytes: 16))
        let bound = host.lowercased()
        if loopbackOnly {
            hostNames = ["127.0.0.1", "localhost", "[::1]", bound.contains(":") ? "[\(bound)]" : bound]
        } else if bound == "0.0.0.0" || bound == "::" || bound == "[::]" {
            hostNames = []
        } else {
            hostNames = [bound.contains(":") ? "[\(bound)]" : bound]
        }
    }

    /// The port the server listens on (set once bound; Host and Origin must name it).
    public var port: Int {
        get { boundPort.load(ordering: .relaxed) }
        set { boundPort.store(newValue, ordering: .relaxed) }
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
    /// - Parameter open: the path needs no token (a shared album's link, decision 0047).
    public func check(
        method: String, path: String, host: String?, origin: String?, authorization: String?, cookie: String?,
        contentType: String?, hasBody: Bool, open: Bool = false
    ) -> Verdict {
        guard let name = acceptedHost(host) else {
            return .deny(status: 403, code: "forbidden_host", message: "Host '\(Self.shown(host ?? ""))' is not this server")
        }
        let changes = ["POST", "PUT", "DELETE", "PATCH"].contains(method)
        if let token, !open, !path.hasPrefix("/assets/"), path != "/login", path != "/favicon.ico" {
            guard Self.presents(token, authorization: authorization, cookie: cookie) else {
                return .deny(status: 401, code: "unauthorized", message: "a valid token is required (Authorization: Bearer TOKEN)")
            }
        }
        if changes {
            if let origin, origin != self.origin(name) {
                return .deny(status: 403, code: "forbidden_origin", message: "Origin '\(Self.shown(origin))' is not this server")
            }
            // An upload's body is multipart (`POST /api/entries`, decision 0061; another method
            // there is the route table's 405); every other is JSON.
            let upload = path == "/api/entries" && MultipartReader.boundary(contentType) != nil
            if hasBody, !Self.isJSON(contentType), !upload {
                return .deny(status: 415, code: "unsupported_media_type", message: "request bodies must be application/json (charset utf-8)")
            }
        }
        return .allow
    }

    /// The host name of an acceptable `Host` header (`name` or `name:port`, this server's port),
    /// lower-cased; nil for anything else. Any name when the server has none (every address).
    func acceptedHost(_ header: String?) -> String? {
        guard let header, !header.isEmpty, header.utf8.count <= 300 else { return nil }
        let text = header.lowercased()
        let name: Substring, portText: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            name = text[...close]
            let rest = text[text.index(after: close)...]
            if rest.isEmpty { portText = nil } else {
                guard rest.first == ":" else { return nil }
                portText = rest.dropFirst()
            }
        } else {
            let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            name = parts[0]
            portText = parts.count == 2 ? parts[1] : nil
        }
        if let portText {
            guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy({ $0.isASCII && $0.isNumber }),
                  Int(portText) == port else { return nil }
        }
        if hostNames.isEmpty {
            // Every address: a plain name or address, nothing else (no user info, no path).
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-[]:".contains($0)) }) else { return nil }
            return String(name)
        }
        return hostNames.contains(String(name)) ? String(name) : nil
    }

    /// This server's origin as a browser sends it for a page loaded from `name`.
    func origin(_ name: String) -> String {
        port == 80 ? "http://\(name)" : "http://\(name):\(port)"
    }

    /// `application/json`, alone or with `charset=utf-8` (any case, optional spaces).
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let parts = contentType.lowercased().split(separator: ";", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.first == "application/json" else { return false }
        switch parts.count {
        case 1: return true
        case 2: return ["charset=utf-8", "charset=\"utf-8\""].contains(parts[1].replacingOccurrences(of: " ", with: ""))
        default: return false
        }
    }

    /// A header value as an error message shows it: printable ASCII, at most 100 characters.
    static func shown(_ text: String) -> String {
        let clean = String(text.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "?" })
        return clean.count > 100 ? String(clean.prefix(100)) + "…" : clean
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
}
