import AlbumModel
import Foundation

/// How a period's top artists and songs are read from the roll-ups `song_periods` and
/// `artist_periods` (decision 0128-entries), which count songs per year ("2024") and per month
/// ("2024-06"): a whole year or month is one key; any other period is the whole months inside it
/// plus the days of its partial months, read from the entries (at most two ranges).
public struct SongPeriods: Sendable, Hashable {
    /// The key of a period that is one whole year or month.
    public var key: String?
    /// The first and last key of the whole months inside the period (when it is not one `key`).
    public var firstMonth: String?
    public var lastMonth: String?
    /// The period's days outside its whole months, as first and last day (at most two ranges).
    public var days: [DayRange] = []

    public struct DayRange: Sendable, Hashable {
        public var first: LocalDate
        public var last: LocalDate
    }

    /// Both keys of the whole months, or nil when there is none (or the period is one `key`).
    public var months: (String, String)? {
        guard let firstMonth, let lastMonth else { return nil }
        return (firstMonth, lastMonth)
    }

    public init(from: LocalDate, to: LocalDate) {
        guard from <= to else { return }
        // The first day of the first whole month, and of the last whole month.
        let first = from.day == 1 ? from : Self.nextMonth(from)
        let last = to.adding(days: 1).day == 1 ? Self.monthStart(to) : Self.monthStart(Self.monthStart(to).adding(days: -1))
        guard first <= last else {
            days = [DayRange(first: from, last: to)]
            return
        }
        if from < first { days.append(DayRange(first: from, last: first.adding(days: -1))) }
        let afterLast = Self.nextMonth(last)
        if afterLast <= to { days.append(DayRange(first: afterLast, last: to)) }
        if days.isEmpty, first == last {
            key = Self.monthKey(first)
        } else if days.isEmpty, first.year == last.year, first.month == 1, last.month == 12 {
            key = String(format: "%04d", first.year)
        } else {
            firstMonth = Self.monthKey(first)
            lastMonth = Self.monthKey(last)
        }
    }

    static func monthKey(_ date: LocalDate) -> String { String(format: "%04d-%02d", date.year, date.month) }

    /// The first day of the month of `date`.
    static func monthStart(_ date: LocalDate) -> LocalDate { date.adding(days: 1 - date.day) }

    /// The first day of the month after the one of `date` (31 days after a first is always in the next month).
    static func nextMonth(_ date: LocalDate) -> LocalDate { monthStart(monthStart(date).adding(days: 31)) }
}
