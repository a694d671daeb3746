import Foundation

/// Turns wall-clock times in an IANA zone into instants and back, with the two DST rules the
/// reminders need, decided here and nowhere else:
/// - a wall time that does not exist (the hour skipped when clocks spring forward) resolves to
///   the first valid minute after the gap (02:30 on Berlin's spring day → 03:00 CEST);
/// - a wall time that occurs twice (the hour repeated when clocks fall back) resolves to its
///   first occurrence, so a reminder at that time fires once.
public struct WallClock: Sendable {
    public let zone: TimeZone

    public init(zone: TimeZone) { self.zone = zone }

    /// The instant a wall time names in this zone (see the type's rules for gaps and overlaps).
    public func instant(of wall: LocalDateTime) -> Date {
        let seconds = wall.wallSeconds
        if let first = validInstants(wallSeconds: seconds).min() { return first }
        // In a gap: walk minute by minute to the first wall time that exists (gaps are at most a
        // few hours; the bound stops a broken zone from looping).
        var minute = seconds - seconds % 60 + 60
        for _ in 0..<(48 * 60) {
            if let first = validInstants(wallSeconds: minute).min() { return first }
            minute += 60
        }
        return Date(timeIntervalSince1970: TimeInterval(seconds - zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))))
    }

    /// Whether a wall time exists in this zone exactly once, twice (an overlap) or not at all (a gap).
    public func occurrences(of wall: LocalDateTime) -> Int { validInstants(wallSeconds: wall.wallSeconds).count }

    /// The wall time of an instant in this zone (seconds dropped below a second).
    public func wall(of instant: Date) -> LocalDateTime {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
        return LocalDateTime(wallSeconds: seconds + zone.secondsFromGMT(for: instant))
    }

    /// The local calendar day of an instant.
    public func date(of instant: Date) -> LocalDate { wall(of: instant).date }

    /// `2026-03-29T03:00:00+02:00`: the instant as ISO 8601 with this zone's offset at that instant.
    public func iso8601(_ instant: Date) -> String {
        let wall = wall(of: instant)
        let offset = zone.secondsFromGMT(for: instant)
        let sign = offset < 0 ? "-" : "+"
        let a = abs(offset)
        return String(format: "%@T%02d:%02d:%02d%@%02d:%02d", wall.date.description, wall.time.hour, wall.time.minute,
                      wall.time.second, sign, a / 3600, a % 3600 / 60)
    }

    /// The instants whose wall time in this zone is `seconds`: one, two (overlap) or none (gap).
    private func validInstants(wallSeconds seconds: Int) -> [Date] {
        let around = [-36 * 3600, 0, 36 * 3600].map { zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds + $0))) }
        var found: Set<Int> = []
        for offset in Set(around) {
            let candidate = seconds - offset
            if zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(candidate))) == offset {
                found.insert(candidate)
            }
        }
        return found.sorted().map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }
}

extension TimeZone {
    /// The IANA zone named `identifier`, refusing names the zone database does not have
    /// (Foundation also accepts abbreviations and `GMT+2`; a reminder needs a real zone).
    /// - Throws: `AlbumError.invalidInput` naming the zone.
    public static func iana(_ identifier: String) throws(AlbumError) -> TimeZone {
        let known = identifier == "UTC" || TimeZone.knownTimeZoneIdentifiers.contains(identifier)
        guard known, let zone = TimeZone(identifier: identifier) else {
            throw .invalidInput("time zone \"\(identifier)\" is not an IANA zone (like Europe/Berlin or America/Santiago)")
        }
        return zone
    }
}
