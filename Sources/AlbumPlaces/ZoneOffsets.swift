import AlbumModel
import Foundation
import Synchronization

/// Local camera times and IANA zones: the UTC offset a zone had at a local time, with the
/// rules of that date (tzdata through Foundation's `TimeZone`).
public enum ZoneOffsets {
    /// The offset from UTC, in seconds, of `zone` at the local time `local`
    /// (`2024-03-31T02:30:00`); nil for an unknown zone or a malformed time. In a gap (clocks
    /// jump forward) it is the offset after the change; in an overlap (clocks go back), the
    /// earlier one, as Foundation resolves them.
    public static func offsetSeconds(local: String, zone: String) -> Int? {
        guard let timeZone = TimeZone(identifier: zone), let parts = components(local) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        guard let date = calendar.date(from: parts) else { return nil }
        return timeZone.secondsFromGMT(for: date)
    }

    /// `+02:00`, `-03:30`, `+00:00`.
    public static func format(offsetSeconds s: Int) -> String {
        let sign = s < 0 ? "-" : "+"
        let m = abs(s) / 60
        return String(format: "%@%02d:%02d", sign, m / 60, m % 60)
    }

    /// Seconds of `+02:00` / `-0330` / `Z`; nil for anything else.
    public static func parseOffset(_ text: String) -> Int? {
        if text == "Z" { return 0 }
        let b = Array(text.utf8)
        guard b.count == 6 || b.count == 5, b[0] == 0x2B || b[0] == 0x2D else { return nil }
        let digits = b.count == 6 ? [b[1], b[2], b[4], b[5]] : [b[1], b[2], b[3], b[4]]
        if b.count == 6 && b[3] != 0x3A { return nil }
        guard digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let h = Int(digits[0] - 0x30) * 10 + Int(digits[1] - 0x30), m = Int(digits[2] - 0x30) * 10 + Int(digits[3] - 0x30)
        guard h <= 14, m < 60 else { return nil }
        return (b[0] == 0x2D ? -1 : 1) * (h * 3600 + m * 60)
    }

    /// The local part and offset of an ISO 8601 time (`2024-06-14T09:43:19+02:00`).
    public static func split(_ takenAt: String) -> (local: String, offset: String?) {
        guard takenAt.count > 19 else { return (takenAt, nil) }
        return (String(takenAt.prefix(19)), String(takenAt.dropFirst(19)))
    }

    /// Seconds since 1970 of a local time read as if it were UTC; nil when malformed.
    public static func epochSeconds(local: String) -> Int? {
        guard let parts = components(local) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        return calendar.date(from: parts).map { Int($0.timeIntervalSince1970.rounded()) }
    }

    static func components(_ local: String) -> DateComponents? {
        let b = Array(local.utf8.prefix(19))
        guard b.count == 19, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54 || b[10] == 0x20, b[13] == 0x3A, b[16] == 0x3A else { return nil }
        func n(_ r: Range<Int>) -> Int? {
            var v = 0
            for i in r { guard (0x30...0x39).contains(b[i]) else { return nil }; v = v * 10 + Int(b[i] - 0x30) }
            return v
        }
        guard let y = n(0..<4), let mo = n(5..<7), let d = n(8..<10), let h = n(11..<13), let mi = n(14..<16), let s = n(17..<19),
              (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60, s < 61
        else { return nil }
        return DateComponents(year: y, month: mo, day: d, hour: h, minute: mi, second: s)
    }
}

/// Decides a photo's UTC offset: the camera's, else the GPS clock's, else the zone's.
public enum OffsetInference {
    /// The most a GPS-derived offset may differ from a multiple of 15 minutes and still be
    /// believed (a camera clock a few minutes off).
    public static let gpsToleranceSeconds = 5 * 60

    /// - Parameters:
    ///   - takenAt: the camera time as stored (`2024-06-14T09:43:19`, maybe with an offset).
    ///   - gpsTime: the GPS receiver's UTC time (`2024-06-14T07:43:02Z`), when recorded.
    ///   - zone: the IANA zone at the photo's position.
    /// - Returns: the offset text and where it came from.
    public static func infer(takenAt: String?, gpsTime: String?, zone: String?) -> (offset: String?, source: OffsetSource) {
        guard let takenAt else { return (nil, .none) }
        let (local, written) = ZoneOffsets.split(takenAt)
        if let written, ZoneOffsets.parseOffset(written) != nil { return (written, .exif) }
        if let gpsTime, let gps = ZoneOffsets.epochSeconds(local: gpsTime), let camera = ZoneOffsets.epochSeconds(local: local) {
            let difference = camera - gps
            let quarters = (Double(difference) / 900).rounded()
            if abs(difference - Int(quarters) * 900) <= gpsToleranceSeconds, abs(quarters) <= 14 * 4 {
                return (ZoneOffsets.format(offsetSeconds: Int(quarters) * 900), .gps)
            }
        }
        if let zone, let seconds = ZoneOffsets.offsetSeconds(local: local, zone: zone) {
            return (ZoneOffsets.format(offsetSeconds: seconds), .inferred)
        }
        return (nil, .none)
    }
}

/// The place data of this process, loaded once on first use (`ALBUM_PLACES`, else Debian's),
/// with the zone map (`ALBUM_ZONES`, else the installed one).
public enum Places {
    /// The place data, loaded on first use; its error when it is unreadable or malformed.
    public static var standard: Result<PlaceIndex, AlbumError> {
        needed.withLock { $0 = true }
        return loaded
    }

    /// The place data's error, when this process needed the data and could not load it (what
    /// `album` turns into its "place names unavailable" warning); nil otherwise.
    public static var problem: AlbumError? {
        guard needed.withLock({ $0 }), case .failure(let error) = loaded else { return nil }
        return error
    }

    private static let needed = Mutex(false)
    private static let loaded: Result<PlaceIndex, AlbumError> = Result { () throws(AlbumError) in
        try PlaceIndex.load(.standard(), zones: ZoneMap.standard())
    }
}
