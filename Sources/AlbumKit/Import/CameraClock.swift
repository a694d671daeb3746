import AlbumModel
import AlbumPlaces
import AlbumSeam

/// One camera's clock, measured against the GPS receiver's UTC time stamps of its photos: the
/// zone it was set to (the nearest quarter hour) and how far it was off (issue 12).
///
/// For each photo with both a camera time and a GPS time, camera − GPS is the clock's UTC offset
/// plus its error. The median over the camera's photos is reported, so one bad fix does not
/// move it. Photos whose camera wrote an offset count too: the camera time is then read
/// without it (the clock shows local time either way).
public struct CameraClock: Sendable, Hashable {
    public var make: String?
    public var model: String?
    /// Photos with both times.
    public var photos: Int
    /// Median of camera time − GPS time, seconds.
    public var differenceSeconds: Int
    /// The UTC offset the clock was set to: `differenceSeconds` rounded to a quarter hour.
    public var offset: String
    /// How far the clock was off that offset, seconds; positive: ahead (`differenceSeconds` −
    /// the offset).
    public var errorSeconds: Int

    /// The clocks of the cameras of `photos` that have GPS times, by make and model.
    static func of(_ photos: [ImportedPhotoRecord]) -> [CameraClock] {
        var byCamera: [String: (make: String?, model: String?, differences: [Int])] = [:]
        for photo in photos {
            guard let takenAt = photo.takenAt, let gpsTime = photo.gpsTime,
                  let camera = ZoneOffsets.epochSeconds(local: ZoneOffsets.split(takenAt).local),
                  let gps = ZoneOffsets.epochSeconds(local: gpsTime)
            else { continue }
            let key = "\(photo.make ?? "")\u{0}\(photo.model ?? "")"
            byCamera[key, default: (photo.make, photo.model, [])].differences.append(camera - gps)
        }
        return byCamera.values.map { camera in
            let sorted = camera.differences.sorted()
            let median = sorted[sorted.count / 2]
            let quarters = Int((Double(median) / 900).rounded())
            return CameraClock(
                make: camera.make, model: camera.model, photos: sorted.count, differenceSeconds: median,
                offset: ZoneOffsets.format(offsetSeconds: quarters * 900), errorSeconds: median - quarters * 900)
        }
        .sorted { ($0.make ?? "", $0.model ?? "") < ($1.make ?? "", $1.model ?? "") }
    }

    /// `2m13s ahead of GPS time`, `45s behind GPS time`, `on time with GPS time`.
    public var errorText: String {
        let s = abs(errorSeconds)
        guard s > 0 else { return "on time with GPS time" }
        let text = s >= 60 ? "\(s / 60)m\(s % 60)s" : "\(s)s"
        return "\(text) \(errorSeconds > 0 ? "ahead of" : "behind") GPS time"
    }
}
