import Foundation

/// A rule's occurrences as instants, in its zone: a plain value, no clock, no database.
///
/// Every occurrence is the rule's wall time resolved by `WallClock` (gap → first valid minute,
/// overlap → first occurrence), so a daily 09:00 stays 09:00 local across DST changes.
public struct ReminderSchedule: Sendable {
    public let rule: ReminderRule
    public let clock: WallClock

    public init(rule: ReminderRule, zone: TimeZone) {
        self.rule = rule
        self.clock = WallClock(zone: zone)
    }

    /// The first occurrence strictly after `instant`, or nil when the rule has none left.
    public func next(after instant: Date) -> Date? {
        switch rule {
        case .once(let at):
            let fire = clock.instant(of: at)
            return fire > instant ? fire : nil
        case .daily(let time):
            return firstDay(after: instant, time: time) { _ in true }
        case .weekly(let weekday, let time):
            return firstDay(after: instant, time: time) { $0.weekday == weekday }
        }
    }

    /// The first occurrence at or after `instant` (a new reminder's first time).
    public func first(onOrAfter instant: Date) -> Date? {
        if case .once(let at) = rule { return clock.instant(of: at) }  // a past --at is still its time
        return next(after: instant.addingTimeInterval(-0.001))
    }

    /// How many occurrences fall in `(after, through]`, counting at most `limit`.
    public func count(after start: Date, through end: Date, limit: Int = 10_000) -> Int {
        var count = 0
        var cursor = start
        while count < limit, let next = next(after: cursor), next <= end {
            count += 1
            cursor = next
        }
        return count
    }

    /// The first day from the local day before `instant` whose occurrence is after `instant`.
    private func firstDay(after instant: Date, time: LocalTime, matching: (LocalDate) -> Bool) -> Date? {
        var day = clock.date(of: instant).adding(days: -1)
        for _ in 0..<16 {  // a weekly rule matches within 8 days; DST moves at most one day
            if matching(day) {
                let fire = clock.instant(of: LocalDateTime(date: day, time: time))
                if fire > instant { return fire }
            }
            day = day.adding(days: 1)
        }
        return nil
    }
}
