import AlbumKit
import AlbumModel
import Foundation

/// The command line's lines for a reminder (its JSON is AlbumKit's `ReminderJSON`, shared with
/// `album serve`).
extension ReminderJSON {
    /// `reminder 2  daily 09:00 Europe/Berlin  next 2026-11-24 09:00 (in 17 hours)  Water the plants`.
    static func text(_ r: Reminder, now: Date) -> String {
        let clock = WallClock(zone: r.timeZone)
        var line = "reminder \(r.id)  \(r.rule.kind) \(r.rule.text) \(r.zone)"
        if let due = r.dueAt {
            line += "  next \(clock.wall(of: due).description) (\(relative(due, now: now)))"
            if r.snoozedUntil == due { line += " snoozed" }
        } else {
            line += "  done"
        }
        line += "  \(subject(r))"
        if let device = r.deliveredBy {
            line += device == Reminder.serverDevice ? "  (delivered by the server)" : "  (delivered by device \(TerminalText.inline(String(device.prefix(8)))))"
        }
        if let error = r.lastError { line += "\n  last delivery failed: \(TerminalText.inline(error))" }
        return line
    }

    /// `pin 1 Eiffel Tower: buy tickets`, `pin 1 Eiffel Tower`, or the text.
    static func subject(_ r: Reminder) -> String {
        let text = r.text.map(TerminalText.inline)
        guard let pinId = r.pinId else { return text ?? "" }
        let pin = "pin \(pinId)" + (r.pinTitle.map { " \(TerminalText.inline($0))" } ?? "")
        return text.map { "\(pin): \($0)" } ?? pin
    }

    /// `in 2 hours 5 minutes`, `3 minutes ago`, `now`.
    static func relative(_ instant: Date, now: Date) -> String {
        var seconds = Int(instant.timeIntervalSince(now).rounded())
        if seconds == 0 { return "now" }
        if abs(seconds) >= 60 { seconds = Int((Double(seconds) / 60).rounded()) * 60 }  // minutes are enough
        return seconds > 0 ? "in \(DurationText.describe(seconds))" : "overdue by \(DurationText.describe(-seconds))"
    }
}


/// One delivery of `album due --json`: `{id, deliveryId, pinId, pinTitle, text, message, kind,
/// zone, dueAt, deliveredAt, late, lateSeconds, missed, snoozed, nextAt}`.
struct DeliveryJSON: Encodable {
    let delivery: DueDelivery
    let now: Date
    /// The notification's answer (`album due --notify`), when one was chosen.
    var answer: AnswerJSON? = nil

    enum Key: String, CodingKey {
        case id, deliveryId, pinId, pinTitle, text, message, kind, zone, dueAt, deliveredAt, late, lateSeconds, missed
        case snoozed, nextAt, answer
    }

    func encode(to encoder: any Encoder) throws {
        let r = delivery.reminder
        let clock = WallClock(zone: r.timeZone)
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(r.id, forKey: .id)
        try c.encode(delivery.deliveryId, forKey: .deliveryId)
        try c.encode(r.pinId, forKey: .pinId)
        try c.encode(r.pinTitle, forKey: .pinTitle)
        try c.encode(r.text, forKey: .text)
        try c.encode(r.message, forKey: .message)
        try c.encode(r.rule.kind, forKey: .kind)
        try c.encode(r.zone, forKey: .zone)
        try c.encode(clock.iso8601(delivery.occurrence), forKey: .dueAt)
        try c.encode(clock.iso8601(now), forKey: .deliveredAt)
        try c.encode(delivery.late, forKey: .late)
        try c.encode(delivery.lateSeconds, forKey: .lateSeconds)
        try c.encode(delivery.missed, forKey: .missed)
        try c.encode(delivery.snoozed, forKey: .snoozed)
        try c.encode(delivery.delivered.dueAt.map(clock.iso8601), forKey: .nextAt)
        try c.encodeIfPresent(answer, forKey: .answer)
    }

    /// The JSON a `--exec` command reads on stdin.
    static func data(_ delivery: DueDelivery, now: Date) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(DeliveryJSON(delivery: delivery, now: now))) ?? Data("{}".utf8)) + Data("\n".utf8)
    }

    /// `reminder 1  due 2026-11-23 16:16 Europe/Berlin  pin 1 Eiffel: buy tickets  (late by 2 days; 1 more missed)`.
    static func text(_ d: DueDelivery) -> String {
        let r = d.reminder
        let clock = WallClock(zone: r.timeZone)
        var line = "reminder \(r.id)  due \(clock.wall(of: d.occurrence).description) \(r.zone)  \(ReminderJSON.subject(r))"
        var notes: [String] = []
        if d.snoozed { notes.append("snoozed") }
        if d.late { notes.append("late by \(DurationText.describe(d.lateSeconds))") }
        if d.missed > 0 { notes.append("\(d.missed) more missed occurrence\(d.missed == 1 ? "" : "s") folded into this one") }
        if !notes.isEmpty { line += "  (\(notes.joined(separator: "; ")))" }
        if r.rule.repeats, let next = d.delivered.dueAt { line += "\n  next \(clock.wall(of: next).description)" }
        return line
    }
}

/// A notification's answer in `album due --json`: `{action, ok, entryId?, nextAt?, error?}`.
struct AnswerJSON: Encodable {
    let answer: ReminderAnswer
    let outcome: Result<ReminderAnswerOutcome, AlbumError>

    enum Key: String, CodingKey { case action, ok, entryId, state, nextAt, error }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(answer.rawValue, forKey: .action)
        switch outcome {
        case .failure(let error):
            try c.encode(false, forKey: .ok)
            try c.encode(error.description, forKey: .error)
        case .success(.replied(let entry)):
            try c.encode(true, forKey: .ok)
            try c.encode(entry.id, forKey: .entryId)
        case .success(.done(let r)), .success(.snoozed(let r)):
            try c.encode(true, forKey: .ok)
            try c.encode(r.state, forKey: .state)
            try c.encode(r.dueAt.map(WallClock(zone: r.timeZone).iso8601), forKey: .nextAt)
        }
    }

    /// `answered Remind me later: next 2026-06-01 12:10 UTC`, `answered Reply: note entry 4`.
    static func text(_ answer: ReminderAnswer, _ outcome: Result<ReminderAnswerOutcome, AlbumError>) -> String {
        switch outcome {
        case .failure(let error): "answered \(answer.label): not done (\(error.description))"
        case .success(.replied(let entry)): "answered \(answer.label): note entry \(entry.id) (tagged \(Library.reminderReplyTag))"
        case .success(.done): "answered \(answer.label): done, it will not fire again"
        case .success(.snoozed(let r)):
            "answered \(answer.label): next \(r.dueAt.map { WallClock(zone: r.timeZone).wall(of: $0).description } ?? "never") \(r.zone)"
        }
    }
}
