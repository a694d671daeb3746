import Foundation

/// Timestamps as both stores keep them: ISO 8601 in UTC with milliseconds (the text SQLite's
/// `Timestamp` writes, so a pin's dates print the same from either store).
enum StoredTime {
    static func now() -> String { format(Date()) }

    static func format(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
    }

    static func parse(_ text: String?) -> Date {
        guard let text else { return Date(timeIntervalSince1970: 0) }
        if let date = try? Date(text, strategy: .iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted)) {
            return date
        }
        return (try? Date(text, strategy: .iso8601)) ?? Date(timeIntervalSince1970: 0)
    }
}
