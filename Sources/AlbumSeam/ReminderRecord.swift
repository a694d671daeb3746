import AlbumModel
import Foundation

/// A reminder as both stores keep it: instants as whole unix seconds (UTC), the rule as its kind
/// and text, the zone's source by name. SQLite (`AlbumDatabase+Reminders`) and PostgreSQL
/// (`PostgresStore+Reminders`) read their rows into these values and make the `Reminder` here.
public enum ReminderRecord {
    /// An instant as stored: whole unix seconds, rounded down.
    public static func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }
    /// The instant of stored unix seconds.
    public static func date(_ seconds: Int64) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }

    /// The reminder of one row's columns (`id, pin_id, pins.title, text, kind, rule, zone,
    /// zone_source, scheduled_at, snoozed_until, done, deliveries, last_delivered_at, last_error,
    /// created_at, delivered_by`). - Throws: `AlbumError.invalidInput` for a rule the store should not hold.
    public static func reminder(
        id: Int64?, pinId: Int64?, pinTitle: String?, text: String?, kind: String?, rule: String?, zone: String?,
        zoneSource: String?, scheduledAt: Int64?, snoozedUntil: Int64?, isDone: Bool, deliveries: Int?,
        lastDeliveredAt: Int64?, lastError: String?, createdAt: String?, deliveredBy: String? = nil
    ) throws(AlbumError) -> Reminder {
        Reminder(
            id: id ?? 0, pinId: pinId, pinTitle: pinTitle, text: text, rule: try ReminderRule(kind: kind ?? "", text: rule ?? ""),
            zone: zone ?? "UTC", zoneSource: ZoneSource(rawValue: zoneSource ?? "") ?? .system, scheduledAt: scheduledAt.map(date),
            snoozedUntil: snoozedUntil.map(date), isDone: isDone, deliveries: deliveries ?? 0,
            lastDeliveredAt: lastDeliveredAt.map(date), lastError: lastError, createdAt: Timestamp.parse(createdAt),
            deliveredBy: deliveredBy)
    }
}
