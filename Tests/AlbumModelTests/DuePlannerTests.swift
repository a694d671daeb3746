import AlbumModel
import Foundation
import Testing

/// "What is due" as plain values: runs every minute, missed runs, snooze, DST nights.
@Suite struct DuePlannerTests {
    static func utc(_ text: String) -> Date { ReminderScheduleTests.utc(text) }

    static func reminder(_ rule: ReminderRule, zone: String, scheduledAt: Date?, id: Int64 = 1) -> Reminder {
        Reminder(id: id, pinId: nil, text: "t", rule: rule, zone: zone, zoneSource: .option, scheduledAt: scheduledAt,
                 createdAt: Date(timeIntervalSince1970: 0))
    }

    /// Runs `due` every `step` seconds from `start` to `end`, applying each delivery as the store
    /// would, and returns every delivery.
    static func simulate(_ reminder: Reminder, from start: Date, to end: Date, step: TimeInterval = 60) -> [DueDelivery] {
        var r = reminder
        var all: [DueDelivery] = []
        var now = start
        while now <= end {
            for d in DuePlanner(now: now).plan([r]) {
                all.append(d)
                r = d.delivered
            }
            now = now.addingTimeInterval(step)
        }
        return all
    }

    @Test(arguments: ["Europe/Berlin", "Australia/Sydney"])
    func dailyRunEveryMinuteForAMonthAcrossDSTDeliversOncePerDayOnTime(zone: String) throws {
        let tz = try TimeZone.iana(zone)
        let clock = WallClock(zone: tz)
        let rule = ReminderRule.daily(try LocalTime(parsing: "02:30"))  // inside both transitions' hours
        // Berlin's spring change is 03-29, Sydney's autumn change is 04-05: cover both.
        let start = Self.utc("2026-03-20T00:00:00Z"), end = Self.utc("2026-04-15T00:00:00Z")
        let first = ReminderSchedule(rule: rule, zone: tz).first(onOrAfter: start)
        let deliveries = Self.simulate(Self.reminder(rule, zone: zone, scheduledAt: first), from: start, to: end)
        let days = deliveries.map { clock.date(of: $0.occurrence) }
        #expect(days.count == Set(days).count)  // never twice on one day
        #expect(days.count == 26)  // one per local day in the window
        #expect(deliveries.allSatisfy { !$0.late && $0.missed == 0 && $0.lateSeconds < 60 })
        #expect(deliveries.allSatisfy { [LocalTime(checked: 2, 30), LocalTime(checked: 3, 0)].contains(clock.wall(of: $0.occurrence).time) })
    }

    @Test func fallBackNightRunEveryMinuteDeliversTheRepeatedTimeOnce() throws {
        let rule = ReminderRule.daily(try LocalTime(parsing: "02:30"))
        for (zone, start, end) in [("Europe/Berlin", "2026-10-24T20:00:00Z", "2026-10-25T06:00:00Z"),
                                   ("Australia/Sydney", "2026-04-04T10:00:00Z", "2026-04-04T20:00:00Z")] {
            let tz = try TimeZone.iana(zone)
            let first = ReminderSchedule(rule: rule, zone: tz).first(onOrAfter: Self.utc(start))
            let deliveries = Self.simulate(Self.reminder(rule, zone: zone, scheduledAt: first), from: Self.utc(start), to: Self.utc(end))
            #expect(deliveries.count == 1, "\(zone)")
        }
    }

    @Test func missedDailyIsDeliveredOnceLateAndResumesAfterNow() throws {
        let rule = ReminderRule.daily(try LocalTime(parsing: "09:00"))
        let r = Self.reminder(rule, zone: "Europe/Berlin", scheduledAt: Self.utc("2026-03-01T08:00:00Z"))
        let now = Self.utc("2026-03-05T11:00:00Z")  // off for four days
        let plan = DuePlanner(now: now).plan([r])
        #expect(plan.count == 1)
        let d = try #require(plan.first)
        #expect(d.late)
        #expect(d.lateSeconds == 4 * 86_400 + 3 * 3600)
        #expect(d.missed == 4)  // 03-02 … 03-05, folded into this one delivery
        #expect(d.nextScheduledAt == Self.utc("2026-03-06T08:00:00Z"))
        #expect(DuePlanner(now: now).plan([d.delivered]).isEmpty)  // a second run finds nothing
        #expect(d.deliveryId == "1-\(Int(Self.utc("2026-03-01T08:00:00Z").timeIntervalSince1970))")
    }

