import AlbumModel
import Foundation

/// What a new reminder is, before it has an id.
public struct NewReminderRecord: Sendable, Hashable {
    public var pinId: Int64?
    public var text: String?
    public var rule: ReminderRule
    public var zone: String
    public var zoneSource: ZoneSource
    public var scheduledAt: Date?
    /// A sync client's own id of it (decision 0110): stored again, the first one is answered.
    public var clientId: String?
    /// Which library delivers it (`Reminder.deliveredBy`), nil for this one.
    public var deliveredBy: String?

    public init(pinId: Int64?, text: String?, rule: ReminderRule, zone: String, zoneSource: ZoneSource, scheduledAt: Date?,
                clientId: String? = nil, deliveredBy: String? = nil) {
        self.clientId = clientId
        self.deliveredBy = deliveredBy
        self.pinId = pinId
        self.text = text
        self.rule = rule
        self.zone = zone
        self.zoneSource = zoneSource
        self.scheduledAt = scheduledAt
    }
}

/// How `album due` takes the reminders that are due.
public enum DueClaim: Sendable, Hashable {
    /// Printing only: found due and marked delivered in one transaction (exactly once in the
    /// database; the line is printed after the commit).
    case deliverNow(via: String)
    /// `--exec`/`--notify`: held for `owner` (a process token) until `completeDelivery` or
    /// `releaseDelivery`; a dead owner's hold is dropped by the next run.
    case lease(owner: String)
}
