import AlbumModel
import Foundation

/// The map's pin list, `GET /api/map/pins`: `[[id, latitude, longitude, photoCount, title], …]`,
/// coordinates to 6 decimals (~0.1 m). A fifth of the bytes of `/api/pins` (no place, zone or
/// note: the popup asks `/api/pins/ID` when it opens), written by hand: 10,000 pins through
/// `JSONEncoder` cost ~0.3 s of CPU, here a few milliseconds.
enum MapPins {
    static func json(_ pins: [Pin]) -> Data {
        var out = JSONBytes(capacity: 64 * pins.count + 2)
        out.append("[")
        for (i, pin) in pins.enumerated() {
            if i > 0 { out.append(",") }
            out.append("[")
            out.append(String(pin.id))
            out.append(",")
            out.number(pin.coordinate.latitude, decimals: 6)
            out.append(",")
            out.number(pin.coordinate.longitude, decimals: 6)
            out.append(",")
            out.append(String(pin.photoCount))
            out.append(",")
            out.string(pin.title)
            out.append("]")
        }
        out.append("]")
        return Data(out.bytes)
    }
}

/// JSON text appended to a byte buffer: strings escaped as `JSONEncoder` does with
/// `.withoutEscapingSlashes` (`"`, `\`, and control characters; everything else as UTF-8).
struct JSONBytes {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func append(bytes more: ArraySlice<UInt8>) { bytes.append(contentsOf: more) }

    /// Replaces everything from `offset` on with `other`'s bytes.
    mutating func replace(from offset: Int, with other: JSONBytes) {
        bytes.replaceSubrange(offset..., with: other.bytes)
    }

    /// `value` rounded to `decimals` places, in Swift's shortest form (`48.856613`, `-0.5`, `1e-06`).
    /// - Precondition: `value` is finite (coordinates are).
    mutating func number(_ value: Double, decimals: Int) {
        let scale = pow(10, Double(decimals))
        let rounded = (value * scale).rounded() / scale
        append(rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int64(rounded)) : rounded.description)
    }

    /// A JSON string, or `null` for nil.
    mutating func string(_ text: String?) {
        guard let text else { return append("null") }
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                append("\\u00")
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
