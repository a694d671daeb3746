/// Capture dates as bundles write them, rewritten as ISO 8601 local time.
///
/// Accepted: Flickr's `YYYY-MM-DD HH:MM:SS`, and ISO 8601 `YYYY-MM-DDTHH:MM:SS` with optional
/// fractional seconds (dropped) and an optional offset `Z`, `±HH:MM`, `±HHMM` or `±HH`.
/// The result is `YYYY-MM-DDTHH:MM:SS`, followed by `±HH:MM` when an offset was given
/// (`Z` becomes `+00:00`).
enum BundleDate {
    /// The normalised date, or nil when `text` is not one of the accepted forms or not a real date.
    static func normalize(_ text: String) -> String? {
        let b = Array(text.utf8)
        guard b.count >= 19 else { return nil }
        guard b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
            b[10] == UInt8(ascii: " ") || b[10] == UInt8(ascii: "T"),
            b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":")
        else { return nil }
        guard let year = number(b, 0, 4), let month = number(b, 5, 2), let day = number(b, 8, 2),
            let hour = number(b, 11, 2), let minute = number(b, 14, 2), let second = number(b, 17, 2)
        else { return nil }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            hour <= 23, minute <= 59, second <= 60
        else { return nil }

        var i = 19
        if i < b.count, b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: ",") {
            i += 1
            let start = i
            while i < b.count, isDigit(b[i]) { i += 1 }
            guard i > start else { return nil }
        }
        let local = String(decoding: b[0..<19], as: UTF8.self).replacingT()
        guard i < b.count else { return local }
        guard let offset = offset(b[i...]) else { return nil }
        return local + offset
    }

    /// `Z`, `±HH:MM`, `±HHMM` or `±HH` as `±HH:MM`.
    private static func offset(_ slice: ArraySlice<UInt8>) -> String? {
        let o = Array(slice)
        if o == [UInt8(ascii: "Z")] || o == [UInt8(ascii: "z")] { return "+00:00" }
        guard let sign = o.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        let hours: Int?, minutes: Int?
        switch o.count {
        case 3: (hours, minutes) = (number(o, 1, 2), 0)
        case 5: (hours, minutes) = (number(o, 1, 2), number(o, 3, 2))
        case 6 where o[3] == UInt8(ascii: ":"): (hours, minutes) = (number(o, 1, 2), number(o, 4, 2))
        default: return nil
        }
        guard let hours, let minutes, hours <= 14, minutes <= 59 else { return nil }
        let h = hours < 10 ? "0\(hours)" : "\(hours)", m = minutes < 10 ? "0\(minutes)" : "\(minutes)"
        return "\(sign == UInt8(ascii: "+") ? "+" : "-")\(h):\(m)"
    }

    private static func number(_ b: [UInt8], _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for k in start..<(start + count) {
            guard isDigit(b[k]) else { return nil }
            value = value * 10 + Int(b[k] - UInt8(ascii: "0"))
        }
        return value
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

extension String {
    /// `YYYY-MM-DD HH:MM:SS` → `YYYY-MM-DDTHH:MM:SS` (only the date/time separator changes).
    fileprivate func replacingT() -> String {
        var chars = Array(self)
        chars[10] = "T"
        return String(chars)
    }
}
