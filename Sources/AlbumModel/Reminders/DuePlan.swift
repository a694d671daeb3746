import Foundation

/// One reminder whose time has come, and what its row becomes once it is delivered.
public struct DueDelivery: Sendable, Hashable {
    /// The reminder as read when it was found due.
    public let reminder: Reminder
    /// The time it was due: its scheduled occurrence, or its snooze when that came first.
    public let occurrence: Date
    /// Due because of a snooze ("remind me later") rather than its rule.
    public let snoozed: Bool
    /// `now - occurrence`, in seconds.
    public let lateSeconds: Int
    /// More than `DuePlanner.lateAfter` after its time (the machine was off, or no run came).
    public let late: Bool
    /// Occurrences of a repeating rule that passed after `occurrence` without a run: folded
    /// into this one delivery, not delivered one by one.
    public let missed: Int
    /// The row's scheduled occurrence after this delivery (nil: the rule has none left).
    public let nextScheduledAt: Date?
    /// The row's snooze after this delivery (a later snooze than `now` is kept).
    public let nextSnoozedUntil: Date?
    /// Names this occurrence, the same on every attempt: `<reminder id>-<occurrence unix seconds>`,
    /// so an `--exec` receiver can drop a repeat.
    public var deliveryId: String { "\(reminder.id)-\(Int(occurrence.timeIntervalSince1970.rounded(.down)))" }

    /// The reminder as it will be stored after this delivery.
    public var delivered: Reminder {
        var r = reminder
        r.scheduledAt = nextScheduledAt
        r.snoozedUntil = nextSnoozedUntil
        r.deliveries += 1
        r.lastError = nil
        return r
    }
}

/// Decides which reminders are due at `now` and what each becomes: plain values, no I/O.
/// `album due` runs it inside the same write transaction that marks the reminders delivered.
public struct DuePlanner: Sendable {
    public let now: Date
    /// A delivery later than this after its time is marked late.
    public let lateAfter: TimeInterval

    /// Five minutes: a run every minute (cron, the printed systemd timer) is never late; a
    /// machine that was off is.
    public static let defaultLateAfter: TimeInterval = 5 * 60

    public init(now: Date, lateAfter: TimeInterval = DuePlanner.defaultLateAfter) {
        self.now = now
        self.lateAfter = lateAfter
    }

    /// The deliveries for `reminders` that are due at `now`, earliest first.
    public func plan(_ reminders: [Reminder]) -> [DueDelivery] {
        reminders.compactMap(delivery).sorted { ($0.occurrence, $0.reminder.id) < ($1.occurrence, $1.reminder.id) }
    }

    /// The delivery of one reminder if it is due at `now`.
    public func delivery(_ reminder: Reminder) -> DueDelivery? {
        guard let due = reminder.dueAt, due <= now else { return nil }
        let schedule = ReminderSchedule(rule: reminder.rule, zone: reminder.timeZone)
        let ruleDue = reminder.scheduledAt.map { $0 <= now } ?? false
        var nextScheduled = reminder.scheduledAt
        var missed = 0
        if ruleDue, let scheduled = reminder.scheduledAt {
            // One delivery for every occurrence up to now; the rule resumes after now.
            missed = schedule.count(after: scheduled, through: now)
            nextScheduled = schedule.next(after: now)
        }
        let snoozeDue = reminder.snoozedUntil.map { $0 <= now } ?? false
        let late = Int(now.timeIntervalSince(due).rounded(.down))
        return DueDelivery(
            reminder: reminder, occurrence: due, snoozed: snoozeDue && !(ruleDue && (reminder.scheduledAt ?? now) <= due),
            lateSeconds: late, late: Double(late) > lateAfter, missed: missed, nextScheduledAt: nextScheduled,
            nextSnoozedUntil: snoozeDue ? nil : reminder.snoozedUntil)
    }

    /// A reminder snoozed at `now` for `duration` ("remind me later"): it fires at
    /// `now + duration`, once; occurrences of its rule before then are skipped, later ones stay.
    /// - Throws: `AlbumError.invalidInput` when `duration` is not positive.
    public func snooze(_ reminder: Reminder, for duration: TimeInterval) throws(AlbumError) -> Reminder {
        guard duration > 0, duration.isFinite else {
            throw .invalidInput("snooze duration must be more than 0")
        }
        var r = reminder
        let until = now.addingTimeInterval(duration)
        r.snoozedUntil = until
        r.isDone = false
        if let scheduled = r.scheduledAt, scheduled <= until {
            r.scheduledAt = ReminderSchedule(rule: r.rule, zone: r.timeZone).next(after: until)
        }
        return r
    }
}
