import AlbumAccounts
import AlbumCore
import AlbumModel
import Foundation
import HTTPTypes
import Hummingbird

/// The routes of logging in and out on a library with users (decision 0046):
/// `POST /api/auth/login {email, password}` → `{token, refreshToken, expiresIn, user}`;
/// `POST /api/auth/refresh {refreshToken}` → the same, with a new refresh token (the old one is spent);
/// `POST /api/auth/logout {refreshToken}` → `{revoked}`; and for the pages `GET /login` (the form),
/// `POST /login` (sets the HttpOnly, SameSite=Strict `album_session` cookie) and `POST /logout`.
struct LoginRoutes {
    let accounts: Accounts
    let address: String

    /// The answer when `path` is one of these routes, else nil.
    func answer(_ request: Request, path: String) async throws -> Response? {
        switch (request.method, path) {
        case (.post, "/api/auth/login"):
            let body = try await Self.json(request)
            let email = try body.string("email", maxLength: 254) ?? "", password = try body.string("password", maxLength: 1024) ?? ""
            guard !email.isEmpty, !password.isEmpty else { throw APIError.badRequest("email and password are required") }
            return Self.tokens(try await accounts.login(email: email, password: password, address: address))
        case (.post, "/api/auth/refresh"):
            let body = try await Self.json(request)
            guard let token = try body.string("refreshToken", maxLength: 256), !token.isEmpty else {
                throw APIError.badRequest("refreshToken is required")
            }
            return Self.tokens(try await accounts.refresh(token))
        case (.post, "/api/auth/logout"):
            let body = try await Self.json(request)
            guard let token = try body.string("refreshToken", maxLength: 256), !token.isEmpty else {
                throw APIError.badRequest("refreshToken is required")
            }
            let revoked = try await accounts.logout(token: token)
            return Reply.json(Data(#"{"revoked":\#(revoked)}"#.utf8))
        case (.get, "/login"):
            return Reply.html(LoginPage.html(message: nil))
        case (.post, "/login"):
            let fields = try await Self.form(request)
            do {
                let session = try await accounts.startSession(
                    email: fields["email"] ?? "", password: fields["password"] ?? "", address: address)
                let secure = request.headers[HTTPField.Name("X-Forwarded-Proto")!] == "https" ? "; Secure" : ""
                return Reply.bytes(Data(), type: "text/plain", status: .seeOther, extra: [
                    .location: "/",
                    .setCookie: "\(FrontResponder.sessionCookie)=\(session.token); Path=/; Max-Age=\(Accounts.sessionSeconds); HttpOnly; SameSite=Strict\(secure)",
                ])
            } catch let refusal as Accounts.Refusal {
                var response = Reply.html(LoginPage.html(message: Self.message(refusal)), status: Self.status(refusal))
                if case .tooManyAttempts(let wait) = refusal { response.headers[.retryAfter] = String(wait) }
                return response
            }
        case (.post, "/logout"):
            if let session = FrontResponder.cookie(FrontResponder.sessionCookie, in: request.headers[.cookie]) {
                _ = try? await accounts.logout(token: session)
            }
            return Reply.bytes(Data(), type: "text/plain", status: .seeOther, extra: [
                .location: "/login", .setCookie: "\(FrontResponder.sessionCookie)=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict",
            ])
        default:
            return nil
        }
    }

    /// A refusal as the client sees it: 401, or 429 with `Retry-After`.
    static func refused(_ refusal: Accounts.Refusal, path: String) -> Response {
        let error = APIError(status: status(refusal).code, code: status(refusal) == .tooManyRequests ? "too_many_attempts" : "unauthorized",
                             message: message(refusal))
        var response = path.hasPrefix("/api/") ? Reply.error(error) : Reply.errorPage(error)
        if case .tooManyAttempts(let wait) = refusal { response.headers[.retryAfter] = String(wait) }
        return response
    }

    static func status(_ refusal: Accounts.Refusal) -> HTTPResponse.Status {
        if case .tooManyAttempts = refusal { return .tooManyRequests }
        return .unauthorized
    }

    static func message(_ refusal: Accounts.Refusal) -> String {
        switch refusal {
        case .unauthorized(let text): text
        case .tooManyAttempts(let wait): "too many failed logins: try again in \(wait) s"
        }
    }

    /// `{token, refreshToken, expiresIn, user: {id, email, admin}}`.
    static func tokens(_ pair: Accounts.TokenPair) -> Response {
        let object: [String: Any] = [
            "token": pair.token, "refreshToken": pair.refreshToken, "expiresIn": pair.expiresIn,
            "user": ["id": pair.user.id, "email": pair.user.email, "admin": pair.user.isAdmin],
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return Reply.json(data)
    }

    static func json(_ request: Request) async throws -> JSONBody {
        try JSONBody(Data(buffer: try await request.body.collect(upTo: JSONBody.maxBytes, tooLarge: "body")))
    }

    /// An `application/x-www-form-urlencoded` body (the login form), at most 8 KiB.
    static func form(_ request: Request) async throws -> [String: String] {
        let type = request.headers[.contentType]?.lowercased() ?? ""
        guard type.hasPrefix("application/x-www-form-urlencoded") else {
            throw APIError(status: 415, code: "unsupported_media_type", message: "the login form posts application/x-www-form-urlencoded")
        }
        let buffer = try await request.body.collect(upTo: 8192, tooLarge: "the form")
        var fields: [String: String] = [:]
        for pair in String(decoding: Data(buffer: buffer), as: UTF8.self).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            if parts.count == 2, fields[parts[0]] == nil { fields[parts[0]] = parts[1] }
        }
        return fields
    }
}

/// The login page: a plain form (no script), posted to `/login`.
enum LoginPage {
    static func html(message: String?) -> String {
        Pages.head("Log in · GeoAlbum", map: false, add: false) + """
            <main class="login-page">
            <h2>Log in</h2>
            \(message.map { "<p class=\"error\" role=\"alert\">\(MarkupText.escape($0))</p>" } ?? "")
            <form method="post" action="/login">
            <p><label for="email">Email</label><br><input id="email" name="email" type="email" autocomplete="username" required></p>
            <p><label for="password">Password</label><br><input id="password" name="password" type="password" autocomplete="current-password" required></p>
            <p><button type="submit">Log in</button></p>
            </form>
            </main>
            </body>
            </html>

            """
    }
}
