import AlbumModel

/// Why a transfer produced no HTTP response. Any HTTP status, 4xx and 5xx included, is a response.
public enum HTTPError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The URL's scheme is not `http` or `https` (also a redirect to another scheme).
    case unsupportedScheme(url: String)
    /// The text is not a URL libcurl can fetch.
    case invalidURL(String)
    /// The connect or total time-out passed.
    case timedOut(url: String, message: String)
    /// The connection failed: refused, reset, closed early, a truncated body, TLS, too many
    /// redirects… `code` is libcurl's `CURLcode`, `message` its own text.
    case transport(url: String, code: Int, message: String)
    /// The body was larger than `HTTPRequest.maxBodyBytes`.
    case bodyTooLarge(url: String, limit: Int)
    /// The caller's task was cancelled; the transfer was removed.
    case cancelled(url: String)

    /// libcurl codes worth another attempt: DNS, connect, TLS handshake, send/receive, an empty
    /// reply, a truncated body, HTTP/2 framing.
    static let transientCodes: Set<Int> = [5, 6, 7, 16, 18, 35, 52, 55, 56, 92]

    /// Whether trying the same request again later may succeed.
    public var isTransient: Bool {
        switch self {
        case .timedOut: true
        case .transport(_, let code, _): Self.transientCodes.contains(code)
        case .unsupportedScheme, .invalidURL, .bodyTooLarge, .cancelled: false
        }
    }

    /// The URL involved.
    public var url: String {
        switch self {
        case .unsupportedScheme(let url), .invalidURL(let url), .timedOut(let url, _),
            .transport(let url, _, _), .bodyTooLarge(let url, _), .cancelled(let url):
            url
        }
    }

    /// The error as `AlbumError`'s detail: the message, about the URL, caused by curl's code.
    public var detail: AlbumError.Detail {
        switch self {
        case .unsupportedScheme(let url): AlbumError.Detail("only http and https URLs are fetched", subject: .url(url))
        case .invalidURL(let url): AlbumError.Detail("not a valid URL", subject: .url(url))
        case .timedOut(let url, let message): AlbumError.Detail("timed out: \(message)", subject: .url(url), cause: .curl(Self.timedOutCode))
        case .transport(let url, let code, let message): AlbumError.Detail(message, subject: .url(url), cause: .curl(code))
        case .bodyTooLarge(let url, let limit): AlbumError.Detail("response body larger than \(limit) bytes", subject: .url(url))
        case .cancelled(let url): AlbumError.Detail("cancelled", subject: .url(url))
        }
    }

    /// `CURLE_OPERATION_TIMEDOUT`.
    static let timedOutCode = 28

    /// `https://host/x: Couldn't connect to server (curl error 7)`.
    public var description: String { detail.description }
}
