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

    /// The `index`th value of an integer field, whatever integer type the file used: BYTE,
    /// SHORT or LONG, their signed forms, or UNDEFINED (cameras write SHORT for LONG and the
    /// reverse; exiftool reads the value by the type written, and so do we).
    func integer(at index: Int = 0) -> Int? {
        guard index >= 0, index < count else { return nil }
        switch format {
        case .byte, .undefined: return index < bytes.count ? Int(bytes[index]) : nil
        case .signedByte: return index < bytes.count ? Int(Int8(bitPattern: bytes[index])) : nil
        case .short: return unsigned(at: index * 2, width: 2)
        case .signedShort: return unsigned(at: index * 2, width: 2).map { Int(Int16(truncatingIfNeeded: $0)) }
        case .long: return unsigned(at: index * 4, width: 4)
        case .signedLong: return unsigned(at: index * 4, width: 4).map { Int(Int32(truncatingIfNeeded: $0)) }
        default: return nil
        }
    }

    /// The `index`th value of an unsigned RATIONAL field as numerator and denominator.
    func rational(at index: Int) -> (numerator: UInt32, denominator: UInt32)? {
        guard format == .rational, index >= 0, index < count,
              let n = unsigned(at: index * 8, width: 4), let d = unsigned(at: index * 8 + 4, width: 4)
        else { return nil }
        return (UInt32(n), UInt32(d))
    }

    /// The `index`th value as a fraction, whatever numeric type the file used: RATIONAL or
    /// SRATIONAL (signed, as some phones write GPS and altitude), an integer type (over 1), or
    /// FLOAT/DOUBLE (over 1). Nil for text, or past the end of the field.
    func fraction(at index: Int) -> (numerator: Double, denominator: Double)? {
        guard index >= 0, index < count else { return nil }
        switch format {
        case .rational:
            return rational(at: index).map { (Double($0.numerator), Double($0.denominator)) }
        case .signedRational:
            guard let n = unsigned(at: index * 8, width: 4), let d = unsigned(at: index * 8 + 4, width: 4) else { return nil }
            return (Double(Int32(truncatingIfNeeded: n)), Double(Int32(truncatingIfNeeded: d)))
        case .float:
            return unsigned(at: index * 4, width: 4).map { (Double(Float(bitPattern: UInt32($0))), 1) }
        case .double:
            guard let high = unsigned(at: index * 8 + (bigEndian ? 0 : 4), width: 4),
                  let low = unsigned(at: index * 8 + (bigEndian ? 4 : 0), width: 4)
            else { return nil }
            return (Double(bitPattern: UInt64(high) << 32 | UInt64(low)), 1)
        case .ascii, .other:
            return nil
        default:
            return integer(at: index).map { (Double($0), 1) }
        }
    }

    /// Whether the field holds numbers (any integer, rational or floating type).
    var isNumeric: Bool { format != .ascii && format != .other && format != .undefined }

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

