import AlbumModel
import Foundation
import Testing

/// The scheduling rules as plain values: wall times in real IANA zones, both hemispheres.
/// Berlin 2026: spring forward 03-29 02:00→03:00 (01:00Z), fall back 10-25 03:00→02:00 (01:00Z).
/// Sydney 2026: fall back 04-05 03:00→02:00 (16:00Z on 04-04), spring forward 10-04 02:00→03:00
/// (16:00Z on 10-03).
@Suite struct ReminderScheduleTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let sydney = TimeZone(identifier: "Australia/Sydney")!

    static func utc(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }
    static func wall(_ text: String) -> LocalDateTime { try! LocalDateTime(parsing: text) }
    static func time(_ text: String) -> LocalTime { try! LocalTime(parsing: text) }

    // MARK: wall times

    @Test(arguments: [
        ("Europe/Berlin", "2026-03-29 02:30", "2026-03-29T01:00:00Z"),  // gap → 03:00 CEST
        ("Europe/Berlin", "2026-03-29 02:00", "2026-03-29T01:00:00Z"),
        ("Europe/Berlin", "2026-03-29 02:59", "2026-03-29T01:00:00Z"),
        ("Australia/Sydney", "2026-10-04 02:30", "2026-10-03T16:00:00Z"),  // gap → 03:00 AEDT
        ("America/Santiago", "2026-09-06 00:30", "2026-09-06T04:00:00Z"),  // gap at midnight → 01:00 -03
    ])
    func nonexistentTimeResolvesToFirstValidMinute(zone: String, wallText: String, expected: String) {
        let clock = WallClock(zone: TimeZone(identifier: zone)!)
        #expect(clock.occurrences(of: Self.wall(wallText)) == 0)
        #expect(clock.instant(of: Self.wall(wallText)) == Self.utc(expected))
    }

    @Test(arguments: [
        ("Europe/Berlin", "2026-10-25 02:30", "2026-10-25T00:30:00Z"),  // first 02:30 is CEST (+2)
        ("Australia/Sydney", "2026-04-05 02:30", "2026-04-04T15:30:00Z"),  // first 02:30 is AEDT (+11)
    ])
    func ambiguousTimeResolvesToItsFirstOccurrence(zone: String, wallText: String, expected: String) {
        let clock = WallClock(zone: TimeZone(identifier: zone)!)
        #expect(clock.occurrences(of: Self.wall(wallText)) == 2)
        #expect(clock.instant(of: Self.wall(wallText)) == Self.utc(expected))
    }

    @Test func ordinaryTimeRoundTrips() {
        let clock = WallClock(zone: Self.sydney)
        let instant = clock.instant(of: Self.wall("2026-07-01 09:15"))
        #expect(instant == Self.utc("2026-06-30T23:15:00Z"))
        #expect(clock.wall(of: instant) == Self.wall("2026-07-01 09:15"))
        #expect(clock.iso8601(instant) == "2026-07-01T09:15:00+10:00")
    }

    // MARK: daily

    @Test(arguments: ["Europe/Berlin", "Australia/Sydney", "America/Santiago"])
    func dailyStaysAtItsLocalTimeForTwoMonthsAcrossDST(zone: String) throws {
        let tz = TimeZone(identifier: zone)!
        let schedule = ReminderSchedule(rule: .daily(Self.time("09:00")), zone: tz)
        let clock = WallClock(zone: tz)
        // March 10 to May 10 covers Berlin's and Sydney's and Santiago's April change.
        var cursor = clock.instant(of: Self.wall("2026-03-10 00:00"))
        var days: [LocalDate] = []
        var gaps: Set<TimeInterval> = []
        var previous: Date?
        while days.count < 61, let next = schedule.next(after: cursor) {
            #expect(clock.wall(of: next).time == Self.time("09:00"))
            if let previous { gaps.insert(next.timeIntervalSince(previous)) }
            days.append(clock.date(of: next))
            previous = next
            cursor = next
        }
        #expect(days.count == 61)
        #expect(zip(days, days.dropFirst()).allSatisfy { $1.dayNumber == $0.dayNumber + 1 })  // no day skipped or doubled
        let hours: Set<TimeInterval> = [82_800, 86_400, 90_000]  // 23, 24, 25 hours
        #expect(gaps.isSubset(of: hours))
        #expect(gaps.count >= 2)  // the change was crossed
    }

    @Test func dailyInTheGapFiresAtTheFirstValidMinuteThenReturnsToItsTime() {
        let schedule = ReminderSchedule(rule: .daily(Self.time("02:30")), zone: Self.berlin)
        let a = schedule.next(after: Self.utc("2026-03-27T12:00:00Z"))
        #expect(a == Self.utc("2026-03-28T01:30:00Z"))  // 02:30 CET
        let b = schedule.next(after: a!)
        #expect(b == Self.utc("2026-03-29T01:00:00Z"))  // 03:00 CEST, the first valid minute
        let c = schedule.next(after: b!)
        #expect(c == Self.utc("2026-03-30T00:30:00Z"))  // 02:30 CEST
    }

    @Test(arguments: [
        ("Europe/Berlin", "2026-10-24T12:00:00Z", "2026-10-25T00:30:00Z", "2026-10-26T01:30:00Z"),
        ("Australia/Sydney", "2026-04-04T00:00:00Z", "2026-04-04T15:30:00Z", "2026-04-05T16:30:00Z"),
    ])
    func dailyAtARepeatedTimeFiresOnce(zone: String, from: String, first: String, after: String) {
        let schedule = ReminderSchedule(rule: .daily(Self.time("02:30")), zone: TimeZone(identifier: zone)!)
        let fire = schedule.next(after: Self.utc(from))
        #expect(fire == Self.utc(first))
        // Just after the first 02:30, and just after the second: the next is the next day.
        #expect(schedule.next(after: Self.utc(first)) == Self.utc(after))
        #expect(schedule.next(after: Self.utc(first).addingTimeInterval(3600 + 1)) == Self.utc(after))
    }

    // MARK: weekly

    @Test func weeklyOnItsDayAcrossTheSpringGap() {
        let schedule = ReminderSchedule(rule: .weekly(.sunday, Self.time("02:30")), zone: Self.berlin)
        let first = schedule.next(after: Self.utc("2026-03-23T00:00:00Z"))  // a Monday
        #expect(first == Self.utc("2026-03-29T01:00:00Z"))
        #expect(schedule.next(after: first!) == Self.utc("2026-04-05T00:30:00Z"))
        let monday = ReminderSchedule(rule: .weekly(.monday, Self.time("09:00")), zone: Self.sydney)
        let next = monday.next(after: Self.utc("2026-11-25T00:00:00Z"))!  // a Wednesday in Sydney
        #expect(WallClock(zone: Self.sydney).wall(of: next) == Self.wall("2026-11-30 09:00"))
        #expect(WallClock(zone: Self.sydney).date(of: next).weekday == .monday)
    }

    @Test func onceHasOneOccurrence() {
        let schedule = ReminderSchedule(rule: .once(Self.wall("2026-05-01 09:00")), zone: Self.berlin)
        let fire = Self.utc("2026-05-01T07:00:00Z")
        #expect(schedule.next(after: Self.utc("2026-04-01T00:00:00Z")) == fire)
        #expect(schedule.next(after: fire) == nil)
        #expect(schedule.first(onOrAfter: Self.utc("2026-06-01T00:00:00Z")) == fire)  // a past --at keeps its time
    }

    // MARK: local dates and words

    @Test func calendarArithmetic() throws {
        #expect(try LocalDate(parsing: "1970-01-01").dayNumber == 0)
        #expect(try LocalDate(parsing: "2026-11-23").weekday == .monday)
        #expect(try LocalDate(parsing: "2024-02-29").adding(days: 1) == LocalDate(parsing: "2024-03-01"))
        for n in stride(from: -800_000, through: 3_000_000, by: 997) {
            let date = LocalDate(dayNumber: n)
            #expect(date.dayNumber == n)
            // Written digit by digit in 0...9999, as `%04d-%02d-%02d` would (and by it outside).
            #expect(date.description == String(format: "%04d-%02d-%02d", date.year, date.month, date.day))
        }
        #expect(LocalDate(dayNumber: -719_528).description == "0000-01-01")
        #expect(LocalDate(dayNumber: 2_932_896).description == "9999-12-31")
        #expect(throws: AlbumError.self) { try LocalDate(parsing: "2026-02-29") }
        #expect(throws: AlbumError.self) { try LocalDate(parsing: "2026-5-1") }
        #expect(throws: AlbumError.self) { try LocalTime(parsing: "24:00") }
        #expect(throws: AlbumError.self) { try LocalTime(parsing: "9:5") }
        #expect(throws: AlbumError.self) { try LocalDateTime(parsing: "2026-05-01") }
        #expect(try Weekday(parsing: "Tue") == .tuesday)
        #expect(throws: AlbumError.self) { try Weekday(parsing: "x") }
        #expect(throws: AlbumError.self) { try TimeZone.iana("Mars/Olympus") }
        #expect(throws: AlbumError.self) { try TimeZone.iana("CEST") }
        #expect(try TimeZone.iana("America/Santiago").identifier == "America/Santiago")
    }

    @Test(arguments: [("10m", 600.0), ("2h", 7200), ("1h30m", 5400), ("90s", 90), ("3d", 259_200), ("1w", 604_800)])
    func durations(text: String, seconds: Double) throws {
        #expect(try DurationText.seconds(text, option: "--for") == seconds)
    }

    @Test(arguments: ["0", "0m", "10", "m", "1x", "-5m", "", "1.5h"])
    func badDurations(text: String) {
        #expect(throws: AlbumError.self) { try DurationText.seconds(text, option: "--for") }
    }
}
