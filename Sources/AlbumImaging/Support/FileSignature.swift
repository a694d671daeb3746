import AlbumModel
import Foundation

/// The imaging step's words for a file that is not a JPEG, from what `ImageKind` (the one
/// sniffer) says it is.
enum FileSignature {
    /// `not a JPEG (starts with PNG signature)`, `not a JPEG (empty file)`, …
    static func notJPEGReason<C: Collection<UInt8>>(_ bytes: C) -> String {
        "not a JPEG (\(describe(Array(bytes.prefix(64)))))"
    }

    /// A short human description of a file that is not a JPEG, from its first bytes.
    static func describe(_ head: [UInt8]) -> String {
        switch ImageKind(sniffing: head) {
        case .empty: return "empty file"
        case .png: return "starts with PNG signature"
        case .gif: return "starts with GIF signature"
        case .webp, .riff: return "starts with RIFF/WebP signature"
        case .tiff: return "starts with TIFF signature"
        case .pdf: return "starts with PDF signature"
        case .zip: return "starts with ZIP signature"
        case .gzip: return "starts with gzip signature"
        case .bmp: return "starts with BMP signature"
        case .isoMedia(let brand): return "an ISO-BMFF file of brand '\(brand)' that is not a HEIF image, such as an MP4 video"
        case .brokenJPEG: return "JPEG start marker without a following segment"
        case .jpeg, .heif, .markup, .other: break
        }
        if ImageKind.isText(head) {
            let start = String(decoding: head.prefix(16), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if start.first == "<" { return "starts with text that looks like HTML or XML" }
            if start.first == "{" || start.first == "[" { return "starts with text that looks like JSON" }
            return "starts with text"
        }
        let hex = head.prefix(4).map { String(format: "%02X", $0) }.joined(separator: " ")
        return "starts with bytes \(hex)"
    }
}
