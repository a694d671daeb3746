/// One EXIF entry as plain bytes, with typed accessors that check format, count and size.
struct ExifField {
    /// TIFF field types (EXIF 2.3 §4.6.2).
    enum Format: Int {
        case byte = 1, ascii, short, long, rational, signedByte, undefined, signedShort, signedLong, signedRational
        case float, double
        case other = 0
    }

    let format: Format
    let count: Int
    let bytes: [UInt8]
    let bigEndian: Bool

    /// ASCII text without trailing NULs and spaces; nil when empty or not text.
    var text: String? {
        guard format == .ascii || format == .undefined || format == .byte else { return nil }
        var end = bytes.firstIndex(of: 0) ?? bytes.count
        while end > 0, bytes[end - 1] == 0x20 { end -= 1 }
        guard end > 0 else { return nil }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// The `index`th value of an integer field (BYTE, SHORT or LONG).
    func integer(at index: Int = 0) -> Int? {
        guard index >= 0, index < count else { return nil }
        switch format {
        case .byte, .undefined: return index < bytes.count ? Int(bytes[index]) : nil
        case .short: return unsigned(at: index * 2, width: 2)
        case .long: return unsigned(at: index * 4, width: 4)
        default: return nil
        }
    }

    /// The `index`th value of a RATIONAL field as numerator and denominator.
    func rational(at index: Int) -> (numerator: UInt32, denominator: UInt32)? {
        guard format == .rational, index >= 0, index < count,
              let n = unsigned(at: index * 8, width: 4), let d = unsigned(at: index * 8 + 4, width: 4)
        else { return nil }
        return (UInt32(n), UInt32(d))
    }

    private func unsigned(at offset: Int, width: Int) -> Int? {
        guard offset >= 0, offset + width <= bytes.count else { return nil }
        var value = 0
        for i in 0..<width {
            let byte = Int(bytes[offset + (bigEndian ? i : width - 1 - i)])
            value = value << 8 | byte
        }
        return value
    }
}

