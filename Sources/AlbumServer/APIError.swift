import AlbumModel
import Foundation

/// An error answered as `{"error": {"code": "...", "message": "..."}}` with an HTTP status.
public struct APIError: Error, Sendable, Equatable {
    public let status: Int
    public let code: String
    public let message: String
    /// For 405: the methods the path answers.
    public var allow: String?

    public init(status: Int, code: String, message: String, allow: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.allow = allow
    }

    static func badRequest(_ message: String) -> APIError { APIError(status: 400, code: "bad_request", message: message) }
    static func notFound(_ message: String) -> APIError { APIError(status: 404, code: "not_found", message: message) }
    /// 413: `what` ("body", "the form") is larger than `maxBytes`.
    static func bodyTooLarge(_ what: String, _ maxBytes: Int) -> APIError {
        APIError(status: 413, code: "body_too_large", message: "\(what) is larger than \(maxBytes) bytes")
    }

    /// AlbumKit's errors as HTTP, by kind: unknown ids are 404, bad values 400, a source's
    /// failure 502, a full disk 507, the rest 500. The message is the CLI's line with the
    /// library's folder (`hiding`) and any other absolute file path taken out: a web client never
    /// learns where the library is. A 500's message is generic (the server's log has the line).
    init(_ error: AlbumError, hiding folder: String) {
        let message = Self.withoutPaths(error.description, folder: folder)
        switch error {
        case .notFound: self = .notFound(message)
        case .invalidInput: self = .badRequest(message)
        case .source: self.init(status: 502, code: "source_error", message: message)
        case .storage: self.init(status: 507, code: "storage_error", message: "the library's disk is full or not writable")
        case .io, .database: self.init(status: 500, code: "internal_error", message: "the server could not answer this request (its log says why)")
        }
    }

    /// `text` without file paths: `in PATH` is dropped, any other absolute path (a word that
    /// starts with `/` and names a folder or a file with an extension, or `:memory:`) is shown as
    /// `the library` when inside `folder`, else `…`. Request paths the client sent (`/api/…`,
    /// `/pins/…`, `/assets/…`) are kept.
    static func withoutPaths(_ text: String, folder: String) -> String {
        func isPath(_ word: Substring) -> Bool {
            let bare = word.trimmingCharacters(in: CharacterSet(charactersIn: "'\"(),;"))
            if bare.hasPrefix(":memory:") { return true }
            guard bare.hasPrefix("/"), !bare.hasPrefix("/api/"), !bare.hasPrefix("/pins/"), !bare.hasPrefix("/assets/") else { return false }
            return bare.dropFirst().contains("/") || bare.contains(".")
        }
        var out: [String] = []
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            guard isPath(word) else {
                out.append(String(word))
                continue
            }
            let trailing = String(word.reversed().prefix { ",;:)'\"".contains($0) }.reversed())
            if out.last == "in" || out.last == "at" || out.last == "of" {
                out.removeLast()
                if var last = out.popLast() { last += trailing; out.append(last) }
                continue
            }
            out.append((folder.count > 1 && word.contains(folder) ? "the library" : "…") + trailing)
        }
        return out.joined(separator: " ")
    }

    var body: Data {
        let object: [String: Any] = ["error": ["code": code, "message": message]]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }
}

/// Any JSON value, decoded strictly (a number is never a boolean, nor the other way).
enum JSONValue: Decodable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let d = try? c.decode(Double.self) { self = .number(d) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSONValue].self)) }
    }
}

/// A JSON request body read field by field, so each error names its field.
struct JSONBody {
    let fields: [String: JSONValue]

    /// Bodies are small: a pin or a region.
    static let maxBytes = 64 * 1024

    init(_ data: Data, maxBytes: Int = Self.maxBytes) throws(APIError) {
        guard data.count <= maxBytes else { throw .badRequest("body is larger than \(maxBytes) bytes") }
        guard !data.isEmpty else { throw .badRequest("body is empty; expected a JSON object") }
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw .badRequest("malformed JSON body")
        }
        guard case .object(let fields) = value else { throw .badRequest("body must be a JSON object") }
        self.fields = fields
    }

    /// A required finite number.
    func number(_ name: String) throws(APIError) -> Double {
        switch fields[name] {
        case nil, .null?: throw .badRequest("\(name) is required")
        case .number(let d)? where d.isFinite: return d
        default: throw .badRequest("\(name) must be a number")
        }
    }

    /// An optional string (absent or null is nil).
    func string(_ name: String, maxLength: Int = 500) throws(APIError) -> String? {
        switch fields[name] {
        case nil, .null?: return nil
        case .string(let s)?:
            guard s.count <= maxLength else { throw .badRequest("\(name) is longer than \(maxLength) characters") }
            return s
        default: throw .badRequest("\(name) must be a string")
        }
    }

    /// An optional boolean (absent is nil; null is refused).
    func bool(_ name: String) throws(APIError) -> Bool? {
        switch fields[name] {
        case nil: return nil
        case .bool(let b)?: return b
        default: throw .badRequest("\(name) must be true or false")
        }
    }

    /// A coordinate from `latitude` and `longitude`; the error names the field out of range.
    func coordinate() throws(APIError) -> Coordinate {
        let latitude = try number("latitude"), longitude = try number("longitude")
        do {
            return try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw .badRequest(error.description)
        }
    }
}
