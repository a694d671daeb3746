/// When a photo was taken, as a value: the date and time its camera's clock showed, the offset
/// from UTC when known, and where that offset came from. Stored as text
/// (`photos.taken_at`: `2024-06-14T09:43:19`, with `+02:00` when the file records it) plus
/// `utc_offset` and `offset_source`.
public struct PhotoTime: Sendable, Hashable, CustomStringConvertible {
    /// The camera's calendar day.
    public let date: LocalDate
    public let hour: Int
    public let minute: Int
    /// 0…60 (a leap second is kept as read).
    public let second: Int
    /// Seconds east of UTC, when known.
    public let offsetSeconds: Int?
    /// Where the offset came from (nil when none is known, or not recorded).
    public let offsetSource: OffsetSource?

    /// Parses the stored form `YYYY-MM-DDTHH:MM:SS` with an optional `±HH:MM`; nil for anything
    /// else. `offset` (`+02:00`, the `utc_offset` column) applies when the text has none.
    public init?(parsing text: some StringProtocol, offset: String? = nil, offsetSource: OffsetSource? = nil) {
        let b = Array(text.utf8)
        guard b.count == 19 || b.count == 25, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54, b[13] == 0x3A, b[16] == 0x3A,
              let year = Self.number(b[0..<4]), let month = Self.number(b[5..<7]), let day = Self.number(b[8..<10]),
              let hour = Self.number(b[11..<13]), let minute = Self.number(b[14..<16]), let second = Self.number(b[17..<19]),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61,
              let date = LocalDate.on(year, month, day)
        else { return nil }
        var seconds: Int?
        if b.count == 25 {
            guard let parsed = Self.offset(b[19..<25]) else { return nil }
            seconds = parsed
        } else if let offset {
            seconds = Self.offset(Array(offset.utf8)[...])
        }
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
        offsetSeconds = seconds
        self.offsetSource = seconds == nil ? nil : offsetSource
    }

    /// Seconds since 1970-01-01T00:00:00 on the camera's own clock.
    public var localSeconds: Int64 {
        Int64(date.dayNumber) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    /// Seconds since the Unix epoch, when the offset is known.
    public var utcSeconds: Int64? { offsetSeconds.map { localSeconds - Int64($0) } }

    /// How far apart two capture times are: as instants when both offsets are known, else as
    /// camera clock readings (an import's suggestion of a place by the same camera's photos).
    public func secondsApart(from other: PhotoTime) -> Int64 {
        if let a = utcSeconds, let b = other.utcSeconds { return abs(a - b) }
        return abs(localSeconds - other.localSeconds)
    }

    /// `2024-06-14T09:43:19`: the camera's time without its offset.
    public var localText: String {
        "\(date)T\(Self.two(hour)):\(Self.two(minute)):\(Self.two(second))"
    }

    /// `+02:00`, when the offset is known.
    public var offsetText: String? {
        offsetSeconds.map { s in
            let a = abs(s)
            return (s < 0 ? "-" : "+") + Self.two(a / 3600) + ":" + Self.two(a % 3600 / 60)
        }
    }

    /// The stored form: the local time, with its offset when known.
    public var description: String { localText + (offsetText ?? "") }

    private static func offset(_ b: ArraySlice<UInt8>) -> Int? {
        let b = Array(b)
        guard b.count == 6, b[0] == 0x2B || b[0] == 0x2D, b[3] == 0x3A,
              let h = number(b[1..<3]), let m = number(b[4..<6]), h <= 14, m < 60
        else { return nil }
        return (b[0] == 0x2D ? -1 : 1) * (h * 3600 + m * 60)
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for d in digits {
            guard (0x30...0x39).contains(d) else { return nil }
            value = value * 10 + Int(d - 0x30)
        }
        return value
    }

    private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}

extension Photo {
    /// When it was taken, with its offset (from the text, else the stored `utc_offset`) and the
    /// offset's source; nil without a usable capture time.
    public var taken: PhotoTime? {
        takenAt.flatMap { PhotoTime(parsing: $0, offset: local.offset, offsetSource: local.offsetSource) }
    }
}
