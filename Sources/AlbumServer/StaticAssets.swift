import AlbumCore
import Foundation
import HTTPTypes
import Hummingbird

/// The pages' own files: the scripts, style sheet and icon of `Sources/AlbumServer/Assets`
/// (embedded, `EmbeddedAssets`; the gallery export writes the same `album.css`, `PageStyle`) and
/// the city layer AlbumKit shares with `export html`.
///
/// Each is served under a name with its content hash (`/assets/map.1f2e3d4c5b6a7988.js`) and
/// `Cache-Control: immutable`: a browser asks once per version; pages link it by `url(_:)`.
/// The plain name (`/assets/map.js`) is served too, revalidated each time (`no-cache`, ETag).
/// A client that accepts gzip gets the gzip form where there is one.
final class StaticAssets: Sendable {
    struct File: Sendable {
        let name: String
        let hashedName: String
        let type: String
        let data: Data
        let gzip: Data?
        let etag: String
    }

    static let shared = StaticAssets()

    private let byName: [String: File]
    private let byHashedName: [String: File]

    init() {
        var files: [File] = []
        for (name, text, packed) in EmbeddedAssets.files {
            files.append(Self.file(name, Data(base64Encoded: text) ?? Data(), gzip: Data(base64Encoded: packed)))
        }
        files.append(Self.file("cities.js", Data(CityDots.script.utf8), gzip: nil))
        byName = Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0) })
        byHashedName = Dictionary(uniqueKeysWithValues: files.map { ($0.hashedName, $0) })
    }

    static func file(_ name: String, _ data: Data, gzip: Data?) -> File {
        let hash = String(fnv1a(data), radix: 16).leftPadded(to: 16)
        let dot = name.lastIndex(of: ".") ?? name.endIndex
        let hashed = name[..<dot] + "." + hash + name[dot...]
        return File(name: name, hashedName: String(hashed), type: WebAssets.contentType(forName: name), data: data, gzip: gzip,
                    etag: "\"\(hash)\"")
    }

    /// 64-bit FNV-1a: a cache key for the file's version, not a security check.
    static func fnv1a(_ data: Data) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The URL pages link for `name` (`/assets/NAME.HASH.EXT`).
    func url(_ name: String) -> String {
        "/assets/" + (byName[name]?.hashedName ?? name)
    }

    /// The file's answer for `name` (plain or hashed), nil when it is not one of these files.
    func responseIfKnown(_ name: String, _ request: Request) throws -> Response? {
        if let file = byHashedName[name] { return answer(file, request, cacheControl: "public, max-age=31536000, immutable") }
        if let file = byName[name] { return answer(file, request, cacheControl: "no-cache") }
        return nil
    }

    /// The file's answer. - Throws: 404 when there is no such file.
    func response(_ name: String, _ request: Request) throws -> Response {
        guard let response = try responseIfKnown(name, request) else { throw APIError.notFound("no asset \(name)") }
        return response
    }

    private func answer(_ file: File, _ request: Request, cacheControl: String) -> Response {
        var extra: HTTPFields = [.eTag: file.etag, .vary: "Accept-Encoding"]
        if let match = request.headers[.ifNoneMatch], match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == file.etag }) {
            var headers: HTTPFields = [.eTag: file.etag, .cacheControl: cacheControl, .contentLength: "0"]
            Reply.secure(&headers)
            return Response(status: .notModified, headers: headers, body: ResponseBody())
        }
        if let packed = file.gzip, Self.acceptsGzip(request.headers[.acceptEncoding]) {
            extra[.contentEncoding] = "gzip"
            return Reply.bytes(packed, type: file.type, cacheControl: cacheControl, extra: extra)
        }
        return Reply.bytes(file.data, type: file.type, cacheControl: cacheControl, extra: extra)
    }

    /// Whether `Accept-Encoding` lists gzip with a quality above 0.
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        return header.lowercased().split(separator: ",").contains { item in
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.first == "gzip" || parts.first == "*" else { return false }
            return !parts.dropFirst().contains { $0.replacingOccurrences(of: " ", with: "").hasPrefix("q=0") && !$0.contains("q=0.") }
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
