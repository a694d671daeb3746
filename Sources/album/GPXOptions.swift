import AlbumKit
import ArgumentParser

/// `--gpx TRACK [--max-gap 5m] [--time-offset +01:00]`, shared by `import` and `exif`.
enum GPXOptions {
    /// Checks the values that need no file: `--max-gap` and `--time-offset` parse, and go with `--gpx`.
    static func check(gpx: String?, maxGap: String?, timeOffset: String?) throws -> (maxGap: Double, offset: Int?) {
        if gpx == nil, maxGap != nil || timeOffset != nil {
            throw ValidationError("--max-gap and --time-offset go with --gpx")
        }
        var gap = GPXPlacer.defaultMaxGapSeconds
        if let maxGap {
            guard let seconds = TimeSpan.seconds(maxGap) else {
                throw ValidationError("--max-gap '\(maxGap)' is not a duration like 90s, 5m or 1h")
            }
            gap = seconds
        }
        var offset: Int?
        if let timeOffset {
            guard let seconds = ZoneOffsets.parseOffset(timeOffset), timeOffset != "Z" else {
                throw ValidationError("--time-offset '\(timeOffset)' is not a UTC offset like +01:00 or -05:30")
            }
            offset = seconds
        }
        return (gap, offset)
    }

    /// The track, read and checked; nil without `--gpx`.
    static func placer(gpx: String?, maxGap: String?, timeOffset: String?) throws -> GPXPlacer? {
        guard let gpx else { return nil }
        let (gap, offset) = try check(gpx: gpx, maxGap: maxGap, timeOffset: timeOffset)
        return try GPXPlacer.load(gpx, maxGapSeconds: gap, timeOffsetSeconds: offset)
    }
}
