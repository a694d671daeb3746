import Foundation

/// What the first bytes of a file say it is, so "not a JPEG" errors can say what it is instead.
public enum FileSignature {
    /// True when the bytes start like a JPEG (SOI marker followed by another marker).
    public static func isJPEG<C: Collection<UInt8>>(_ bytes: C) -> Bool {
        var iterator = bytes.makeIterator()
        return iterator.next() == 0xFF && iterator.next() == 0xD8 && iterator.next() == 0xFF
    }

    /// The HEIF family's brands: HEVC stills and sequences (what phones write), and the
    /// generic image brands.
    public static let heifBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "mif2"]

    /// True when the bytes start with an ISO-BMFF `ftyp` box naming a HEIF brand, as its major
    /// brand or a compatible one (an MP4 video is not a HEIF). Needs the first 32 bytes or so.
    public static func isHEIF<C: Collection<UInt8>>(_ bytes: C) -> Bool {
        let head = Array(bytes.prefix(64))
        guard head.count >= 12, head[4..<8].elementsEqual("ftyp".utf8) else { return false }
        let size = min(head.count, Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3]))
        let brand = { (i: Int) in String(decoding: head[i..<i + 4], as: UTF8.self) }
        if heifBrands.contains(brand(8)) { return true }
        return stride(from: 16, to: size - 3, by: 4).contains { heifBrands.contains(brand($0)) }
    }

    /// `not a JPEG (starts with PNG signature)`, `not a JPEG (empty file)`, …
    static func notJPEGReason<C: Collection<UInt8>>(_ bytes: C) -> String {
        "not a JPEG (\(describe(Array(bytes.prefix(16)))))"
    }

    /// A short human description of a file that is not a JPEG, from its first bytes.
    static func describe(_ head: [UInt8]) -> String {
        if head.isEmpty { return "empty file" }
        let known: [([UInt8], String)] = [
            ([0x89, 0x50, 0x4E, 0x47], "PNG"), (Array("GIF8".utf8), "GIF"), (Array("RIFF".utf8), "RIFF/WebP"),
            ([0x49, 0x49, 0x2A, 0x00], "TIFF"), ([0x4D, 0x4D, 0x00, 0x2A], "TIFF"), (Array("%PDF".utf8), "PDF"),
            ([0x50, 0x4B, 0x03, 0x04], "ZIP"), ([0x1F, 0x8B], "gzip"), (Array("BM".utf8), "BMP"),
        ]
        for (magic, name) in known where head.starts(with: magic) {
            return "starts with \(name) signature"
        }
        if head.count >= 12, head[4..<8].elementsEqual("ftyp".utf8) {
            let brand = String(decoding: head[8..<12], as: UTF8.self)
            return "an ISO-BMFF file of brand '\(brand)' that is not a HEIF image, such as an MP4 video"
        }
        if head.starts(with: [0xFF, 0xD8]) { return "JPEG start marker without a following segment" }
        let text = head.allSatisfy { (0x20..<0x7F).contains($0) || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        if text {
            let start = String(decoding: head, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if start.first == "<" { return "starts with text that looks like HTML or XML" }
            if start.first == "{" || start.first == "[" { return "starts with text that looks like JSON" }
            return "starts with text"
        }
        let hex = head.prefix(4).map { String(format: "%02X", $0) }.joined(separator: " ")
        return "starts with bytes \(hex)"
    }
}