    @Test func missedOnceIsDeliveredLateThenNothingIsLeft() throws {
        let r = Self.reminder(.once(try LocalDateTime(parsing: "2026-03-01 09:00")), zone: "Europe/Berlin",
                              scheduledAt: Self.utc("2026-03-01T08:00:00Z"))
        let d = try #require(DuePlanner(now: Self.utc("2026-03-01T08:06:00Z")).plan([r]).first)
        #expect(d.late && d.lateSeconds == 360 && d.missed == 0)
        #expect(d.delivered.dueAt == nil)
        #expect(d.delivered.state == "done")
        let onTime = try #require(DuePlanner(now: Self.utc("2026-03-01T08:04:59Z")).plan([r]).first)
        #expect(!onTime.late)
        #expect(DuePlanner(now: Self.utc("2026-03-01T07:59:59Z")).plan([r]).isEmpty)
    }

    @Test func snoozeAfterADeliveryFiresOnceMoreAndKeepsTheRule() throws {
        let rule = ReminderRule.daily(try LocalTime(parsing: "09:00"))
        var r = Self.reminder(rule, zone: "Australia/Sydney", scheduledAt: Self.utc("2026-07-01T23:00:00Z"))  // 07-02 09:00
        let d1 = try #require(DuePlanner(now: Self.utc("2026-07-01T23:00:10Z")).plan([r]).first)
        r = d1.delivered
        #expect(r.scheduledAt == Self.utc("2026-07-02T23:00:00Z"))
        r = try DuePlanner(now: Self.utc("2026-07-01T23:01:00Z")).snooze(r, for: 600)
        #expect(r.dueAt == Self.utc("2026-07-01T23:11:00Z"))
        #expect(DuePlanner(now: Self.utc("2026-07-01T23:10:59Z")).plan([r]).isEmpty)
        let d2 = try #require(DuePlanner(now: Self.utc("2026-07-01T23:11:00Z")).plan([r]).first)
        #expect(d2.snoozed && !d2.late && d2.missed == 0)
        r = d2.delivered
        #expect(r.snoozedUntil == nil)
        #expect(r.dueAt == Self.utc("2026-07-02T23:00:00Z"))  // tomorrow's 09:00 is untouched
    }

    @Test func snoozeBeforeItFiresPostponesIt() throws {
        let once = Self.reminder(.once(try LocalDateTime(parsing: "2026-07-02 09:00")), zone: "UTC",
                                 scheduledAt: Self.utc("2026-07-02T09:00:00Z"))
        let snoozed = try DuePlanner(now: Self.utc("2026-07-02T08:55:00Z")).snooze(once, for: 3600)
        #expect(snoozed.scheduledAt == nil)
        #expect(snoozed.dueAt == Self.utc("2026-07-02T09:55:00Z"))
        let all = Self.simulate(snoozed, from: Self.utc("2026-07-02T08:55:00Z"), to: Self.utc("2026-07-03T00:00:00Z"))
        #expect(all.count == 1)
        #expect(all.first?.occurrence == Self.utc("2026-07-02T09:55:00Z"))
        #expect(throws: AlbumError.self) { try DuePlanner(now: Date()).snooze(once, for: 0) }
    }

    @Test func snoozingADoneReminderRearmsItOnce() throws {
        var r = Self.reminder(.once(try LocalDateTime(parsing: "2026-07-02 09:00")), zone: "UTC", scheduledAt: nil)
        r.isDone = true
        #expect(r.dueAt == nil)
        r = try DuePlanner(now: Self.utc("2026-07-02T10:00:00Z")).snooze(r, for: 120)
        #expect(r.dueAt == Self.utc("2026-07-02T10:02:00Z"))
    }

    @Test func planIsEarliestFirstAndSkipsWhatIsNotDue() throws {
        let a = Self.reminder(.daily(try LocalTime(parsing: "09:00")), zone: "UTC", scheduledAt: Self.utc("2026-07-02T09:00:00Z"), id: 1)
        let b = Self.reminder(.daily(try LocalTime(parsing: "08:00")), zone: "UTC", scheduledAt: Self.utc("2026-07-02T08:00:00Z"), id: 2)
        let c = Self.reminder(.daily(try LocalTime(parsing: "10:00")), zone: "UTC", scheduledAt: Self.utc("2026-07-02T10:00:00Z"), id: 3)
        let plan = DuePlanner(now: Self.utc("2026-07-02T09:30:00Z")).plan([a, b, c])
        #expect(plan.map(\.reminder.id) == [2, 1])
    }
}

extension LocalTime {
    init(checked hour: Int, _ minute: Int) { self = try! LocalTime(hour: hour, minute: minute) }
}
