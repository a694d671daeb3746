#if canImport(Glibc)
import Glibc
#endif

/// File names are bytes; a Swift `String` is Unicode. A path that is not valid UTF-8 (a name
/// written by an old camera or a Latin-1 system) is carried in a `String` without loss: each
/// byte that is not part of a valid UTF-8 sequence becomes the private-use scalar U+10FF00 + byte
/// (U+10FF80…U+10FFFF, the end of plane 16), and goes back to that one byte when the path is
/// handed to the system (`withCString`). Valid UTF-8 is left as it is, so every other path is
/// spelled and opened exactly as before. (A name that really holds one of those 128 private-use
/// scalars is opened as the byte: they are never used for text.)
///
/// Printed, such a byte is escaped as `\xNN` (`TerminalText`), like a control character.
public enum RawPath {
    private static let base: UInt32 = 0x10FF00

    /// The path spelled by `bytes`, each invalid byte kept as its private-use scalar.
    public static func string<Bytes: Collection>(fromBytes bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let array = Array(bytes)
        if let valid = String(validating: array, as: UTF8.self) { return valid }
        var scalars = String.UnicodeScalarView()
        var i = 0
        while i < array.count {
            if let (scalar, length) = decode(array, at: i) {
                scalars.append(scalar)
                i += length
            } else {
                scalars.append(Unicode.Scalar(base + UInt32(array[i]))!)
                i += 1
            }
        }
        return String(scalars)
    }

    /// The path a C string (a `readdir` name, an `argv` entry) spells.
    public static func string(cString: UnsafePointer<CChar>) -> String {
        string(fromBytes: UnsafeBufferPointer(start: cString, count: strlen(cString)).lazy.map { UInt8(bitPattern: $0) })
    }

    /// The byte a scalar stands for, when it is one of the private-use scalars of an invalid byte.
    public static func byte(_ scalar: Unicode.Scalar) -> UInt8? {
        scalar.value >= base + 0x80 && scalar.value <= base + 0xFF ? UInt8(scalar.value - base) : nil
    }

    /// Whether the path holds a byte that is not UTF-8.
    public static func hasRawBytes(_ path: String) -> Bool {
        // Those scalars are F4 8F BE xx and F4 8F BF xx in UTF-8: a path without an F4 byte has
        // none (checked first: a scan of the scalars was a tenth of an open's cost, issue 30).
        let mayHave = path.utf8.withContiguousStorageIfAvailable { $0.contains(0xF4) } ?? path.utf8.contains(0xF4)
        return mayHave && path.unicodeScalars.contains { byte($0) != nil }
    }

    /// The path's bytes as the system spells it.
    public static func bytes(_ path: String) -> [UInt8] {
        guard hasRawBytes(path) else { return Array(path.utf8) }
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if let raw = byte(scalar) { out.append(raw) } else { out.append(contentsOf: String(scalar).utf8) }
        }
        return out
    }

    /// Calls `body` with the path as the system spells it (NUL-terminated): what `open`, `stat`,
    /// `opendir`… must be given.
    public static func withCString<R>(_ path: String, _ body: (UnsafePointer<CChar>) -> R) -> R {
        guard hasRawBytes(path) else { return path.withCString(body) }
        var terminated = bytes(path).map { CChar(bitPattern: $0) }
        terminated.append(0)
        return body(terminated)
    }

    /// One valid UTF-8 sequence at `i` (no overlong forms, no surrogates, ≤ U+10FFFF) and its length.
    private static func decode(_ b: [UInt8], at i: Int) -> (Unicode.Scalar, Int)? {
        let lead = b[i]
        let (length, minimum, initial): (Int, UInt32, UInt32)
        switch lead {
        case 0x00...0x7F: return (Unicode.Scalar(lead), 1)
        case 0xC2...0xDF: (length, minimum, initial) = (2, 0x80, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (length, minimum, initial) = (3, 0x800, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (length, minimum, initial) = (4, 0x10000, UInt32(lead & 0x07))
        default: return nil
        }
        guard i + length <= b.count else { return nil }
        var value = initial
        for k in 1..<length {
            let c = b[i + k]
            guard c & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(c & 0x3F)
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
