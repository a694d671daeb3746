/// A capture time as the EXIF reader gives it (`2024-06-14T09:43:19`, with `+02:00` appended
/// when the file records its offset from UTC), made comparable.
struct CaptureTime: Sendable, Hashable {
    /// The text as read.
    let text: String
    /// Seconds since 1970-01-01T00:00:00 on the camera's own clock.
    let localSeconds: Int64
    /// The offset from UTC in seconds, when recorded.
    let offsetSeconds: Int64?

    /// Seconds since the Unix epoch, when the offset is known.
    var utcSeconds: Int64? { offsetSeconds.map { localSeconds - $0 } }
    /// The local time without its offset.
    var local: String { String(text.prefix(19)) }

    /// Parses `YYYY-MM-DDTHH:MM:SS` with an optional `±HH:MM`; nil for anything else.
    init?(_ text: String) {
        let b = Array(text.utf8)
        guard b.count == 19 || b.count == 25, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54, b[13] == 0x3A, b[16] == 0x3A,
              let year = Self.number(b[0..<4]), let month = Self.number(b[5..<7]), let day = Self.number(b[8..<10]),
              let hour = Self.number(b[11..<13]), let minute = Self.number(b[14..<16]), let second = Self.number(b[17..<19]),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var offset: Int64?
        if b.count == 25 {
            guard b[19] == 0x2B || b[19] == 0x2D, b[22] == 0x3A,
                  let h = Self.number(b[20..<22]), let m = Self.number(b[23..<25])
            else { return nil }
            offset = (b[19] == 0x2D ? -1 : 1) * (h * 3600 + m * 60)
        }
        self.text = text
        localSeconds = Self.daysFromCivil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second
        offsetSeconds = offset
    }

    /// How far apart two capture times are: as instants when both offsets are known, else as
    /// camera clock readings.
    func secondsApart(from other: CaptureTime) -> Int64 {
        if let a = utcSeconds, let b = other.utcSeconds { return abs(a - b) }
        return abs(localSeconds - other.localSeconds)
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int64? {
        var value: Int64 = 0
        for d in digits {
            guard (0x30...0x39).contains(d) else { return nil }
            value = value * 10 + Int64(d - 0x30)
        }
        return value
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
    private static func daysFromCivil(_ year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

/// The suggested date range of a pin: its photos' earliest and latest capture times.
public struct DateRange: Sendable, Hashable {
    /// ISO 8601; with offsets when every dated photo has one, else local camera times.
    public var from: String?
    public var to: String?
    /// Dated photos without a UTC offset. When there are any, the range is in local camera time
    /// (offsets are dropped so that every photo is ordered by the same kind of clock reading).
    public var missingOffsets: Int
    /// Photos with no usable capture date.
    public var undated: Int

    /// True when `from` and `to` are local camera times.
    public var isLocalTime: Bool { missingOffsets > 0 }

    public init(from: String? = nil, to: String? = nil, missingOffsets: Int = 0, undated: Int = 0) {
        self.from = from
        self.to = to
        self.missingOffsets = missingOffsets
        self.undated = undated
    }

    /// The range of `times` (the photos' `takenAt`).
    public static func of(_ times: [String?]) -> DateRange {
        let dated = times.compactMap { $0.flatMap(CaptureTime.init) }
        let missing = dated.filter { $0.offsetSeconds == nil }.count
        var range = DateRange(missingOffsets: missing, undated: times.count - dated.count)
        if missing == 0 {
            let sorted = dated.sorted { ($0.utcSeconds ?? 0, $0.text) < ($1.utcSeconds ?? 0, $1.text) }
            range.from = sorted.first?.text
            range.to = sorted.last?.text
        } else {
            let sorted = dated.sorted { ($0.localSeconds, $0.text) < ($1.localSeconds, $1.text) }
            range.from = sorted.first?.local
            range.to = sorted.last?.local
        }
        return range
    }
}
