/// Finds one simple property in an XMP packet without an XML parser: XMP writers put a simple
/// property either as an attribute (`exif:DateTimeOriginal="…"`) or as an element
/// (`<exif:DateTimeOriginal>…</exif:DateTimeOriginal>`).
enum XMPPacket {
    /// The text value of `name` in `packet`, or nil.
    static func value(of name: String, in packet: some Collection<UInt8>) -> String? {
        let bytes = Array(packet)
        let key = Array(name.utf8)
        var start = 0
        while let found = find(key, in: bytes, from: start) {
            start = found + key.count
            guard found > 0, bytes[found - 1] == 0x20 || bytes[found - 1] == 0x0A || bytes[found - 1] == 0x09
                || bytes[found - 1] == 0x0D || bytes[found - 1] == UInt8(ascii: "<")
            else { continue }
            var i = start
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
            guard i < bytes.count else { return nil }
            let terminator: UInt8
            if bytes[found - 1] == UInt8(ascii: "<") {
                guard bytes[i] == UInt8(ascii: ">") else { continue }
                terminator = UInt8(ascii: "<")
            } else {
                guard bytes[i] == UInt8(ascii: "="), i + 1 < bytes.count,
                      bytes[i + 1] == UInt8(ascii: "\"") || bytes[i + 1] == UInt8(ascii: "'")
                else { continue }
                terminator = bytes[i + 1]
                i += 1
            }
            guard let end = bytes[(i + 1)...].firstIndex(of: terminator) else { return nil }
            let value = String(decoding: bytes[(i + 1)..<end], as: UTF8.self)
            return value.isEmpty ? nil : value
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var i = start
        while i + needle.count <= haystack.count {
            guard let at = haystack[i...(haystack.count - needle.count)].firstIndex(of: first) else { return nil }
            if haystack[at..<(at + needle.count)].elementsEqual(needle) { return at }
            i = at + 1
        }
        return nil
    }
}
