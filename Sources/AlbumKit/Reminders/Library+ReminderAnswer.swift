import AlbumModel
import Foundation

/// An answer to a shown reminder: the three actions of a desktop notification (`album due
/// --notify`) and of the page's notification (decision 0066).
public enum ReminderAnswer: String, Sendable, CaseIterable {
    /// A note about the reminder, in the memory diary (tagged `reminder`).
    case reply
    /// Done: it never fires again.
    case cancel
    /// Remind me later: once more, after the snooze.
    case later

    /// The button's label.
    public var label: String {
        switch self {
        case .reply: "Reply"
        case .cancel: "Cancel"
        case .later: "Remind me later"
        }
    }
}

/// What acting on an answer did.
public enum ReminderAnswerOutcome: Sendable {
    case replied(Entry)
    case done(Reminder)
    case snoozed(Reminder)
}

extension Library {
    /// The tag every reply note carries.
    public static let reminderReplyTag = "reminder"

    /// Acts on an answer to reminder `id`: Reply stores a note entry (`text`, else a line
    /// naming the reminder, to be written later) at the reminder's pin, tagged `reminder`;
    /// Cancel marks it done; Remind me later snoozes it for `snoozeSeconds`.
    /// - Throws: `AlbumError.notFound` naming the id; `.invalidInput` for an empty reply text.
    public func answerReminder(
        id: Int64, _ answer: ReminderAnswer, text: String? = nil, snoozeSeconds: TimeInterval = 600, now: Date, systemZone: String
    ) async throws(AlbumError) -> ReminderAnswerOutcome {
        switch answer {
        case .cancel: return .done(try await completeReminder(id: id, now: now))
        case .later: return .snoozed(try await snoozeReminder(id: id, for: snoozeSeconds, now: now))
        case .reply:
            let reminder = try await self.reminder(id: id)
            let typed = text?.trimmingCharacters(in: .whitespacesAndNewlines)
            if let typed, typed.isEmpty { throw .invalidInput("the reply to reminder \(id) is empty") }
            let about = "Reply to reminder \(id): \(reminder.message)"
            let note = typed.map { "\($0)\n\n(\(about))" } ?? about
            let (entry, _) = try await addEntry(
                .note(note), at: nil, position: reminder.pinId.map { .pin($0) }, tags: [try TagName(Self.reminderReplyTag)],
                now: now, systemZone: systemZone)
            return .replied(entry)
        }
    }
}
