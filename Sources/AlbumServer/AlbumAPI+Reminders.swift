import AlbumCore
import AlbumModel
import Hummingbird
import Foundation

/// The reminders routes, over AlbumKit's (`album remind add|list|done|snooze|rm`): the same
/// checks, the same JSON (`ReminderJSON`), with the API's field names in the messages.
extension AlbumAPI {
    /// `GET /api/reminders`: every reminder, next due first.
    func reminders() async throws -> Response {
        Reply.json(JSONOut.encode(try await library.reminders().map(ReminderJSON.init)))
    }

    /// `GET /api/reminders/{reminder}`: one reminder.
    func reminder(_ id: Int64) async throws -> Response {
        Reply.json(JSONOut.encode(ReminderJSON(reminder: try await library.reminder(id: id))))
    }

    /// `POST /api/reminders`: `{kind: once|daily|weekly, at: "YYYY-MM-DD HH:MM" (once),
    /// time: "HH:MM" (daily, weekly), day: "monday"… (weekly), text, pinId, zone, allowPast,
    /// clientId, deliveredBy}`. A `clientId` made before answers that reminder, nothing stored
    /// again (decision 0110).
    func addReminder(_ call: Call) async throws -> Response {
        let body = try await call.body()
        let text = try body.string("text", maxLength: 1000), zone = try body.string("zone", maxLength: 100)
        let clientId = try Self.clientId(body), deliveredBy = try Self.deliveredBy(body)
        let pinId = try Self.wholeNumber(body, "pinId")
        let allowPast = try body.bool("allowPast") ?? false
        guard let kind = try body.string("kind", maxLength: 10) else { throw APIError.badRequest("kind is required: once, daily or weekly") }
        guard ["once", "daily", "weekly"].contains(kind) else { throw APIError.badRequest("kind '\(kind)' must be once, daily or weekly") }
        func field(_ name: String, _ needed: Bool) throws(APIError) -> String {
            guard needed else { return "" }
            guard let value = try body.string(name, maxLength: 40) else { throw .badRequest("\(name) is required for a \(kind) reminder") }
            return value
        }
        let at = try field("at", kind == "once"), time = try field("time", kind != "once"), day = try field("day", kind == "weekly")
        let timing: ReminderTiming
        do throws(AlbumError) {
            switch kind {
            case "once": timing = .at(try LocalDateTime(parsing: at))
            case "daily": timing = .daily(try LocalTime(parsing: time))
            default: timing = .weekly(try Weekday(parsing: day), try LocalTime(parsing: time))
            }
        } catch {
            throw Self.renamingReminderOptions(error)
        }
        let request = ReminderRequest(pinId: pinId, text: text, timing: timing, zone: zone, allowPast: allowPast, clientId: clientId, deliveredBy: deliveredBy)
        do {
            let reminder = try await library.addReminder(request, now: Date(), systemZone: TimeZone.current.identifier)
            return Reply.json(JSONOut.encode(ReminderJSON(reminder: reminder)), status: .created)
        } catch {
            throw Self.renamingReminderOptions(error)
        }
    }

    /// `PUT /api/reminders/{reminder}` `{scheduledAt, snoozedUntil, done, deliveredBy}` (each
    /// optional; instants ISO 8601 with an offset, or null; `done` only true; `deliveredBy` a
    /// device name, or null for this server): what `album sync` changes (decision 0110). Done
    /// wins over a snooze: a done reminder takes none.
    func changeReminder(_ id: Int64, _ call: Call) async throws -> Response {
        _ = try await library.reminder(id: id)  // someone else's or no reminder: 404 before the body is judged
        let body = try await call.body()
        for name in body.fields.keys where !["scheduledAt", "snoozedUntil", "done", "deliveredBy"].contains(name) {
            throw APIError.badRequest("unknown field \(name): give scheduledAt, snoozedUntil, done or deliveredBy")
        }
        func instant(_ name: String) throws(APIError) -> Date?? {
            switch body.fields[name] {
            case nil: return nil
            case .null?: return .some(nil)
            case .string(let text)?:
                guard text.count <= 40, let date = Self.instant(text) else {
                    throw .badRequest("\(name) must be an instant like 2026-06-14T09:00:00+02:00, or null")
                }
                return .some(date)
            default: throw .badRequest("\(name) must be an instant like 2026-06-14T09:00:00+02:00, or null")
            }
        }
        var change = ReminderChange(scheduledAt: try instant("scheduledAt"), snoozedUntil: try instant("snoozedUntil"))
        switch body.fields["done"] {
        case nil: break
        case .bool(true)?: change.done = true
        default: throw APIError.badRequest("done can only be true (a done reminder stays done)")
        }
        if body.fields["deliveredBy"] != nil { change.deliveredBy = .some(try Self.deliveredBy(body)) }
        guard change != ReminderChange() else { throw APIError.badRequest("nothing to change: give scheduledAt, snoozedUntil, done or deliveredBy") }
        let now = Date(timeIntervalSince1970: TimeInterval(clock()))
        return Reply.json(JSONOut.encode(ReminderJSON(reminder: try await library.changeReminder(id: id, change, now: now))))
    }

