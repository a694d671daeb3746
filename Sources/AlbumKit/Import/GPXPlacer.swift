import AlbumModel
import AlbumPlaces
import Foundation

/// Places photos without GPS on a GPX track by their capture time (`import --gpx`, `exif --gpx`).
///
/// A photo's camera time becomes UTC with, in order: the offset the camera wrote; the
/// `--time-offset` the user gave for the camera clock; else the offset of the time zone where
/// the track is at that time (found from the zone at the track's start, then checked once at
/// the position found). The track is then read at that instant (`GPXTrack.position`).
public struct GPXPlacer: Sendable {
    public let track: GPXTrack
    /// The most time between two fixes to interpolate across, and between a photo and the
    /// nearest fix to take that fix (exiftool's GeoMaxIntSecs / GeoMaxExtSecs).
    public let maxGapSeconds: Double
    /// The camera clock's offset from UTC, for photos that do not record one.
    public let timeOffsetSeconds: Int?

    /// exiftool's default for both of its limits: 30 minutes.
    public static let defaultMaxGapSeconds = 1800.0

    public init(track: GPXTrack, maxGapSeconds: Double = GPXPlacer.defaultMaxGapSeconds, timeOffsetSeconds: Int? = nil) {
        self.track = track
        self.maxGapSeconds = maxGapSeconds
        self.timeOffsetSeconds = timeOffsetSeconds
    }

    /// Reads a track for `--gpx FILE`.
    public static func load(_ path: String, maxGapSeconds: Double, timeOffsetSeconds: Int?) throws(AlbumError) -> GPXPlacer {
        GPXPlacer(track: try GPXTrack.read(path), maxGapSeconds: maxGapSeconds, timeOffsetSeconds: timeOffsetSeconds)
    }

    /// Where the track puts a photo taken at `takenAt`; nil when it has no usable date or the
    /// track has no fix close enough in time.
    public func locate(takenAt: String?) -> GPXPlacement? {
        guard let takenAt, let camera = ZoneOffsets.epochSeconds(local: ZoneOffsets.split(takenAt).local) else { return nil }
        if let written = ZoneOffsets.split(takenAt).offset.flatMap(ZoneOffsets.parseOffset) {
            return at(Double(camera - written), offset: written, source: .exif)
        }
        if let timeOffsetSeconds { return at(Double(camera - timeOffsetSeconds), offset: timeOffsetSeconds, source: .option) }
        guard case .success(let index) = Places.standard, let start = track.segments.first?.first else { return nil }
        let local = ZoneOffsets.split(takenAt).local
        var zone = index.lookup(latitude: start.latitude, longitude: start.longitude).timeZone
        for _ in 0..<2 {
            guard let offset = ZoneOffsets.offsetSeconds(local: local, zone: zone),
                  let placed = at(Double(camera - offset), offset: offset, source: .inferred)
            else { return nil }
            let there = index.lookup(latitude: placed.fix.latitude, longitude: placed.fix.longitude).timeZone
            if there == zone || ZoneOffsets.offsetSeconds(local: local, zone: there) == offset { return placed }
            zone = there
        }
        return nil
    }

    private func at(_ utc: Double, offset: Int, source: GPXPlacement.OffsetSource) -> GPXPlacement? {
        guard let fix = track.position(at: utc, maxGap: maxGapSeconds),
              let coordinate = try? Coordinate(latitude: fix.latitude, longitude: fix.longitude)
        else { return nil }
        return GPXPlacement(coordinate: coordinate, fix: fix, offset: ZoneOffsets.format(offsetSeconds: offset), offsetSource: source)
    }
}

/// Where a track put a photo, and how its camera time was read.
public struct GPXPlacement: Sendable, Hashable {
    /// How the camera time was turned into UTC.
    public enum OffsetSource: String, Sendable, Hashable {
        /// The offset the camera wrote.
        case exif
        /// `--time-offset`.
        case option
        /// The zone of the track at that time.
        case inferred
    }

    public var coordinate: Coordinate
    public var fix: GPXFix
    /// The offset used, `+02:00`.
    public var offset: String
    public var offsetSource: OffsetSource
}

/// `5m`, `90s`, `1h`, `1h30m`, `300` (seconds): durations for `--max-gap`.
public enum TimeSpan {
    /// Seconds; nil for anything else, zero or negative.
    public static func seconds(_ text: String) -> Double? {
        if let plain = Double(text) { return plain > 0 && plain.isFinite ? plain : nil }
        var total = 0.0, number = ""
        for ch in text {
            if ch.isNumber || ch == "." { number.append(ch); continue }
            guard let value = Double(number) else { return nil }
            switch ch {
            case "s": total += value
            case "m": total += value * 60
            case "h": total += value * 3600
            case "d": total += value * 86400
            default: return nil
            }
            number = ""
        }
        return number.isEmpty && total > 0 ? total : nil
    }
}
