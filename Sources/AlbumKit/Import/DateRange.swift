import AlbumModel

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

    /// The range of `times` (the photos' `takenAt`, read as `PhotoTime`s with their own offsets).
    public static func of(_ times: [String?]) -> DateRange {
        let dated = times.compactMap { $0.flatMap { PhotoTime(parsing: $0) } }
        let missing = dated.filter { $0.offsetSeconds == nil }.count
        var range = DateRange(missingOffsets: missing, undated: times.count - dated.count)
        if missing == 0 {
            let sorted = dated.sorted { ($0.utcSeconds ?? 0, $0.description) < ($1.utcSeconds ?? 0, $1.description) }
            range.from = sorted.first?.description
            range.to = sorted.last?.description
        } else {
            let sorted = dated.sorted { ($0.localSeconds, $0.description) < ($1.localSeconds, $1.description) }
            range.from = sorted.first?.localText
            range.to = sorted.last?.localText
        }
        return range
    }
}
