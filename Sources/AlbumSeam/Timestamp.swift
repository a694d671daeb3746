import Foundation

/// Timestamps as both stores keep them: ISO 8601 in UTC with milliseconds (PostgreSQL's
/// `PostgresStore` writes the same text, so a pin's dates print the same from either store).
public enum Timestamp {
    public static func now() -> String { format(Date()) }

    public static func format(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
    }

    public static func parse(_ text: String?) -> Date {
        guard let text else { return Date(timeIntervalSince1970: 0) }
        if let date = try? Date(text, strategy: .iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted)) {
            return date
        }
        return (try? Date(text, strategy: .iso8601)) ?? Date(timeIntervalSince1970: 0)
    }
}
