/// A calendar day as the camera's clock showed it (`2024-06-14`), with the arithmetic the
/// timeline and summaries need: ISO weeks, months, years, day counts. No time zone is involved:
/// a local day is the date part of a photo's local capture time.
public struct LocalDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A real date of the proleptic Gregorian calendar, or nil (`2024-02-30` is nil).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1, day <= Self.daysIn(year: year, month: month)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD` (also the first ten characters of an ISO 8601 time when `prefix`).
    public init?(_ text: some StringProtocol, prefix: Bool = false) {
        let b = Array(text.utf8.prefix(prefix ? 10 : Int.max))
        guard b.count == 10, b[4] == 0x2D, b[7] == 0x2D,
              let y = Self.number(b[0..<4]), let m = Self.number(b[5..<7]), let d = Self.number(b[8..<10])
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// Days since 1970-01-01 (H. Hinnant's `days_from_civil`).
    public init(daysSinceEpoch z0: Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        month = m
        day = d
    }

    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public func adding(days: Int) -> LocalDate { LocalDate(daysSinceEpoch: daysSinceEpoch + days) }

    /// 1 = Monday … 7 = Sunday.
    public var weekday: Int { ((daysSinceEpoch % 7 + 7 + 3) % 7) + 1 }

    /// The ISO 8601 week-numbering year and week (1…53).
    public var isoWeek: (year: Int, week: Int) {
        let thursday = adding(days: 4 - weekday)
        let first = LocalDate(year: thursday.year, month: 1, day: 1)!
        return (thursday.year, (thursday.daysSinceEpoch - first.daysSinceEpoch) / 7 + 1)
    }

    /// The Monday that starts an ISO week.
    public static func mondayOf(isoYear: Int, week: Int) -> LocalDate? {
        guard let jan4 = LocalDate(year: isoYear, month: 1, day: 4) else { return nil }
        let monday1 = jan4.adding(days: 1 - jan4.weekday)
        return monday1.adding(days: (week - 1) * 7)
    }

    public var firstOfMonth: LocalDate { LocalDate(year: year, month: month, day: 1)! }
    public var lastOfMonth: LocalDate { LocalDate(year: year, month: month, day: Self.daysIn(year: year, month: month))! }

    public static func daysIn(year: Int, month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public var description: String {
        "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))"
    }

    public static func < (a: LocalDate, b: LocalDate) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = LocalDate(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a date: \(text)"))
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }

    static func pad(_ n: Int, _ width: Int) -> String {
        let s = String(n)
        return String(repeating: "0", count: max(0, width - s.count)) + s
    }

    static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for d in digits {
            guard (0x30...0x39).contains(d) else { return nil }
            value = value * 10 + Int(d - 0x30)
        }
        return value
    }
}

/// A period the user names on the command line: a day, a month or a year.
public struct LocalPeriod: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Codable { case day, week, month, year }
    public let kind: Kind
    public let from: LocalDate
    public let to: LocalDate

    public init(kind: Kind, from: LocalDate, to: LocalDate) {
        self.kind = kind
        self.from = from
        self.to = to
    }

    /// `2024-06`. - Throws: `AlbumError.invalidInput` naming the text.
    public static func month(_ text: String) throws(AlbumError) -> LocalPeriod {
        let b = Array(text.utf8)
        guard b.count == 7, b[4] == 0x2D, let y = LocalDate.number(b[0..<4]), let m = LocalDate.number(b[5..<7]),
              let first = LocalDate(year: y, month: m, day: 1)
        else { throw .invalidInput("month '\(text)' is not a month (YYYY-MM, e.g. 2024-06)") }
        return LocalPeriod(kind: .month, from: first, to: first.lastOfMonth)
    }

    /// `2024`. - Throws: `AlbumError.invalidInput` naming the text.
    public static func year(_ text: String) throws(AlbumError) -> LocalPeriod {
        let b = Array(text.utf8)
        guard b.count == 4, let y = LocalDate.number(b[0..<4]), let first = LocalDate(year: y, month: 1, day: 1)
        else { throw .invalidInput("year '\(text)' is not a year (YYYY, e.g. 2024)") }
        return LocalPeriod(kind: .year, from: first, to: LocalDate(year: y, month: 12, day: 31)!)
    }

    /// `2024-06-14`. - Throws: `AlbumError.invalidInput` naming the option and the text.
    public static func day(_ text: String, option: String = "date") throws(AlbumError) -> LocalDate {
        guard let date = LocalDate(text) else {
            throw .invalidInput("\(option) '\(text)' is not a date that exists (YYYY-MM-DD, e.g. 2024-06-14)")
        }
        return date
    }

    /// The period just before this one, of the same kind and length.
    public var previous: LocalPeriod {
        switch kind {
        case .day: return LocalPeriod(kind: .day, from: from.adding(days: -1), to: from.adding(days: -1))
        case .week: return LocalPeriod(kind: .week, from: from.adding(days: -7), to: from.adding(days: -1))
        case .month:
            let first = from.adding(days: -1).firstOfMonth
            return LocalPeriod(kind: .month, from: first, to: first.lastOfMonth)
        case .year:
            let y = from.year - 1
            return LocalPeriod(kind: .year, from: LocalDate(year: y, month: 1, day: 1)!, to: LocalDate(year: y, month: 12, day: 31)!)
        }
    }

    /// "June 2024", "2024", "2024-06-14".
    public var title: String {
        switch kind {
        case .month: "\(Self.monthNames[from.month - 1]) \(from.year)"
        case .year: "\(from.year)"
        case .week: "Week \(from.isoWeek.week), \(from.isoWeek.year)"
        case .day: from.description
        }
    }

    public static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]
}
