import AlbumAudio
import AlbumModel
import AlbumPlaces
import Foundation

/// When an entry happened, as the command line or the API gives it, made into a `PhotoTime`:
/// the local wall-clock time with its UTC offset, inferred like a photo's (decision 0050-entries).
public enum EntryClock {
    /// `--at` as given: a local date-time (`2026-06-14T09:43`, seconds optional, `T` or a space),
    /// a date alone (noon), optionally with an offset (`Z`, `+02:00`).
    public struct Given: Sendable, Hashable {
        /// `YYYY-MM-DDTHH:MM:SS`.
        public var local: String
        /// `+02:00`, when the text carried one.
        public var offset: String?

        /// - Throws: `AlbumError.invalidInput` naming the text and the forms taken.
        public init(parsing text: String) throws(AlbumError) {
            var t = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: " ", with: "T")
            var offset: String?
            if t.hasSuffix("Z") || t.hasSuffix("z") {
                t.removeLast()
                offset = "+00:00"
            } else if t.count > 10, let sign = t.lastIndex(where: { $0 == "+" || $0 == "-" }), t.distance(from: t.startIndex, to: sign) > 10 {
                let o = String(t[sign...])
                guard let seconds = ZoneOffsets.parseOffset(o.count == 5 ? String(o.prefix(3)) + ":" + String(o.suffix(2)) : o) else {
                    throw Self.refusal(text)
                }
                offset = ZoneOffsets.format(offsetSeconds: seconds)
                t = String(t[..<sign])
            }
            if t.count == 10 { t += "T12:00:00" } else if t.count == 16 { t += ":00" }
            guard let parsed = PhotoTime(parsing: t) else { throw Self.refusal(text) }
            local = parsed.localText
            self.offset = offset
        }

        /// A time already read (a sound file's tag).
        init(local: String, offset: String?) {
            self.local = local
            self.offset = offset
        }

        static func refusal(_ text: String) -> AlbumError {
            .invalidInput("--at '\(text)' is not a local time like 2026-06-14T09:43 (seconds, a 'Z' or '+02:00' optional) or a date")
        }
    }

    /// The entry's time: `given` with its own offset (`user`); else in the zone of `position`
    /// (`inferred`, the place data's zone); else in `systemZone`. With nothing given, `now` in
    /// that zone.
    /// - Throws: `AlbumError.invalidInput` when the local time cannot be read back (not expected).
    public static func time(given: Given?, position: Coordinate?, now: Date, systemZone: String) throws(AlbumError) -> PhotoTime {
        if let given, let offset = given.offset,
           let time = PhotoTime(parsing: given.local, offset: offset, offsetSource: .user) {
            return time
        }
        var zone = systemZone
        var source = OffsetSource.user
        if let position, case .success(let index) = Places.standard {
            zone = index.lookup(position).timeZone
            source = .inferred
        }
        let local = given?.local ?? localText(of: now, in: zone)
        let (offset, how) = OffsetInference.infer(takenAt: local, gpsTime: nil, zone: zone)
        guard let time = PhotoTime(parsing: local, offset: offset, offsetSource: how == .inferred ? source : how) else {
            throw .invalidInput("the local time \(local) cannot be read")
        }
        return time
    }

    /// A sound file's time (issue 26): what its tags say it was recorded (`AudioFacts.recorded`)
    /// at its tagged position — an instant in the zone there (else the system's), a wall-clock
    /// time with its own offset as given, without one in the zone there, a date alone at noon —
    /// else `modified` (the file's mtime: a recorder writes the file when the recording ends).
    static func soundTime(_ recorded: SoundTime?, position: Coordinate?, modified: Date, systemZone: String) throws(AlbumError) -> PhotoTime {
        switch recorded {
        case .instant(let date): return try time(given: nil, position: position, now: date, systemZone: systemZone)
        case .local(let local, let offset): return try time(given: Given(local: local, offset: offset), position: position, now: modified, systemZone: systemZone)
        case .day(let day): return try time(given: Given(local: day + "T12:00:00", offset: nil), position: position, now: modified, systemZone: systemZone)
        case nil: return try time(given: nil, position: position, now: modified, systemZone: systemZone)
        }
    }

    /// The wall-clock text of an instant in a zone (UTC for an unknown zone).
    static func localText(of date: Date, in zone: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? .gmt
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", c.year ?? 1970, c.month ?? 1, c.day ?? 1, c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
    }

    /// The place name at a position, when the place data knows one.
    static func placeName(at position: Coordinate?) -> String? {
        guard let position, case .success(let index) = Places.standard else { return nil }
        return index.lookup(position).place?.name
    }
}
