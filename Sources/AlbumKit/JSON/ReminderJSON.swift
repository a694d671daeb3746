import AlbumModel
import Foundation

/// A reminder: `{id, pinId, pinTitle, text, message, kind, rule, zone, zoneSource, nextAt,
/// snoozedUntil, state, deliveries, lastDeliveredAt, lastError, scheduledAt, done, deliveredBy}`
/// (`deliveredBy` null: this library delivers it, decision 0110); instants are ISO 8601 with the
/// reminder zone's offset. The one reminder JSON of `album --json` and `album serve`'s API.
public struct ReminderJSON: Encodable, Sendable {
    public let reminder: Reminder

    public init(reminder: Reminder) { self.reminder = reminder }

    enum Key: String, CodingKey {
        case id, pinId, pinTitle, text, message, kind, rule, zone, zoneSource, nextAt, snoozedUntil, state, deliveries
        case lastDeliveredAt, lastError, scheduledAt, done, deliveredBy
    }

    public func encode(to encoder: any Encoder) throws {
        let clock = WallClock(zone: reminder.timeZone)
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(reminder.id, forKey: .id)
        try c.encode(reminder.pinId, forKey: .pinId)
        try c.encode(reminder.pinTitle, forKey: .pinTitle)
        try c.encode(reminder.text, forKey: .text)
        try c.encode(reminder.message, forKey: .message)
        try c.encode(reminder.rule.kind, forKey: .kind)
        try c.encode(reminder.rule.text, forKey: .rule)
        try c.encode(reminder.zone, forKey: .zone)
        try c.encode(reminder.zoneSource.rawValue, forKey: .zoneSource)
        try c.encode(reminder.dueAt.map(clock.iso8601), forKey: .nextAt)
        try c.encode(reminder.snoozedUntil.map(clock.iso8601), forKey: .snoozedUntil)
        try c.encode(reminder.state, forKey: .state)
        try c.encode(reminder.deliveries, forKey: .deliveries)
        try c.encode(reminder.lastDeliveredAt.map(clock.iso8601), forKey: .lastDeliveredAt)
        try c.encode(reminder.lastError, forKey: .lastError)
        try c.encode(reminder.scheduledAt.map(clock.iso8601), forKey: .scheduledAt)
        try c.encode(reminder.isDone, forKey: .done)
        try c.encode(reminder.deliveredBy, forKey: .deliveredBy)
    }
}
