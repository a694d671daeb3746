import AlbumModel

/// A capture time as the exports write it: XML Schema's `dateTime` (KML's `<when>`, GPX's
/// `<time>`), whose seconds stop at 59 (no leap second), so a `:60` is written as `:59`.
extension PhotoTime {
    /// The capture time an export shows: the stored `takenAt` with the offset it carries itself
    /// (the file's), nil when there is none or it is not in the stored form.
    init?(exporting photo: Photo) {
        guard let text = photo.takenAt else { return nil }
        self.init(parsing: text)
    }

    /// `2024-06-14T09:43:19`, seconds clamped to 59.
    var exportLocal: String {
        "\(date)T\(Self.pad(hour)):\(Self.pad(minute)):\(Self.pad(min(second, 59)))"
    }

    /// The local time with its offset when known (`2024-06-14T09:43:19+02:00`).
    var exportWithOffset: String { exportLocal + (offsetText ?? "") }

    /// The instant in UTC (`2024-06-14T07:43:19Z`) when the offset is known, else the local
    /// time without a zone.
    var exportUTCOrLocal: String {
        guard offsetSeconds != nil else { return exportLocal }
        let utc = exportSortKey
        let day = Int((utc >= 0 ? utc : utc - 86_399) / 86_400)
        let rest = Int(utc - Int64(day) * 86_400)
        return "\(LocalDate(dayNumber: day))T\(Self.pad(rest / 3600)):\(Self.pad(rest % 3600 / 60)):\(Self.pad(rest % 60))Z"
    }

    /// Seconds since 1970 (seconds clamped to 59), treating a time without offset as UTC: the
    /// order of a GPX track.
    var exportSortKey: Int64 {
        (utcSeconds ?? localSeconds) - Int64(second - min(second, 59))
    }

    private static func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
