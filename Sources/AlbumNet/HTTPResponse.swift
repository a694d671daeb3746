import Foundation

/// What a server answered: any status, its headers and the whole body.
public struct HTTPResponse: Sendable {
    public var status: Int
    /// Header names lower-cased; repeated headers joined with ", ".
    public var headers: [String: String]
    public var body: Data
    /// The URL that answered, after redirects.
    public var url: String

    public init(status: Int, headers: [String: String], body: Data, url: String) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
    }

    /// The value of a header, by any capitalisation of its name.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// How long the server asks to wait (`Retry-After` as seconds or as an HTTP-date). A date is
    /// measured from the response's `Date` header when it has one, else from now; never negative.
    public var retryAfter: Duration? { retryAfter(now: Date()) }

    /// `retryAfter`, measuring an HTTP-date from `now` when the response has no `Date` header.
    public func retryAfter(now: Date) -> Duration? {
        guard let value = header("retry-after")?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
            return nil
        }
        if let seconds = Int(value) { return .seconds(Swift.max(0, seconds)) }
        guard let date = HTTPDate.parse(value) else { return nil }
        let reference = header("date").flatMap(HTTPDate.parse) ?? now
        return .seconds(Swift.max(0, date.timeIntervalSince(reference).rounded(.up)))
    }
}

/// RFC 9110 IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`.
enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    static func parse(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[0].hasSuffix(","), parts[5].uppercased() == "GMT",
            let day = Int(parts[1]), let monthIndex = months.firstIndex(of: parts[2].lowercased()),
            let year = Int(parts[3])
        else { return nil }
        let clock = parts[4].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3, (1...31).contains(day), (0...23).contains(clock[0]),
            (0...59).contains(clock[1]), (0...60).contains(clock[2])
        else { return nil }
        var components = DateComponents()
        components.year = year
        components.month = monthIndex + 1
        components.day = day
        components.hour = clock[0]
        components.minute = clock[1]
        components.second = clock[2]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar.date(from: components)
    }
}
