import Foundation
import NIOCore

/// A `multipart/form-data` body read as it arrives (RFC 7578): the boundary is searched across
/// chunks, and a part's bytes go to its sink as they come, never the whole body in memory (at
/// most one chunk plus a delimiter's length is held). The caller decides per part where its
/// bytes go (`onPart`), and learns of its end (`onPartEnd`).
struct MultipartReader {
    /// One part's head: its field name, file name (for a file) and type.
    struct PartHead: Equatable {
        var name: String
        var filename: String?
        var contentType: String?
    }

    /// The most bytes a part's header block may have.
    static let maxHeaderBytes = 8 * 1024
    /// The most parts a body may have.
    static let maxParts = 16

    private let delimiter: [UInt8]
    private var buffer: [UInt8] = []
    private var state = State.preamble
    private var parts = 0

    private enum State {
        case preamble, afterDelimiter, headers, body, epilogue
    }

    /// The boundary of a `Content-Type: multipart/form-data; boundary=…` header, or nil.
    static func boundary(_ contentType: String?) -> String? {
        guard let contentType else { return nil }
        let fields = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard fields.first?.lowercased() == "multipart/form-data" else { return nil }
        for field in fields.dropFirst() {
            let pair = field.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
            var value = pair[1]
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            guard (1...70).contains(value.utf8.count), value.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
            return value
        }
        return nil
    }

    init(boundary: String) {
        // The body is read as if it began with CRLF, so the first delimiter is found as every other.
        delimiter = Array("\r\n--\(boundary)".utf8)
        buffer = [0x0D, 0x0A]
    }

    /// Feeds the next chunk.
    /// - Parameters:
    ///   - onPart: a part begins.
    ///   - onData: bytes of the current part.
    ///   - onPartEnd: the current part ended (its closing delimiter was seen).
    /// - Throws: `APIError` 400 for a body that is not multipart as its header says; what the callbacks throw.
    mutating func feed(
        _ chunk: ByteBuffer, onPart: (PartHead) throws -> Void, onData: (ArraySlice<UInt8>) throws -> Void, onPartEnd: () throws -> Void
    ) throws {
        buffer.append(contentsOf: chunk.readableBytesView)
        var start = 0
        defer { buffer.removeFirst(start) }
        while true {
            switch state {
            case .preamble:
                guard let found = find(delimiter, in: buffer, from: start) else {
                    start = max(start, buffer.count - delimiter.count + 1)
                    return
                }
                start = found + delimiter.count
                state = .afterDelimiter
            case .afterDelimiter:
                guard buffer.count - start >= 2 else { return }
                if buffer[start] == 0x2D, buffer[start + 1] == 0x2D {  // "--": the last delimiter
                    start = buffer.count
                    state = .epilogue
                    return
                }
                // Transport padding (spaces, tabs) may come before the CRLF.
                var i = start
                while i < buffer.count, buffer[i] == 0x20 || buffer[i] == 0x09 { i += 1 }
                guard buffer.count - i >= 2 else { return }
                guard buffer[i] == 0x0D, buffer[i + 1] == 0x0A else { throw Self.bad("a boundary line is not followed by CRLF") }
                start = i + 2
                state = .headers
            case .headers:
                guard let end = find(Array("\r\n\r\n".utf8), in: buffer, from: start) else {
                    guard buffer.count - start <= Self.maxHeaderBytes else { throw Self.bad("a part's headers exceed \(Self.maxHeaderBytes) bytes") }
                    return
                }
                guard end - start <= Self.maxHeaderBytes else { throw Self.bad("a part's headers exceed \(Self.maxHeaderBytes) bytes") }
                parts += 1
                guard parts <= Self.maxParts else { throw Self.bad("more than \(Self.maxParts) parts") }
                try onPart(try Self.head(buffer[start..<end]))
                start = end + 4
                state = .body
            case .body:
                if let found = find(delimiter, in: buffer, from: start) {
                    if found > start { try onData(buffer[start..<found]) }
                    try onPartEnd()
                    start = found + delimiter.count
                    state = .afterDelimiter
                } else {
                    // Keep what could be the start of a delimiter split across chunks.
                    let safe = max(start, buffer.count - delimiter.count + 1)
                    if safe > start { try onData(buffer[start..<safe]) }
                    start = safe
                    return
                }
            case .epilogue:
                start = buffer.count
                return
            }
        }
    }

    /// Whether the closing delimiter was read: a body that ends before it was cut off.
    var isComplete: Bool { state == .epilogue }

    /// A part's `Content-Disposition: form-data; name="…"; filename="…"` and `Content-Type`.
    static func head(_ bytes: ArraySlice<UInt8>) throws -> PartHead {
        guard let text = String(bytes: bytes, encoding: .utf8) else { throw bad("a part's headers are not UTF-8") }
        var name: String?, filename: String?, type: String?
        for line in text.components(separatedBy: "\r\n") where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw bad("a part's header line has no colon") }
            let field = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if field == "content-type" { type = value }
            guard field == "content-disposition" else { continue }
            let params = Self.parameters(value)
            guard params.first?.0.lowercased() == "form-data" else { throw bad("a part's Content-Disposition is not form-data") }
            for (key, v) in params.dropFirst() {
                switch key.lowercased() {
                case "name": name = v
                case "filename": filename = v
                default: break
                }
            }
        }
        guard let name else { throw bad("a part has no Content-Disposition name") }
        return PartHead(name: name, filename: filename, contentType: type)
    }

    /// `form-data; name="a;b"; filename="x.jpg"` as pairs, quotes removed (the first pair's value empty).
    static func parameters(_ value: String) -> [(String, String)] {
        var out: [(String, String)] = []
        var current = "", inQuotes = false, escaped = false
        var fields: [String] = []
        for ch in value {
            if escaped { current.append(ch); escaped = false; continue }
            if inQuotes, ch == "\\" { escaped = true; current.append(ch); continue }
            if ch == "\"" { inQuotes.toggle() }
            if ch == ";", !inQuotes { fields.append(current); current = ""; continue }
            current.append(ch)
        }
        fields.append(current)
        for field in fields {
            let trimmed = field.trimmingCharacters(in: .whitespaces)
            guard let eq = trimmed.firstIndex(of: "=") else { out.append((trimmed, "")); continue }
            let key = trimmed[..<eq].trimmingCharacters(in: .whitespaces)
            var v = trimmed[trimmed.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            if v.hasPrefix("\""), v.hasSuffix("\""), v.count >= 2 {
                v = String(v.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
            }
            out.append((key, v))
        }
        return out
    }

    static func bad(_ why: String) -> APIError {
        APIError(status: 400, code: "bad_multipart", message: "the body is not valid multipart/form-data: \(why)")
    }

    /// The first index of `needle` in `haystack` at or after `from`.
    private func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard let first = needle.first, haystack.count - from >= needle.count else { return nil }
        var i = from
        let last = haystack.count - needle.count
        return haystack.withUnsafeBufferPointer { h in
            needle.withUnsafeBufferPointer { n in
                while i <= last {
                    guard let p = memchr(h.baseAddress! + i, Int32(first), last - i + 1) else { return nil }
                    i = h.baseAddress!.distance(to: p.assumingMemoryBound(to: UInt8.self))
                    if memcmp(h.baseAddress! + i, n.baseAddress!, n.count) == 0 { return i }
                    i += 1
                }
                return nil
            }
        }
    }
}
