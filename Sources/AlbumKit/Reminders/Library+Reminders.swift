import AlbumModel
import AlbumSeam
import Foundation

/// When a new reminder fires, as the user asked.
public enum ReminderTiming: Sendable, Hashable {
    /// `--at "YYYY-MM-DD HH:MM"`: once, at this wall time in the reminder's zone.
    case at(LocalDateTime)
    /// `--in 2h`: once, this many seconds from now.
    case after(TimeInterval)
    /// `--daily HH:MM`.
    case daily(LocalTime)
    /// `--weekly DAY HH:MM`.
    case weekly(Weekday, LocalTime)
}

/// `album remind add`'s request.
public struct ReminderRequest: Sendable, Hashable {
    public var pinId: Int64?
    public var text: String?
    public var timing: ReminderTiming
    /// `--zone`: an IANA zone name, or nil.
    public var zone: String?
    /// Accept an `--at` time that has already passed (it is then due at once, late).
    public var allowPast: Bool
    /// A sync client's own id of it: sent again, the first one is answered (decision 0110).
    public var clientId: String?
    /// The library that delivers it (`Reminder.deliveredBy`), nil for this one.
    public var deliveredBy: String?

    public init(pinId: Int64?, text: String?, timing: ReminderTiming, zone: String?, allowPast: Bool = false,
                clientId: String? = nil, deliveredBy: String? = nil) {
        self.clientId = clientId
        self.deliveredBy = deliveredBy
        self.pinId = pinId
        self.text = text
        self.timing = timing
        self.zone = zone
        self.allowPast = allowPast
    }
}

extension Library {
    /// Stores a reminder. Its zone is `--zone` when given, else the pin's zone when the pin has
    /// one, else the system's (`systemZone`).
    /// - Throws: `AlbumError.invalidInput` for an unknown zone, an empty text or an `--at` in the
    ///   past without `allowPast`; `.notFound` for an unknown pin. Nothing is stored then.
    public func addReminder(_ request: ReminderRequest, now: Date, systemZone: String) async throws(AlbumError) -> Reminder {
        if let text = request.text, text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw .invalidInput("--text is empty")
        }
        guard request.pinId != nil || request.text != nil else { throw .invalidInput("a reminder needs a PIN or --text") }
        let pin: Pin? = if let id = request.pinId { try await store.requirePin(id: id) } else { nil }
        let (zoneName, source) = try reminderZone(option: request.zone, pin: pin, systemZone: systemZone)
        let clock = WallClock(zone: try TimeZone.iana(zoneName))
        let rule: ReminderRule
        let scheduled: Date?
        switch request.timing {
        case .at(let wall):
            rule = .once(wall)
            let fire = clock.instant(of: wall)
            if fire <= now && !request.allowPast {
                throw .invalidInput("--at \"\(wall)\" (\(zoneName)) has already passed (it is now \(clock.wall(of: now).minuteText) there); add --allow-past to store it anyway")
            }
            scheduled = fire
        case .after(let seconds):
            guard seconds > 0 else { throw .invalidInput("--in must be more than 0") }
            let fire = Date(timeIntervalSince1970: (now.timeIntervalSince1970 + seconds).rounded(.up))
            rule = .once(clock.wall(of: fire))
            scheduled = fire
        case .daily(let time):
            rule = .daily(time)
            scheduled = ReminderSchedule(rule: rule, zone: clock.zone).first(onOrAfter: now)
        case .weekly(let day, let time):
            rule = .weekly(day, time)
            scheduled = ReminderSchedule(rule: rule, zone: clock.zone).first(onOrAfter: now)
        }
        let record = NewReminderRecord(
            pinId: request.pinId, text: request.text, rule: rule, zone: zoneName, zoneSource: source, scheduledAt: scheduled,
            clientId: request.clientId, deliveredBy: request.deliveredBy)
        return try await store.addReminder(record, now: now)
    }

    /// Every reminder, next due first.
    public func reminders() async throws(AlbumError) -> [Reminder] { try await store.reminders() }

    /// The reminder with this id. - Throws: `AlbumError.notFound` naming the id.
    public func reminder(id: Int64) async throws(AlbumError) -> Reminder { try await store.reminder(id: id) }

    /// Deletes a reminder. - Throws: `AlbumError.notFound` naming the id.
    @discardableResult
    public func removeReminder(id: Int64) async throws(AlbumError) -> Reminder { try await store.removeReminder(id: id) }

    /// Marks a reminder done: it never fires again (a repeating one stops too).
    /// - Throws: `AlbumError.notFound` naming the id.
    public func completeReminder(id: Int64, now: Date) async throws(AlbumError) -> Reminder {
        try await store.updateReminder(id: id, now: now) { reminder throws(AlbumError) in
            var r = reminder
            r.isDone = true
            r.snoozedUntil = nil
            return r
        }
    }

    /// "Remind me later": fires again `seconds` from now, once (see `DuePlanner.snooze`).
    /// - Throws: `AlbumError.invalidInput` when `seconds` is not positive, `.notFound` naming the id.
    public func snoozeReminder(id: Int64, for seconds: TimeInterval, now: Date) async throws(AlbumError) -> Reminder {
        let planner = DuePlanner(now: now)
        return try await store.updateReminder(id: id, now: now) { reminder throws(AlbumError) in
            try planner.snooze(reminder, for: seconds)
        }
    }

    /// The zone a reminder's times are in: `--zone`, else the pin's, else the system's.
    func reminderZone(option: String?, pin: Pin?, systemZone: String) throws(AlbumError) -> (String, ZoneSource) {
        if let option {
            _ = try TimeZone.iana(option)
            return (option, .option)
        }
        if let pin, let zone = Self.zone(of: pin) { return (zone, .pin) }
        return ((try? TimeZone.iana(systemZone)) != nil ? systemZone : "UTC", .system)
    }

    /// The pin's own IANA zone (named from GeoNames when the pin was placed), when it has one
    /// that this system's tzdata knows.
    static func zone(of pin: Pin) -> String? {
        guard let zone = pin.timeZone, (try? TimeZone.iana(zone)) != nil else { return nil }
        return zone
    }
}
