import AlbumModel
import Foundation

/// When a sound file says it was recorded (issue 26): its `date` tag (ID3 TDRC, a Vorbis
/// comment's DATE, m4a's ©day) or its container's `creation_time` (an m4a's movie header), as
/// FFmpeg reads them. A year or a month alone is not a time (a song's release year).
public enum SoundTime: Sendable, Hashable, CustomStringConvertible {
    /// An instant in UTC (`Z`, or a movie header's time).
    case instant(Date)
    /// A wall-clock time `YYYY-MM-DDTHH:MM:SS`, with its offset (`+02:00`) when the tag gave one.
    case local(String, offset: String?)
    /// A date alone, `YYYY-MM-DD`.
    case day(String)

    /// The first year taken: earlier times are a recorder's zero (1904, 1970), not a recording.
    public static let earliestYear = 1980

    /// Reads a tag's text: `2024-05-12`, `2024-05-12T10:31`, `2024-05-12 10:31:05`, fractions of
    /// a second, and `Z`, `+02:00`, `+0200` or `+02`. Nil for anything else (a year alone, a
    /// month, a date before 1980 or an impossible one).
    public init?(tag text: String) {
        var t = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        guard t.count >= 10, let date = Self.day(t.prefix(10)) else { return nil }
        t = t.dropFirst(10)
        if t.isEmpty {
            self = .day(date)
            return
        }
        guard t.first == "T" || t.first == " " else { return nil }
        t = t.dropFirst()
        // HH:MM[:SS[.fff]]
        let digits = { (s: Substring) -> Int? in s.count == 2 && s.allSatisfy(\.isASCII) ? Int(s) : nil }
        guard t.count >= 5, let hour = digits(t.prefix(2)), t.dropFirst(2).first == ":",
              let minute = digits(t.dropFirst(3).prefix(2)), hour < 24, minute < 60 else { return nil }
        t = t.dropFirst(5)
        var second = 0
        if t.first == ":" {
            guard let s = digits(t.dropFirst().prefix(2)), s < 60 else { return nil }
            second = s
            t = t.dropFirst(3)
            if t.first == "." || t.first == "," {
                t = t.dropFirst().drop(while: \.isNumber)
            }
        }
        let local = date + String(format: "T%02d:%02d:%02d", hour, minute, second)
        if t.isEmpty {
            self = .local(local, offset: nil)
        } else if t == "Z" || t == "z" {
            guard let instant = Self.utc(local) else { return nil }
            self = .instant(instant)
        } else if let offset = Self.offset(t) {
            self = offset == "+00:00" ? Self.utc(local).map { .instant($0) } ?? .local(local, offset: offset) : .local(local, offset: offset)
        } else {
            return nil
        }
    }

    /// `YYYY-MM-DD` when it is a real date from 1980 on.
    private static func day(_ s: Substring) -> String? {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]), y >= earliestYear,
              (1...12).contains(m), d >= 1 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        guard let first = calendar.date(from: DateComponents(year: y, month: m, day: 1)),
              let days = calendar.range(of: .day, in: .month, for: first), days.contains(d) else { return nil }
        return String(s)
    }

    /// `+02:00`, `+0200` or `+02` as `+02:00`.
    private static func offset(_ s: Substring) -> String? {
        guard let sign = s.first, sign == "+" || sign == "-" else { return nil }
        let rest = s.dropFirst().filter { $0 != ":" }
        guard rest.count == 2 || rest.count == 4, rest.allSatisfy({ $0.isASCII && $0.isNumber }),
              let h = Int(rest.prefix(2)), let m = rest.count == 4 ? Int(rest.suffix(2)) : 0, h <= 14, m < 60 else { return nil }
        return String(sign) + String(format: "%02d:%02d", h, m)
    }

    /// A wall-clock text read as UTC.
    private static func utc(_ local: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
        formatter.timeZone = .gmt
        return formatter.date(from: local)
    }

    /// One line for tests and the reference comparison: `instant 2024-05-12T10:31:00Z`,
    /// `local 2024-05-12T10:31:00+02:00`, `local 2024-05-12T10:31:00`, `day 2024-05-12`.
    public var description: String {
        switch self {
        case .instant(let date):
            let formatter = ISO8601DateFormatter()
            formatter.timeZone = .gmt
            return "instant " + formatter.string(from: date)
        case .local(let local, let offset): return "local " + local + (offset ?? "")
        case .day(let day): return "day " + day
        }
    }
}

/// A position in ISO 6709 (an m4a's ©xyz, QuickTime's location key): `+38.7223-009.1393/`,
/// with an altitude or a CRS after it, or in degrees and minutes (`+4042.77-07400.36/`) or
/// degrees, minutes and seconds.
public enum ISO6709 {
    /// Nil when the text is not such a position (a place's name in a LOCATION comment) or is
    /// off the globe.
    public static func coordinate(_ text: String) -> Coordinate? {
        var rest = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        guard let latitude = number(&rest, degreeDigits: 2), let longitude = number(&rest, degreeDigits: 3) else { return nil }
        return try? Coordinate(latitude: latitude, longitude: longitude)
    }

    /// A signed number at the start of `rest` (consumed): degrees with `degreeDigits` digits
    /// before the point, or degrees and minutes, or degrees, minutes and seconds.
    private static func number(_ rest: inout Substring, degreeDigits: Int) -> Double? {
        guard let sign = rest.first, sign == "+" || sign == "-" else { return nil }
        let body = rest.dropFirst().prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        rest = rest.dropFirst(1 + body.count)
        let whole = body.prefix { $0 != "." }
        let fraction = body.dropFirst(whole.count)
        guard !whole.isEmpty, fraction.filter({ $0 == "." }).count <= 1, fraction != "." else { return nil }
        var value: Double
        switch whole.count - degreeDigits {
        case 0:
            guard let v = Double(body) else { return nil }
            value = v
        case 2:
            guard let d = Double(whole.prefix(degreeDigits)), let m = Double(body.dropFirst(degreeDigits)), m < 60 else { return nil }
            value = d + m / 60
        case 4:
            guard let d = Double(whole.prefix(degreeDigits)), let m = Double(whole.dropFirst(degreeDigits).prefix(2)),
                  let s = Double(body.dropFirst(degreeDigits + 2)), m < 60, s < 60 else { return nil }
            value = d + m / 60 + s / 3600
        default:
            return nil
        }
        return sign == "-" ? -value : value
    }
}
