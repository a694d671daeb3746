import FlyingFox
import Foundation

/// Responses with the headers every answer carries.
enum Reply {
    /// No inline scripts or styles, nothing from other origins, no framing; forms (the search box)
    /// submit to this server only.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    static func secure(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.headers[HTTPHeader("X-Content-Type-Options")] = "nosniff"
        response.headers[HTTPHeader("Content-Security-Policy")] = contentSecurityPolicy
        response.headers[HTTPHeader("Referrer-Policy")] = "no-referrer"
        response.headers[HTTPHeader("X-Frame-Options")] = "DENY"
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        return response
    }

    static func json(_ data: Data, status: HTTPStatusCode = .ok) -> HTTPResponse {
        secure(HTTPResponse(statusCode: status, headers: [.contentType: "application/json; charset=utf-8"], body: data))
    }

    static func html(_ text: String, status: HTTPStatusCode = .ok) -> HTTPResponse {
        secure(HTTPResponse(statusCode: status, headers: [.contentType: "text/html; charset=utf-8"], body: Data(text.utf8)))
    }

    static func error(_ error: APIError) -> HTTPResponse {
        let status = HTTPStatusCode(error.status, phrase: phrase(error.status))
        var headers: HTTPHeaders = [.contentType: "application/json; charset=utf-8"]
        if error.status == 401 { headers[HTTPHeader("WWW-Authenticate")] = "Bearer" }
        return secure(HTTPResponse(statusCode: status, headers: headers, body: error.body))
    }

    static func phrase(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 409: "Conflict"
        case 415: "Unsupported Media Type"
        case 502: "Bad Gateway"
        default: "Internal Server Error"
        }
    }
}
