import AlbumModel
import Foundation

/// Reads a JPEG's keywords from its XMP packet: `dc:subject`, the bag where Lightroom, digiKam,
/// darktable and exiftool write IPTC keywords (`<dc:subject><rdf:Bag><rdf:li>…</rdf:li>…`), and
/// from its IPTC-IIM record (APP13, dataset 2:25), where older tools write them.
/// Only the header segments are read. A photo without XMP or IPTC, or without keywords, has none.
public struct XMPKeywordReader: Sendable {
    public init() {}

    /// The keywords of the JPEG file at `path`: XMP's in the order written (XML entities
    /// decoded), then IPTC-IIM's that XMP does not repeat.
    /// - Throws: `AlbumError.io` or `.invalidInput` naming the file when it cannot be read as a JPEG.
    public func keywords(filePath path: String) throws(AlbumError) -> [String] {
        do {
            return try keywords(ReadOnlyFile(path: path, name: path))
        } catch {
            throw error.naming(path)
        }
    }

    /// The keywords of a JPEG held in memory.
    public func keywords(data: Data) throws(AlbumError) -> [String] {
        try keywords(MemoryBytes(data: data))
    }

    func keywords(_ source: some ByteSource) throws(AlbumError) -> [String] {
        let header = try JPEGHeader.scan(source)
        var keywords: [String] = []
        if let segment = header.xmp {
            let packet = String(decoding: try source.bytes(at: segment.offset, count: segment.length), as: UTF8.self)
            keywords = Self.keywords(inPacket: packet)
        }
        if !header.photoshop.isEmpty {
            var resources: [UInt8] = []
            for segment in header.photoshop { resources += try source.bytes(at: segment.offset, count: segment.length) }
            for keyword in IPTCKeywords.keywords(inResources: resources) where !keywords.contains(keyword) {
                keywords.append(keyword)
            }
        }
        return keywords
    }

    /// The `rdf:li` items inside `dc:subject`.
    static func keywords(inPacket packet: String) -> [String] {
        guard let open = packet.range(of: "<dc:subject"), let close = packet.range(of: "</dc:subject>", range: open.upperBound..<packet.endIndex)
        else { return [] }
        var body = packet[open.upperBound..<close.lowerBound]
        var keywords: [String] = []
        while let start = body.range(of: "<rdf:li") {
            guard let tagEnd = body.range(of: ">", range: start.upperBound..<body.endIndex) else { break }
            if body[body.index(before: tagEnd.lowerBound)] == "/" {  // <rdf:li/>
                body = body[tagEnd.upperBound...]
                continue
            }
            guard let end = body.range(of: "</rdf:li>", range: tagEnd.upperBound..<body.endIndex) else { break }
            let value = decodeEntities(String(body[tagEnd.upperBound..<end.lowerBound]))
            if !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { keywords.append(value) }
            body = body[end.upperBound...]
        }
        return keywords
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#NN;` and `&#xNN;`.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semi) <= 10 else {
                result += "&"
                rest = rest[rest.index(after: amp)...]
                continue
            }
            let name = rest[rest.index(after: amp)..<semi]
            let named: [Substring: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            if let value = named[name] {
                result += value
            } else if name.hasPrefix("#x") || name.hasPrefix("#X"), let code = UInt32(name.dropFirst(2), radix: 16),
                      let scalar = Unicode.Scalar(code) {
                result.unicodeScalars.append(scalar)
            } else if name.hasPrefix("#"), let code = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(code) {
                result.unicodeScalars.append(scalar)
            } else {
                result += rest[amp...semi]
            }
            rest = rest[rest.index(after: semi)...]
        }
        return result + rest
    }
}
