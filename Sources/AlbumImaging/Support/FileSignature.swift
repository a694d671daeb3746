import Foundation

/// What the first bytes of a file say it is, so "not a JPEG" errors can say what it is instead.
enum FileSignature {
    /// True when the bytes start like a JPEG (SOI marker followed by another marker).
    static func isJPEG<C: Collection<UInt8>>(_ bytes: C) -> Bool {
        var iterator = bytes.makeIterator()
        return iterator.next() == 0xFF && iterator.next() == 0xD8 && iterator.next() == 0xFF
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
        if head.count >= 12, head[4..<8].elementsEqual("ftyp".utf8) { return "starts with HEIF/MP4 signature" }
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
