import Foundation

/// A calendar date with no zone (proleptic Gregorian): a plan's day, the day part of a wall time.
public struct LocalDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// - Throws: `AlbumError.invalidInput` when the day does not exist (2026-02-30).
    public init(year: Int, month: Int, day: Int) throws(AlbumError) {
        guard (1...9999).contains(year), (1...12).contains(month), (1...Self.daysIn(year, month)).contains(day) else {
            throw .invalidInput(String(format: "date %04d-%02d-%02d does not exist", year, month, day))
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` days after 1970-01-01.
    public init(dayNumber days: Int) {
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Parses `YYYY-MM-DD`.
    /// - Throws: `AlbumError.invalidInput` naming the text.
    public init(parsing text: String) throws(AlbumError) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2])
        else { throw .invalidInput("date \"\(text)\" is not YYYY-MM-DD") }
        do {
            try self.init(year: y, month: m, day: d)
        } catch {
            throw .invalidInput("date \"\(text)\" does not exist")
        }
    }

    /// Days since 1970-01-01 (Howard Hinnant's days_from_civil).
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public var weekday: Weekday { Weekday.of(dayNumber: dayNumber) }

    public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

    /// `2024-06-14`. Written digit by digit: `String(format:)` goes through CoreFoundation's
    /// formatter, which was 11 % of a lazy import's CPU (the import orders each place's photos by
    /// their time as text; issue 28). Years outside 0...9999 keep `%04d`'s form.
    public var description: String {
        guard (0...9999).contains(year), (1...12).contains(month), (1...31).contains(day) else {
            return String(format: "%04d-%02d-%02d", year, month, day)
        }
        return String(unsafeUninitializedCapacity: 10) { text in
            let digit = { (n: Int) in UInt8(truncatingIfNeeded: 0x30 + n) }
            text[0] = digit(year / 1000)
            text[1] = digit(year / 100 % 10)
            text[2] = digit(year / 10 % 10)
            text[3] = digit(year % 10)
            text[4] = 0x2D
            text[5] = digit(month / 10)
            text[6] = digit(month % 10)
            text[7] = 0x2D
            text[8] = digit(day / 10)
            text[9] = digit(day % 10)
            return 10
        }
    }

    public static func < (a: LocalDate, b: LocalDate) -> Bool { a.dayNumber < b.dayNumber }

    static func daysIn(_ year: Int, _ month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

/// An hour and minute on a wall clock (and, for `--in`, a second).
public struct LocalTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int
    public let second: Int

    /// - Throws: `AlbumError.invalidInput` when out of range.
    public init(hour: Int, minute: Int, second: Int = 0) throws(AlbumError) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else {
            throw .invalidInput(String(format: "time %02d:%02d is not a time of day", hour, minute))
        }
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Parses `HH:MM` (or `HH:MM:SS`).
    /// - Throws: `AlbumError.invalidInput` naming the text.
    public init(parsing text: String) throws(AlbumError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isASCII) }),
              let h = Int(parts[0]), let m = Int(parts[1]), parts[1].count == 2
        else { throw .invalidInput("time \"\(text)\" is not HH:MM") }
        let s = parts.count == 3 ? Int(parts[2]) : 0
        guard let s, (0...23).contains(h), (0...59).contains(m), (0...59).contains(s) else {
            throw .invalidInput("time \"\(text)\" is not a time of day (00:00 to 23:59)")
        }
        try self.init(hour: h, minute: m, second: s)
    }

    public var secondsIntoDay: Int { hour * 3600 + minute * 60 + second }

    /// `09:05`, or `09:05:30` when it has seconds.
    public var description: String {
        second == 0 ? String(format: "%02d:%02d", hour, minute) : String(format: "%02d:%02d:%02d", hour, minute, second)
    }

    public static func < (a: LocalTime, b: LocalTime) -> Bool { a.secondsIntoDay < b.secondsIntoDay }
}

/// A wall-clock date and time with no zone: what the user typed for `--at`.
public struct LocalDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let date: LocalDate
    public let time: LocalTime

    public init(date: LocalDate, time: LocalTime) {
        self.date = date
        self.time = time
    }

    /// Parses `YYYY-MM-DD HH:MM` (also with `T` between, and with `:SS`).
    /// - Throws: `AlbumError.invalidInput` naming the text.
    public init(parsing text: String) throws(AlbumError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(whereSeparator: { $0 == " " || $0 == "T" })
        guard parts.count == 2 else { throw .invalidInput("time \"\(text)\" is not \"YYYY-MM-DD HH:MM\"") }
        do {
            self.init(date: try LocalDate(parsing: String(parts[0])), time: try LocalTime(parsing: String(parts[1])))
        } catch {
            throw .invalidInput("time \"\(text)\" is not \"YYYY-MM-DD HH:MM\": \(error.description)")
        }
    }

    /// Seconds since 1970-01-01T00:00 as if this wall time were UTC.
    public var wallSeconds: Int { date.dayNumber * 86_400 + time.secondsIntoDay }

    /// The wall time `seconds` after 1970-01-01T00:00 (a wall clock reading, not an instant).
    public init(wallSeconds seconds: Int) {
        let day = Int((Double(seconds) / 86_400).rounded(.down))
        let rest = seconds - day * 86_400
        date = LocalDate(dayNumber: day)
        // rest is in 0..<86400, always a valid time of day
        time = LocalTime(checkedHour: rest / 3600, minute: rest % 3600 / 60, second: rest % 60)
    }

    /// `2026-03-29 02:30` (with `:SS` when it has seconds).
    public var description: String { "\(date) \(time)" }

    /// `2026-03-29 03:00` (seconds dropped).
    public var minuteText: String { String(format: "%@ %02d:%02d", date.description, time.hour, time.minute) }

    public static func < (a: LocalDateTime, b: LocalDateTime) -> Bool { a.wallSeconds < b.wallSeconds }
}

extension LocalTime {
    /// For values already known to be in range.
    init(checkedHour hour: Int, minute: Int, second: Int) {
        self.hour = hour
        self.minute = minute
        self.second = second
    }
}

/// A day of the week, ISO order.
public enum Weekday: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    /// 1970-01-01 was a Thursday.
    public static func of(dayNumber: Int) -> Weekday {
        let index = ((dayNumber % 7) + 7 + 3) % 7  // 0 = Monday
        return Weekday(rawValue: index + 1) ?? .monday
    }

    /// Parses `mon`, `Monday`, `MO`… (case-insensitive, at least two letters).
    /// - Throws: `AlbumError.invalidInput` naming the text.
    public init(parsing text: String) throws(AlbumError) {
        let lower = text.lowercased()
        guard lower.count >= 2, let day = Weekday.allCases.first(where: { $0.name.hasPrefix(lower) }) else {
            throw .invalidInput("day \"\(text)\" is not a day of the week (mon, tue, wed, thu, fri, sat, sun)")
        }
        self = day
    }

    /// `monday`.
    public var name: String {
        ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"][rawValue - 1]
    }

    /// `Mon`.
    public var short: String { name.prefix(1).uppercased() + name.dropFirst().prefix(2) }

    public var description: String { name }
}
