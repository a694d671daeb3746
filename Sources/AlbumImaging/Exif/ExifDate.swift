/// Parsing of EXIF and XMP date strings into ISO 8601 text, refusing anything that is not a
/// real date (`0000:00:00 00:00:00`, blanks, month 13) rather than guessing.
enum ExifDate {
    /// `2008:10:22 16:29:49` → `2008-10-22T16:29:49`; nil when not a valid date and time.
    static func local(_ text: String) -> String? {
        let b = Array(text.utf8)
        guard b.count >= 19, b[10] == 0x20 || b[10] == UInt8(ascii: "T"),
              b[4] == b[7], b[4] == UInt8(ascii: ":") || b[4] == UInt8(ascii: "-"),
              b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
              b[19...].allSatisfy({ $0 == 0x20 || $0 == 0 })
        else { return nil }
        return iso(b, fields: [0..<4, 5..<7, 8..<10, 11..<13, 14..<16, 17..<19])
    }

    /// `+02:00` (or `Z`, `-05:30`); nil when not a valid offset.
    static func offset(_ text: String) -> String? {
        let b = Array(text.utf8)
        if b == [UInt8(ascii: "Z")] { return "+00:00" }
        guard b.count == 6, b[0] == UInt8(ascii: "+") || b[0] == UInt8(ascii: "-"), b[3] == UInt8(ascii: ":"),
              let h = number(b[1..<3]), let m = number(b[4..<6]), h <= 14, m < 60
        else { return nil }
        return text
    }

    /// An XMP date (`2013-07-05T03:18:27Z`, `2013-07-05T03:18:27.5+02:00`, `2013-07-05T03:18`)
    /// → local ISO time and offset. Dates without a time are refused: they cannot place a photo.
    static func xmp(_ text: String) -> (local: String, offset: String?)? {
        let b = Array(text.utf8)
        guard b.count >= 16, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"),
              b[13] == UInt8(ascii: ":")
        else { return nil }
        var rest = b[16...]
        var seconds: ArraySlice<UInt8> = Array("00".utf8)[...]
        if rest.first == UInt8(ascii: ":") {
            guard rest.count >= 3 else { return nil }
            seconds = rest[rest.startIndex + 1..<rest.startIndex + 3]
            rest = rest.dropFirst(3)
            if rest.first == UInt8(ascii: ".") { rest = rest.dropFirst().drop { (0x30...0x39).contains($0) } }
        }
        let fields = Array(b[0..<16]) + Array(":".utf8) + seconds
        guard let local = iso(fields, fields: [0..<4, 5..<7, 8..<10, 11..<13, 14..<16, 17..<19]) else { return nil }
        if rest.isEmpty { return (local, nil) }
        guard let offset = offset(String(decoding: rest, as: UTF8.self)) else { return nil }
        return (local, offset)
    }

    /// `2008:10:22` and three rationals (hours, minutes, seconds) → `2008-10-22T14:28:39Z`.
    static func gps(date: String, hours: Double, minutes: Double, seconds: Double) -> String? {
        let b = Array(date.utf8)
        guard b.count >= 10, let y = number(b[0..<4]), let mo = number(b[5..<7]), let d = number(b[8..<10]),
              valid(year: y, month: mo, day: d), hours >= 0, hours < 24, minutes >= 0, minutes < 60,
              seconds >= 0, seconds < 61
        else { return nil }
        let h = Int(hours), m = Int(minutes), s = Int(seconds)
        return "\(pad(y, 4))-\(pad(mo, 2))-\(pad(d, 2))T\(pad(h, 2)):\(pad(m, 2)):\(pad(s, 2))Z"
    }

    private static func iso(_ b: [UInt8], fields: [Range<Int>]) -> String? {
        let n = fields.compactMap { number(b[$0]) }
        guard n.count == 6, valid(year: n[0], month: n[1], day: n[2]), n[3] < 24, n[4] < 60, n[5] <= 60 else { return nil }
        return "\(pad(n[0], 4))-\(pad(n[1], 2))-\(pad(n[2], 2))T\(pad(n[3], 2)):\(pad(n[4], 2)):\(pad(n[5], 2))"
    }

    private static func valid(year: Int, month: Int, day: Int) -> Bool {
        guard year >= 1, (1...12).contains(month), day >= 1 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return day <= days
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let s = String(value)
        return String(repeating: "0", count: max(0, width - s.count)) + s
    }
}
