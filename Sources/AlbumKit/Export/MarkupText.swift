import Foundation

/// Escaping for text that goes into XML and HTML: titles from the network may hold `<`, `"`,
/// `&` and `/`, and control characters XML 1.0 does not allow.
public enum MarkupText {
    /// Text safe in element content and in double- or single-quoted attribute values.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                // XML 1.0 forbids other C0 controls, and U+FFFE/U+FFFF; drop them.
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A decimal degree for XML attributes and KML coordinates: fixed notation, 7 decimals
    /// (about 1 cm), never an exponent.
    public static func degrees(_ value: Double) -> String {
        let text = String(format: "%.7f", value)
        return text == "-0.0000000" ? "0.0000000" : text
    }
}
