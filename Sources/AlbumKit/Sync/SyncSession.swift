import AlbumModel
import AlbumNet
import Foundation

/// A login to a GeoAlbum server for `album sync` (decision 0062): the access token in memory,
/// the refresh token in `$XDG_CONFIG_HOME/geoalbum/sessions.json` (0600), refreshed as the
/// contract says (401 → refresh → retry once; a refused refresh asks to log in again).
public final class SyncSession: @unchecked Sendable {
    public let server: String
    public let email: String
    let client: HTTPClient
    let tokens: SessionFile
    private let lock = NSLock()
    private var access: String?

    /// Why a request got no answer a sync can act on.
    public enum Failure: Error, Sendable {
        /// No connection, a time-out, a 5xx: worth trying again later.
        case unreachable(String)
        /// The login is over (refresh refused): `album sync` must be run with a password again.
        case loginNeeded(String)
    }

    public init(server: String, email: String, sessionFile: URL? = nil) throws(AlbumError) {
        self.server = server.hasSuffix("/") ? String(server.dropLast()) : server
        self.email = email
        do { client = try HTTPClient() } catch { throw .io("cannot start the HTTP client: \(error)") }
        tokens = SessionFile(url: sessionFile ?? SessionFile.defaultURL)
    }

    var key: String { "\(server) \(email.lowercased())" }

    /// Whether a refresh token is kept for this server and account.
    public var hasSavedLogin: Bool { tokens.read()[key] != nil }

    /// Logs in with a password; keeps the refresh token.
    public func login(password: String) async throws -> Void {
        let body = try JSONSerialization.data(withJSONObject: ["email": email, "password": password])
        let answer = try await raw("POST", "/api/auth/login", body: body, type: "application/json", token: nil)
        guard answer.status == 200 else { throw AlbumError.invalidInput("\(server): cannot log in as \(email): \(Self.message(answer))") }
        try keep(answer)
    }

    /// A new access token from the kept refresh token.
    public func refresh() async throws {
        guard let refresh = tokens.read()[key] else { throw Failure.loginNeeded("no login kept for \(email) at \(server)") }
        let body = try JSONSerialization.data(withJSONObject: ["refreshToken": refresh])
        let answer = try await raw("POST", "/api/auth/refresh", body: body, type: "application/json", token: nil)
        guard answer.status == 200 else {
            if answer.status == 401 { try tokens.update { $0[key] = nil } }
            throw Failure.loginNeeded("\(server) ended the login of \(email) (\(Self.message(answer)))")
        }
        try keep(answer)
    }

    private func keep(_ answer: HTTPResponse) throws {
        guard let object = try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any],
              let token = object["token"] as? String, let refresh = object["refreshToken"] as? String
        else { throw Failure.unreachable("\(server) answered a login without tokens") }
        lock.withLock { access = token }
        try tokens.update { $0[key] = refresh }
    }

    /// Sends a request with the access token; a 401 refreshes once and sends again.
    /// - Throws: `Failure.unreachable` for no answer or a 5xx, `.loginNeeded`.
    public func send(_ method: String, _ path: String, body: Data? = nil, type: String? = nil, key: String? = nil) async throws -> HTTPResponse {
        if lock.withLock({ access }) == nil { try await refresh() }
        var answer = try await raw(method, path, body: body, type: type, token: lock.withLock { access }, key: key)
        if answer.status == 401 {
            try await refresh()
            answer = try await raw(method, path, body: body, type: type, token: lock.withLock { access }, key: key)
        }
        if answer.status >= 500 || answer.status == 409 || answer.status == 429 {
            throw Failure.unreachable("\(method) \(path): \(answer.status) \(Self.message(answer))")
        }
        return answer
    }

    private func raw(_ method: String, _ path: String, body: Data?, type: String?, token: String?, key: String? = nil) async throws -> HTTPResponse {
        var request = HTTPRequest(url: server + path, maxBodyBytes: 512 << 20, timeout: .seconds(120))
        request.method = method
        request.body = body
        if let type { request.headers["Content-Type"] = type }
        if let token { request.headers["Authorization"] = "Bearer \(token)" }
        if let key { request.headers["Idempotency-Key"] = key }
        do {
            return try await client.send(request)
        } catch {
            throw Failure.unreachable("\(server) cannot be reached: \(error)")
        }
    }

    /// The error message of an API answer, else its status.
    static func message(_ answer: HTTPResponse) -> String {
        if let object = try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any],
           let error = object["error"] as? [String: Any], let message = error["message"] as? String { return message }
        return "HTTP \(answer.status)"
    }
}

/// The refresh tokens `album sync` keeps, by server and account: one JSON object in a 0600 file.
struct SessionFile: Sendable {
    let url: URL

    static var defaultURL: URL {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        return URL(fileURLWithPath: base).appendingPathComponent("geoalbum/sessions.json")
    }

    func read() -> [String: String] {
        guard let data = try? Data(contentsOf: url) else { return [:] }
        return (try? JSONSerialization.jsonObject(with: data) as? [String: String]) ?? [:]
    }

    /// Changes the file: written to a 0600 temporary file in its folder (0700), then renamed.
    func update(_ change: (inout [String: String]) -> Void) throws {
        var all = read()
        change(&all)
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = folder.appendingPathComponent(".sessions-\(getpid()).part")
        let data = try JSONSerialization.data(withJSONObject: all, options: [.sortedKeys])
        guard FileManager.default.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw AlbumError.io("cannot write the sync login file", subject: .file(temporary.path))
        }
        guard rename(temporary.path, url.path) == 0 else {
            throw AlbumError.io("cannot write the sync login file", subject: .file(url.path))
        }
    }
}
