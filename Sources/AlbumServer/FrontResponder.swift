import AlbumAccounts
import AlbumCore
import AlbumModel
import Foundation
import HTTPTypes
import Hummingbird

/// The server's first responder. On a library without users it hands every request to the
/// library's `AlbumAPI` (the token or the open loopback server, as before). On a library with
/// users (issue 25, decision 0046) it answers the login routes itself, authenticates everything
/// else (`Authorization: Bearer ACCESS_TOKEN`, or the pages' `album_session` cookie), and hands
/// the request to the caller's own `AlbumAPI` (`UserAPIs`).
struct FrontResponder: HTTPResponder {
    typealias Context = AlbumRequestContext
    let root: AlbumAPI
    let users: UserAPIs?
    var accounts: Accounts? { users?.setup.accounts }

    static let sessionCookie = "album_session"

    func respond(to request: Request, context: Context) async throws -> Response {
        let response = try await answer(request, context: context)
        guard let tiles = root.assets.tiles else { return response }
        return Self.allowingImages(from: tiles.origin, response)
    }

    /// With `--tiles`, pages may show images from the tile server: the one widening of the
    /// Content-Security-Policy (`Reply.contentSecurityPolicy`).
    static func allowingImages(from origin: String, _ response: Response) -> Response {
        guard let policy = response.headers[.contentSecurityPolicy] else { return response }
        var response = response
        response.headers[.contentSecurityPolicy] = policy.replacingOccurrences(of: "img-src 'self' data:", with: "img-src 'self' data: \(origin)")
        return response
    }

    func answer(_ request: Request, context: Context) async throws -> Response {
        let path = request.uri.path
        // A shared album answers anyone with its link (decision 0047), with or without users.
        if path.hasPrefix("/s/") {
            if case .deny(let status, let code, let message) = root.policy.check(
                method: request.method.rawValue, path: path, host: request.head.authority, origin: nil, authorization: nil, cookie: nil,
                contentType: nil, hasBody: false, open: true)
            {
                return root.failure(APIError(status: status, code: code, message: message), path: path)
            }
            return await SharedAlbumRoutes(root: root, users: users).answer(request, path: path)
        }
        guard let users, let accounts else { return try await root.respond(to: request, context: context) }
        // Host, Origin and the body's type first, as for every request (the login form posts a form).
        let form = request.method == .post && (path == "/login" || path == "/logout")
        let hasBody = request.headers[.contentLength].map { $0 != "0" } ?? (request.headers[.transferEncoding] != nil)
        let verdict = root.policy.check(
            method: request.method.rawValue, path: path, host: request.head.authority, origin: request.headers[.origin],
            authorization: nil, cookie: nil, contentType: request.headers[.contentType], hasBody: hasBody && !form)
        if case .deny(let status, let code, let message) = verdict {
            return root.failure(APIError(status: status, code: code, message: message), path: path)
        }
        let login = LoginRoutes(accounts: accounts, address: context.clientAddress)
        do {
            if let answer = try await login.answer(request, path: path) { return answer }
        } catch let refusal as Accounts.Refusal {
            return LoginRoutes.refused(refusal, path: path)
        } catch let error as APIError {
            return root.failure(error, path: path)
        }
        if Self.isPublic(path) { return try await root.respond(to: request, context: context) }
        let caller: Accounts.Caller
        do {
            caller = try await authenticate(request, accounts)
        } catch let refusal as Accounts.Refusal {
            // A page without a session goes to the login page; the API answers 401.
            if !path.hasPrefix("/api/"), request.method == .get {
                return Reply.bytes(Data(), type: "text/plain", status: .seeOther, extra: [.location: "/login"])
            }
            return LoginRoutes.refused(refusal, path: path)
        }
        let api: AlbumAPI
        do {
            api = try await users.api(for: caller.user)
        } catch {
            AlbumAPI.log("cannot open the library of user \(caller.user.id): \(error)")
            return root.failure(APIError(status: 500, code: "internal_error", message: "the server could not answer this request (its log says why)"), path: path)
        }
        return try await Pages.$signedIn.withValue(caller.user.email) { try await api.respond(to: request, context: context) }
    }

    /// What anyone may fetch: the assets, the icon and the API's description.
    static func isPublic(_ path: String) -> Bool {
        path.hasPrefix("/assets/") || path == "/favicon.ico" || path == "/api/openapi.json"
    }

    /// The caller of a bearer access token, else of the session cookie.
    func authenticate(_ request: Request, _ accounts: Accounts) async throws -> Accounts.Caller {
        if let authorization = request.headers[.authorization] {
            guard authorization.lowercased().hasPrefix("bearer ") else {
                throw Accounts.Refusal.unauthorized("Authorization must be Bearer ACCESS_TOKEN")
            }
            return try await accounts.caller(accessToken: String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces))
        }
        if let session = Self.cookie(Self.sessionCookie, in: request.headers[.cookie]) {
            return try await accounts.caller(sessionToken: session)
        }
        throw Accounts.Refusal.unauthorized("log in first: POST /api/auth/login, then Authorization: Bearer TOKEN")
    }

    /// A cookie's value from a `Cookie` header.
    static func cookie(_ name: String, in header: String?) -> String? {
        for pair in (header ?? "").split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0] == name, !parts[1].isEmpty { return parts[1] }
        }
        return nil
    }
}
