import Foundation

/// What a body's first bytes say it is. Only JPEG is kept: that is what photo sources serve and
/// what the thumbnailer reads; anything else is a permanent failure, never retried.
public enum ImageKind: Sendable, Equatable {
    case jpeg
    case png
    case gif
    case webp
    case html
    case other

    public init(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(16))
        func starts(_ prefix: [UInt8]) -> Bool { head.starts(with: prefix) }
        if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts([0x89, 0x50, 0x4E, 0x47]) {
            self = .png
        } else if starts(Array("GIF8".utf8)) {
            self = .gif
        } else if starts(Array("RIFF".utf8)), head.count >= 12, Array(head[8..<12]) == Array("WEBP".utf8) {
            self = .webp
        } else {
            let text = String(decoding: head, as: UTF8.self).lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
            self = text.hasPrefix("<") ? .html : .other
        }
    }

    /// Why a body of this kind is refused, or nil for JPEG.
    public var refusal: String? {
        switch self {
        case .jpeg: nil
        case .png, .gif, .webp: "not a JPEG (\(self))"
        case .html: "not an image (HTML page)"
        case .other: "not an image"
        }
    }
}
