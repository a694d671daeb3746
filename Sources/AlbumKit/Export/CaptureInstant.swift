import Foundation

/// A stored capture date (`YYYY-MM-DDTHH:MM:SS` with an optional `±HH:MM`) read for exports.
public struct CaptureInstant: Sendable, Hashable {
    /// The local date and time as stored, seconds clamped to 59 (XML Schema has no leap second).
    public let local: String
    /// Seconds east of UTC, when the date carries an offset.
    public let offsetSeconds: Int?
    /// Seconds since 1970 treating a date without offset as UTC: used only to sort.
    let sortKey: Double

    /// nil when `text` is not in the stored form.
    public init?(_ text: String) {
        let b = Array(text.utf8)
        guard b.count == 19 || b.count == 25 else { return nil }
        func num(_ at: Int, _ n: Int) -> Int? {
            var v = 0
            for i in at..<(at + n) {
                guard b[i] >= 48, b[i] <= 57 else { return nil }
                v = v * 10 + Int(b[i] - 48)
            }
            return v
        }
        guard b[4] == 45, b[7] == 45, b[10] == 84, b[13] == 58, b[16] == 58,
            let y = num(0, 4), let mo = num(5, 2), let d = num(8, 2), let h = num(11, 2), let mi = num(14, 2), let s = num(17, 2),
            (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60, s <= 60
        else { return nil }
        var offset: Int?
        if b.count == 25 {
            guard b[19] == 43 || b[19] == 45, b[22] == 58, let oh = num(20, 2), let om = num(23, 2), oh <= 14, om < 60 else { return nil }
            offset = (oh * 3600 + om * 60) * (b[19] == 45 ? -1 : 1)
        }
        let second = min(s, 59)
        local = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", y, mo, d, h, mi, second)
        offsetSeconds = offset
        var c = DateComponents()
        (c.year, c.month, c.day, c.hour, c.minute, c.second) = (y, mo, d, h, mi, second)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: c) else { return nil }
        sortKey = date.timeIntervalSince1970 - Double(offset ?? 0)
    }

    /// The instant in UTC (`…Z`) when the offset is known, else the local time without a zone.
    public var utcOrLocal: String {
        guard offsetSeconds != nil else { return local }
        let date = Date(timeIntervalSince1970: sortKey)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
    }

    /// The local time with its offset when known (`2024-06-14T09:43:19+02:00`).
    public var withOffset: String {
        guard let offsetSeconds else { return local }
        let sign = offsetSeconds < 0 ? "-" : "+"
        let a = abs(offsetSeconds)
        return local + String(format: "%@%02d:%02d", sign, a / 3600, a % 3600 / 60)
    }
}
