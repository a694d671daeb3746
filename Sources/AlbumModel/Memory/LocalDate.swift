/// What the timeline and summaries need of a `LocalDate` (a calendar day as the camera's clock
/// showed it, `2024-06-14`): parsing without throwing, ISO weeks, months, JSON as text.
extension LocalDate: Codable {
    /// A real date, or nil (`2024-02-30` is nil).
    public static func on(_ year: Int, _ month: Int, _ day: Int) -> LocalDate? {
        try? LocalDate(year: year, month: month, day: day)
    }

    /// Parses `YYYY-MM-DD` (also the first ten characters of an ISO 8601 time when `prefix`);
    /// nil for anything else or a date that does not exist.
    public init?(_ text: some StringProtocol, prefix: Bool = false) {
        let bytes = Array(text.utf8.prefix(prefix ? 10 : 11))
        guard let date = bytes.withUnsafeBufferPointer({ Self.parse($0, prefix: prefix) }) else { return nil }
        self = date
    }

    /// The same for a `String`, read in place (summaries parse one per roll-up row).
    public init?(_ text: String, prefix: Bool = false) {
        var text = text
        guard let date = text.withUTF8({ Self.parse($0, prefix: prefix) }) else { return nil }
        self = date
    }

    /// `YYYY-MM-DD` at the start of `b` (all of `b` unless `prefix`), a real date, or nil.
    static func parse(_ b: UnsafeBufferPointer<UInt8>, prefix: Bool) -> LocalDate? {
        guard prefix ? b.count >= 10 : b.count == 10, b[4] == 0x2D, b[7] == 0x2D else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                let digit = b[i] &- 0x30
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10) else { return nil }
        return Self.on(y, m, d)
    }

    /// 1 = Monday … 7 = Sunday.
    public var isoWeekday: Int { ((dayNumber % 7 + 7 + 3) % 7) + 1 }

    /// The ISO 8601 week-numbering year and week (1…53).
    public var isoWeek: (year: Int, week: Int) {
        let thursday = adding(days: 4 - isoWeekday)
        let first = Self.on(thursday.year, 1, 1)!
        return (thursday.year, (thursday.dayNumber - first.dayNumber) / 7 + 1)
    }

    public var firstOfMonth: LocalDate { Self.on(year, month, 1)! }
    public var lastOfMonth: LocalDate { Self.on(year, month, Self.daysIn(year, month))! }

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
    /// `trip`: a trip's days (issue 29), any length; its summary is by day.
    public enum Kind: String, Sendable, Codable { case day, week, month, year, trip }
    public let kind: Kind
    public let from: LocalDate
    public let to: LocalDate

    public init(kind: Kind, from: LocalDate, to: LocalDate) {
        self.kind = kind
        self.from = from
        self.to = to
    }

    /// `2024-06`, from 0002-01 (a summary compares with the period before: 0001-01 has none).
    /// - Throws: `AlbumError.invalidInput` naming the text.
    public static func month(_ text: String) throws(AlbumError) -> LocalPeriod {
        let b = Array(text.utf8)
        guard b.count == 7, b[4] == 0x2D, let y = LocalDate.number(b[0..<4]), let m = LocalDate.number(b[5..<7]),
              let first = LocalDate.on(y, m, 1)
        else { throw .invalidInput("month '\(text)' is not a month (YYYY-MM, e.g. 2024-06)") }
        guard y >= 2 else { throw .invalidInput("month '\(text)' is before 0002-01 (the first month with one before it)") }
        return LocalPeriod(kind: .month, from: first, to: first.lastOfMonth)
    }

    /// `2024`, from 0002. - Throws: `AlbumError.invalidInput` naming the text.
    public static func year(_ text: String) throws(AlbumError) -> LocalPeriod {
        let b = Array(text.utf8)
        guard b.count == 4, let y = LocalDate.number(b[0..<4]), let first = LocalDate.on(y, 1, 1)
        else { throw .invalidInput("year '\(text)' is not a year (YYYY, e.g. 2024)") }
        guard y >= 2 else { throw .invalidInput("year '\(text)' is before 0002 (the first year with one before it)") }
        return LocalPeriod(kind: .year, from: first, to: LocalDate.on(y, 12, 31)!)
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
            return LocalPeriod(kind: .year, from: LocalDate.on(y, 1, 1)!, to: LocalDate.on(y, 12, 31)!)
        case .trip:
            let days = to.dayNumber - from.dayNumber + 1
            return LocalPeriod(kind: .trip, from: from.adding(days: -days), to: from.adding(days: -1))
        }
    }

    /// "June 2024", "2024", "2024-06-14", "2024-05-12..2024-05-16" (a trip's summary is titled with its name).
    public var title: String {
        switch kind {
        case .month: "\(Self.monthNames[from.month - 1]) \(from.year)"
        case .year: "\(from.year)"
        case .week: "Week \(from.isoWeek.week), \(from.isoWeek.year)"
        case .day: from.description
        case .trip: from == to ? from.description : "\(from)..\(to)"
        }
    }

    public static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]
}
