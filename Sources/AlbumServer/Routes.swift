import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import NIOCore

/// One request as the handlers see it: the Hummingbird request, its path's typed parameters
/// and its query (first value of each name, percent-decoded).
struct Call: Sendable {
    let request: Request
    let parameters: RouteParameters
    var query: Query

    var path: String { request.uri.path }
    var method: String { request.method.rawValue }

    /// The id the route named `name` (`{pin}`, `{photo}`).
    func id(_ name: String) -> Int64 { parameters.ids[name] ?? 0 }
    func word(_ name: String) -> String { parameters.words[name] ?? "" }

    /// The JSON body, at most `maxBytes` (`JSONBody.maxBytes` unless a route takes more).
    func body(maxBytes: Int = JSONBody.maxBytes) async throws -> JSONBody {
        try JSONBody(Data(buffer: try await request.body.collect(upTo: maxBytes, tooLarge: "body")), maxBytes: maxBytes)
    }
}

extension RequestBody {
    /// The whole body, at most `maxBytes`; past that a 413 naming `what` ("body is larger than
    /// 65536 bytes"). Hummingbird refuses a streamed body past the limit with its `HTTPError`,
    /// NIO a body already in one buffer (a keyed request's, read once by `idempotent`) with
    /// `NIOTooManyBytesError`: both are the client's, never a 500.
    func collect(upTo maxBytes: Int, tooLarge what: String) async throws -> ByteBuffer {
        do {
            return try await collect(upTo: maxBytes)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw APIError.bodyTooLarge(what, maxBytes)
        } catch is NIOTooManyBytesError {
            throw APIError.bodyTooLarge(what, maxBytes)
        }
    }
}

/// A query string's values by name (the first of repeated names).
struct Query: Sendable {
    private var values: [String: String] = [:]

    init(_ uri: URI) {
        for (name, value) in uri.queryParameters where values[String(name)] == nil { values[String(name)] = String(value) }
    }

    subscript(name: String) -> String? {
        get { values[name] }
        set { values[name] = newValue }
    }
}

/// What a matched path carries: ids (`{pin}`, `{photo}`, `{reminder}`, `{entry}`, `{share}`: a whole number ≥ 1) and words (`{kind}`, `{name*}`).
struct RouteParameters: Sendable {
    var ids: [String: Int64] = [:]
    var words: [String: String] = [:]
}

/// The server's route table: `GET /api/pins/{pin}` and the like, each with its handler. A path
/// that matches no pattern is 404; one that matches with another method is 405 with `Allow`;
/// an id that is not a whole number ≥ 1 is 404 naming it ("no pin abc").
struct RouteTable: Sendable {
    typealias Handler = @Sendable (AlbumAPI, Call) async throws -> Response

    enum Segment: Sendable, Equatable {
        case literal(String)
        /// A whole number ≥ 1, named (`pin`, `photo`): its noun in the 404.
        case id(String)
        /// Any one segment.
        case word(String)
        /// The rest of the path (at least one segment), joined with `/`.
        case rest(String)
    }

    struct Route: Sendable {
        let method: HTTPRequest.Method
        let pattern: String
        let segments: [Segment]
        let handler: Handler
    }

    private(set) var routes: [Route] = []

    mutating func add(_ method: HTTPRequest.Method, _ pattern: String, _ handler: @escaping Handler) {
        let segments = pattern.split(separator: "/").map { part -> Segment in
            guard part.hasPrefix("{"), part.hasSuffix("}") else { return .literal(String(part)) }
            let name = String(part.dropFirst().dropLast())
            if name.hasSuffix("*") { return .rest(String(name.dropLast())) }
            return ["pin", "photo", "reminder", "entry", "share"].contains(name) ? .id(name) : .word(name)
        }
        routes.append(Route(method: method, pattern: pattern, segments: segments, handler: handler))
    }

    mutating func get(_ pattern: String, _ handler: @escaping Handler) { add(.get, pattern, handler) }
    mutating func post(_ pattern: String, _ handler: @escaping Handler) { add(.post, pattern, handler) }
    mutating func put(_ pattern: String, _ handler: @escaping Handler) { add(.put, pattern, handler) }
    mutating func delete(_ pattern: String, _ handler: @escaping Handler) { add(.delete, pattern, handler) }

    /// The route for `method` and `path` with its parameters.
    /// - Throws: `APIError` 404 (no such path, or an id that is not one) or 405 (another method).
    func match(_ method: HTTPRequest.Method, _ path: String) throws(APIError) -> (Route, RouteParameters) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        let segments = parts.last == "" ? Array(parts.dropLast()) : Array(parts)  // "/" and a trailing slash
        var allowed: [String] = []
        var badId: APIError?
        for route in routes {
            switch Self.parameters(route.segments, segments) {
            case nil: continue
            case .failure(let error): badId = badId ?? error
            case .success(let parameters):
                if route.method == method { return (route, parameters) }
                if !allowed.contains(route.method.rawValue) { allowed.append(route.method.rawValue) }
            }
        }
        if !allowed.isEmpty {
            throw APIError(status: 405, code: "method_not_allowed", message: "\(method.rawValue) is not allowed on \(path): \(allowed.joined(separator: ", "))",
                           allow: allowed.joined(separator: ", "))
        }
        if let badId { throw badId }
        throw APIError.notFound(path.hasPrefix("/api/") ? "no API route \(method.rawValue) \(path)" : "no page \(path)")
    }

    /// The parameters when `segments` fit `pattern`; a failure for an id that is not a whole number ≥ 1.
    private static func parameters(_ pattern: [Segment], _ segments: [Substring]) -> Result<RouteParameters, APIError>? {
        var out = RouteParameters()
        var badId: APIError?
        for (i, part) in pattern.enumerated() {
            if case .rest(let name) = part {
                guard segments.count > i else { return nil }
                out.words[name] = segments[i...].joined(separator: "/")
                return badId.map { .failure($0) } ?? .success(out)
            }
            guard i < segments.count else { return nil }
            let text = segments[i]
            switch part {
            case .literal(let literal): guard text == literal else { return nil }
            case .word(let name):
                guard !text.isEmpty else { return nil }
                out.words[name] = String(text)
            case .id(let name):
                if let value = Int64(text), value > 0 { out.ids[name] = value } else {
                    badId = badId ?? .notFound("no \(name) \(String(text.prefix(40)))")
                }
            case .rest: break
            }
        }
        guard segments.count == pattern.count else { return nil }
        return badId.map { .failure($0) } ?? .success(out)
    }
}