    /// An ISO 8601 instant with its offset (`Z` or ±HH:MM), its fraction of a second dropped.
    static func instant(_ text: String) -> Date? {
        let parser = ISO8601DateFormatter()
        parser.formatOptions = [.withInternetDateTime]
        if let date = parser.date(from: text) { return date }
        parser.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return parser.date(from: text).map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down)) }
    }

    /// The device that delivers a reminder (`deliveredBy`): 1-200 visible ASCII characters, or
    /// null / absent for this server.
    static func deliveredBy(_ body: JSONBody) throws(APIError) -> String? {
        guard let value = try body.string("deliveredBy", maxLength: .max) else { return nil }
        guard (1...200).contains(value.utf8.count), value.utf8.allSatisfy({ (0x21...0x7e).contains($0) }) else {
            throw .badRequest("deliveredBy must be 1-200 visible ASCII characters, or null")
        }
        return value
    }

    /// `POST /api/reminders/{reminder}/done`: it never fires again.
    func completeReminder(_ id: Int64) async throws -> Response {
        Reply.json(JSONOut.encode(ReminderJSON(reminder: try await library.completeReminder(id: id, now: Date()))))
    }

    /// `POST /api/reminders/{reminder}/snooze` `{minutes}` (1…10080, default 10): remind me later.
    func snoozeReminder(_ id: Int64, _ call: Call) async throws -> Response {
        let body = try await call.body()
        let minutes = try Self.wholeNumber(body, "minutes") ?? 10
        guard (1...10080).contains(minutes) else { throw APIError.badRequest("minutes \(minutes) must be 1-10080 (a week)") }
        let reminder = try await library.snoozeReminder(id: id, for: TimeInterval(minutes * 60), now: Date())
        return Reply.json(JSONOut.encode(ReminderJSON(reminder: reminder)))
    }

    /// `POST /api/reminders/{reminder}/reply` `{text}`: a note about the reminder in the diary,
    /// tagged `reminder` (a notification's Reply, decision 0066); 201 with the entry.
    func replyToReminder(_ id: Int64, _ call: Call) async throws -> Response {
        _ = try await library.reminder(id: id)  // someone else's or no reminder: 404 before the body is judged
        let body = try await call.body()
        guard let text = try body.string("text", maxLength: 10000), !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw APIError.badRequest("text is required: the reply")
        }
        let outcome = try await library.answerReminder(id: id, .reply, text: text, now: Date(), systemZone: TimeZone.current.identifier)
        guard case .replied(let entry) = outcome else { throw APIError.badRequest("reminder \(id) was not replied to") }
        return Reply.json(JSONOut.encode(EntryJSON(entry: entry, media: .served)), status: .created)
    }

    /// `DELETE /api/reminders/{reminder}`.
    func removeReminder(_ id: Int64) async throws -> Response {
        Reply.json(JSONOut.encode(ReminderJSON(reminder: try await library.removeReminder(id: id))))
    }

    /// An optional whole number ≥ 1 (absent or null is nil).
    static func wholeNumber(_ body: JSONBody, _ name: String) throws(APIError) -> Int64? {
        switch body.fields[name] {
        case nil, .null?: return nil
        case .number(let d)? where d.isFinite && d == d.rounded() && d >= 1 && d < 9e15: return Int64(d)
        default: throw .badRequest("\(name) must be a whole number of at least 1")
        }
    }

    /// AlbumKit names `album remind add`'s options (`--at`, `--allow-past`); the API names its fields.
    static func renamingReminderOptions(_ error: any Error) -> any Error {
        guard let error = error as? AlbumError, case .invalidInput(let detail) = error else { return error }
        var text = detail.description
        for (option, field) in [("a PIN or", "a pinId or"), ("--allow-past", "allowPast"), ("--at", "at"), ("--daily", "time"), ("--weekly", "day and time"),
                                ("--text", "text"), ("--zone", "zone"), ("--in", "at")] {
            text = text.replacingOccurrences(of: option, with: field)
        }
        return APIError.badRequest(text)
    }
}
