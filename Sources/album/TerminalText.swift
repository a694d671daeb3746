import AlbumModel

/// Text from outside (titles, notes, a bundle's or a server's messages, file names) made safe for
/// a terminal: control characters are shown escaped, never sent, so a title cannot move the
/// cursor, retitle the window (OSC), ring the bell, overwrite a line (CR) or fake a line.
enum TerminalText {
    /// Every control character escaped (`\n`, `\r`, `\t`, `\x1b`, `\u{9b}`…), newlines included:
    /// for one value printed inside a line (a title, an error message).
    static func inline(_ text: String) -> String { escape(text, keepingNewlines: false) }

    /// As `inline`, but line feeds stay: for text the tool itself lays out on several lines.
    static func lines(_ text: String) -> String { escape(text, keepingNewlines: true) }

    /// `--json` output: JSON escapes what JSON must (C0), and this escapes what JSON may leave
    /// raw but a terminal would act on (DEL, the C1 controls such as CSI U+009B, bidi overrides).
    /// They only occur inside strings, so replacing them there keeps the document's meaning.
    static func json(_ text: String) -> String {
        // C0 characters in JSONEncoder's output are its own layout (newlines, indentation).
        let raw = { (scalar: Unicode.Scalar) in scalar.value >= 0x7F && isControl(scalar) }
        guard text.unicodeScalars.contains(where: raw) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if raw(scalar) {
                out.append(contentsOf: "\\u\(hex(scalar.value, width: 4))".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    private static func escape(_ text: String, keepingNewlines: Bool) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) || RawPath.byte($0) != nil }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n" where keepingNewlines: out.append(scalar)
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\r": out.append(contentsOf: "\\r".unicodeScalars)
            case "\t": out.append(contentsOf: "\\t".unicodeScalars)
            case _ where scalar.value < 0x80 && isControl(scalar):
                out.append(contentsOf: "\\x\(hex(scalar.value, width: 2))".unicodeScalars)
            case _ where RawPath.byte(scalar) != nil:
                // A byte of a file name that is not UTF-8 (`RawPath`): shown as the byte it is.
                out.append(contentsOf: "\\x\(hex(UInt32(RawPath.byte(scalar)!), width: 2))".unicodeScalars)
            case _ where isControl(scalar):
                out.append(contentsOf: "\\u{\(hex(scalar.value, width: 0))}".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// C0 (but JSON's own escapes handle those), DEL, C1, and the bidirectional overrides and
    /// isolates that reorder what a terminal shows ("Trojan Source").
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    private static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
