import AlbumModel
import AlbumSeam
import Foundation

/// What a sync sets on a reminder (`PUT /api/reminders/{id}`, a pull; decision 0110): a nil
/// field stays as it is. Done wins over a snooze: a done reminder takes no snooze, and done is
/// never taken back by a sync.
public struct ReminderChange: Sendable, Hashable {
    /// The rule's next occurrence (written by the library that delivers it), `.some(nil)`: none left.
    public var scheduledAt: Date??
    /// "Remind me later" until then, `.some(nil)`: not snoozed.
    public var snoozedUntil: Date??
    /// `true`: done (never fires again). `false` is no change.
    public var done: Bool?
    /// The library that delivers it, `.some(nil)`: this one.
    public var deliveredBy: String??

    public init(scheduledAt: Date?? = nil, snoozedUntil: Date?? = nil, done: Bool? = nil, deliveredBy: String?? = nil) {
        (self.scheduledAt, self.snoozedUntil, self.done, self.deliveredBy) = (scheduledAt, snoozedUntil, done, deliveredBy)
    }

    /// The reminder with this change made.
    public func applied(to reminder: Reminder) -> Reminder {
        var r = reminder
        if let scheduledAt { r.scheduledAt = scheduledAt }
        if let deliveredBy { r.deliveredBy = deliveredBy }
        if done == true { r.isDone = true }
        if r.isDone {
            r.snoozedUntil = nil
        } else if let snoozedUntil {
            r.snoozedUntil = snoozedUntil
        }
        return r
    }
}

extension Library {
    /// Sets what a sync changes on a reminder, in one transaction (see `ReminderChange`).
    /// - Throws: `AlbumError.notFound` naming the id.
    public func changeReminder(id: Int64, _ change: ReminderChange, now: Date) async throws(AlbumError) -> Reminder {
        try await store.updateReminder(id: id, now: now) { reminder throws(AlbumError) in change.applied(to: reminder) }
    }

    /// `album remind deliver-here ID`: this library delivers the reminder from now on (`album
    /// due` here takes it); synced, every other library stops delivering it (decision 0110).
    /// - Throws: `AlbumError.notFound` naming the id.
    public func deliverReminderHere(id: Int64, now: Date) async throws(AlbumError) -> Reminder {
        try await changeReminder(id: id, ReminderChange(deliveredBy: .some(nil)), now: now)
    }

    /// A reminder as another library has it (pulled by `album sync`): its rule, zone and next
    /// occurrence as they are there, not computed again here.
    /// - Throws: `AlbumError.notFound` naming an unknown pin.
    func addSyncedReminder(_ record: NewReminderRecord, now: Date) async throws(AlbumError) -> Reminder {
        try await store.addReminder(record, now: now)
    }
}
