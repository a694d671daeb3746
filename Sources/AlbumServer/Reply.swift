import Foundation
import HTTPTypes
import Hummingbird

/// Responses with the headers every answer carries.
enum Reply {
    /// No inline scripts or styles, nothing from other origins, no framing; forms (the search box)
    /// submit to this server only.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; media-src 'self'; connect-src 'self'; "
        + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    static func secure(_ response: Response) -> Response {
        var response = response
        secure(&response.headers)
        return response
    }

    static func secure(_ headers: inout HTTPFields) {
        headers[.xContentTypeOptions] = "nosniff"
        headers[.contentSecurityPolicy] = contentSecurityPolicy
        headers[.referrerPolicy] = "same-origin"  // "no-referrer" made Chromium post forms with `Origin: null`
        headers[.xFrameOptions] = "DENY"
        if headers[.cacheControl] == nil { headers[.cacheControl] = "no-store" }
    }

    static func json(_ data: Data, status: HTTPResponse.Status = .ok) -> Response {
        bytes(data, type: "application/json; charset=utf-8", status: status)
    }

    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        bytes(Data(text.utf8), type: "text/html; charset=utf-8", status: status)
    }

    /// A whole body in one buffer (one write with the head).
    static func bytes(_ data: Data, type: String, status: HTTPResponse.Status = .ok, cacheControl: String? = nil,
                      extra: HTTPFields = [:]) -> Response {
        var headers: HTTPFields = [.contentType: type, .contentLength: String(data.count)]
        if let cacheControl { headers[.cacheControl] = cacheControl }
        headers.append(contentsOf: extra)
        secure(&headers)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// An error as JSON (`/api/*` and anything not a page).
    static func error(_ error: APIError) -> Response {
        var extra: HTTPFields = [:]
        if error.status == 401 { extra[.wwwAuthenticate] = "Bearer" }
        if let allow = error.allow { extra[.allow] = allow }
        return bytes(error.body, type: "application/json; charset=utf-8", status: .init(code: error.status), extra: extra)
    }

    /// An error as an HTML page with the site's header (requests for pages).
    static func errorPage(_ error: APIError) -> Response {
        var extra: HTTPFields = [:]
        if let allow = error.allow { extra[.allow] = allow }
        return bytes(Data(Pages.error(error).utf8), type: "text/html; charset=utf-8", status: .init(code: error.status), extra: extra)
    }
}

extension HTTPField.Name {
    static let xFrameOptions = Self("X-Frame-Options")!
    static let referrerPolicy = Self("Referrer-Policy")!
    static let xAccelBuffering = Self("X-Accel-Buffering")!
}
