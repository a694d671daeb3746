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
        bytes(data, type: "application/json; charset=utf-8", status: status)
    }

    static func html(_ text: String, status: HTTPStatusCode = .ok) -> HTTPResponse {
        bytes(Data(text.utf8), type: "text/html; charset=utf-8", status: status)
    }

    /// A response whose body goes out in one `write`: FlyingFox's default body writes 4 KB at a
    /// time (45 system calls and copies for the 180 KB pin list of a large library).
    static func bytes(_ data: Data, type: String, status: HTTPStatusCode = .ok, cacheControl: String? = nil) -> HTTPResponse {
        var headers: HTTPHeaders = [.contentType: type]
        if let cacheControl { headers[.cacheControl] = cacheControl }
        return secure(HTTPResponse(
            statusCode: status, headers: headers, body: HTTPBodySequence(data: data, suggestedBufferSize: max(4096, data.count))))
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
