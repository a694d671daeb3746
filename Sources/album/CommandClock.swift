import AlbumKit
import AlbumModel
import Foundation

/// The clock of commands that schedule (plans, reminders, due).
///
/// `ALBUM_NOW` (ISO 8601 with an offset, e.g. `2026-03-29T00:59:00Z`) replaces the real time: it
/// exists for end-to-end tests and demonstrations, and is read here only; the library takes the
/// time as a parameter.
enum CommandClock {
    static func now(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Date {
        guard let text = environment["ALBUM_NOW"], !text.isEmpty else { return Date() }
        if let date = try? Date(text, strategy: .iso8601) { return date }
        if let date = try? Date(text, strategy: .iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted)) {
            return date
        }
        throw AlbumError.invalidInput("ALBUM_NOW \"\(text)\" is not an ISO 8601 time with an offset (like 2026-03-29T00:59:00Z)")
    }

    /// The system's IANA zone (TZ, else /etc/localtime).
    static var systemZone: String { SystemZone.identifier() }
}

