import Foundation

/// When a reminder fires, as wall-clock times in its zone.
public enum ReminderRule: Sendable, Hashable {
    /// Once, at this wall time.
    case once(LocalDateTime)
    /// Every day at this time.
    case daily(LocalTime)
    /// Every week on this day at this time.
    case weekly(Weekday, LocalTime)

    /// `once`, `daily`, `weekly`.
    public var kind: String {
        switch self {
        case .once: "once"
        case .daily: "daily"
        case .weekly: "weekly"
        }
    }

    public var repeats: Bool { if case .once = self { false } else { true } }

    /// How the rule is stored and shown: `2026-05-01 09:00`, `09:00`, `monday 09:00`.
    public var text: String {
        switch self {
        case .once(let at): at.description
        case .daily(let time): time.description
        case .weekly(let day, let time): "\(day.name) \(time)"
        }
    }

    /// Reads a stored rule back.
    /// - Throws: `AlbumError.database` when the stored text is not a rule of that kind.
    public init(kind: String, text: String) throws(AlbumError) {
        do throws(AlbumError) {
            switch kind {
            case "once": self = .once(try LocalDateTime(parsing: text))
            case "daily": self = .daily(try LocalTime(parsing: text))
            case "weekly":
                let parts = text.split(separator: " ")
                guard parts.count == 2 else { throw .invalidInput(text) }
                self = .weekly(try Weekday(parsing: String(parts[0])), try LocalTime(parsing: String(parts[1])))
            default: throw .invalidInput(kind)
            }
        } catch {
            throw .database("stored reminder rule \(kind) \"\(text)\" cannot be read: \(error.description)")
        }
    }
}

/// Where a reminder's zone came from.
public enum ZoneSource: String, Sendable, Hashable {
    /// The pin's own zone.
    case pin
    /// `--zone`.
    case option
    /// The system's zone (TZ, else /etc/localtime).
    case system
}

/// A reminder as stored.
public struct Reminder: Sendable, Hashable, Identifiable {
    public let id: Int64
    /// The pin it is about, or nil for a text-only reminder.
    public var pinId: Int64?
    /// The pin's title (read with the reminder, for messages).
    public var pinTitle: String?
    public var text: String?
    public var rule: ReminderRule
    /// IANA zone the rule's wall times are in.
    public var zone: String
    public var zoneSource: ZoneSource
    /// The rule's next occurrence; nil when the rule has none left (a `once` that fired).
    public var scheduledAt: Date?
    /// "Remind me later": fires at this instant too, once.
    public var snoozedUntil: Date?
    /// `remind done`: never fires again.
    public var isDone: Bool
    public var deliveries: Int
    public var lastDeliveredAt: Date?
    /// Why the last `--exec`/`--notify` delivery failed (it stays due).
    public var lastError: String?
    public var createdAt: Date
    /// Which library delivers it (decision 0110): nil for this one; else the device that does,
    /// as a synced library names it (`album sync`; `Reminder.serverDevice` for the server).
    public var deliveredBy: String?

    public init(
        id: Int64, pinId: Int64?, pinTitle: String? = nil, text: String?, rule: ReminderRule, zone: String,
        zoneSource: ZoneSource, scheduledAt: Date?, snoozedUntil: Date? = nil, isDone: Bool = false,
        deliveries: Int = 0, lastDeliveredAt: Date? = nil, lastError: String? = nil, createdAt: Date, deliveredBy: String? = nil
    ) {
        self.deliveredBy = deliveredBy
        self.id = id
        self.pinId = pinId
        self.pinTitle = pinTitle
        self.text = text
        self.rule = rule
        self.zone = zone
        self.zoneSource = zoneSource
        self.scheduledAt = scheduledAt
        self.snoozedUntil = snoozedUntil
        self.isDone = isDone
        self.deliveries = deliveries
        self.lastDeliveredAt = lastDeliveredAt
        self.lastError = lastError
        self.createdAt = createdAt
    }

    /// When it fires next: the earlier of its scheduled occurrence and its snooze; nil when
    /// done or when nothing is left.
    public var dueAt: Date? {
        guard !isDone else { return nil }
        return [scheduledAt, snoozedUntil].compactMap { $0 }.min()
    }

    /// The `deliveredBy` of a reminder the server a library syncs with delivers (decision 0110).
    public static let serverDevice = "server"

    /// `active` (will fire), `done` (finished or marked done).
    public var state: String { dueAt == nil ? "done" : "active" }

    /// What the reminder says: its text, else the pin's title, else "pin N".
    public var message: String {
        text ?? pinTitle ?? pinId.map { "pin \($0)" } ?? "reminder \(id)"
    }

    /// The zone as a `TimeZone` (UTC if the zone database no longer knows it).
    public var timeZone: TimeZone { TimeZone(identifier: zone) ?? TimeZone(identifier: "UTC") ?? .current }
}
