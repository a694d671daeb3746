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
        Self.dateTime(date, hour, minute, min(second, 59), zulu: false)
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
        return Self.dateTime(LocalDate(dayNumber: day), rest / 3600, rest % 3600 / 60, rest % 60, zulu: true)
    }

    /// Seconds since 1970 (seconds clamped to 59), treating a time without offset as UTC: the
    /// order of a GPX track.
    var exportSortKey: Int64 {
        (utcSeconds ?? localSeconds) - Int64(second - min(second, 59))
    }

    /// `2024-06-14T09:43:19` (and `Z`), written as bytes: interpolation with padded numbers cost
    /// a dataset export's sample more than its JSON (issue 30).
    private static func dateTime(_ date: LocalDate, _ hour: Int, _ minute: Int, _ second: Int, zulu: Bool) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(20)
        text += date.description.utf8
        func two(after mark: Unicode.Scalar, _ value: Int) {
            text.append(UInt8(ascii: mark))
            text.append(UInt8(ascii: "0") + UInt8(value / 10 % 10))
            text.append(UInt8(ascii: "0") + UInt8(value % 10))
        }
        two(after: "T", hour)
        two(after: ":", minute)
        two(after: ":", second)
        if zulu { text.append(UInt8(ascii: "Z")) }
        return String(decoding: text, as: UTF8.self)
    }
}
