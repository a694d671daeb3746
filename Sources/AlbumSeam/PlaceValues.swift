import AlbumModel
import Foundation

/// A pin the place data has not named yet.
public struct UnnamedPin: Sendable, Hashable {
    public var id: Int64
    public var coordinate: Coordinate

    public init(id: Int64, coordinate: Coordinate) {
        self.id = id
        self.coordinate = coordinate
    }
}

/// A photo the place data has not named yet, with what naming it needs.
public struct UnnamedPhoto: Sendable, Hashable {
    public var id: Int64
    public var coordinate: Coordinate?
    /// Its pin's zone, for a photo without a position of its own.
    public var pinTimeZone: String?
    public var takenAt: String?
    public var gpsTime: String?
    /// `exif`, `gpx` or `source` when recorded; else nil (decided from `source`).
    public var positionSource: PositionSource?
    public var source: String
    /// The camera clock's offset the user gave on import, if any.
    public var clockOffset: String? = nil

    public init(
        id: Int64, coordinate: Coordinate?, pinTimeZone: String?, takenAt: String?, gpsTime: String?,
        positionSource: PositionSource?, source: String, clockOffset: String? = nil
    ) {
        self.id = id
        self.coordinate = coordinate
        self.pinTimeZone = pinTimeZone
        self.takenAt = takenAt
        self.gpsTime = gpsTime
        self.positionSource = positionSource
        self.source = source
        self.clockOffset = clockOffset
    }

    /// From the columns both stores' `unnamedPhotos` read, in their order: the photo's id,
    /// latitude and longitude, its pin's zone, `taken_at`, `gps_time`, `position_source`,
    /// `source` and `clock_offset` (a position out of range counts as none).
    public init(
        id: Int64?, latitude: Double?, longitude: Double?, pinTimeZone: String?, takenAt: String?, gpsTime: String?,
        positionSource: String?, source: String?, clockOffset: String?
    ) {
        var coordinate: Coordinate?
        if let latitude, let longitude { coordinate = try? Coordinate(latitude: latitude, longitude: longitude) }
        self.init(
            id: id ?? 0, coordinate: coordinate, pinTimeZone: pinTimeZone, takenAt: takenAt, gpsTime: gpsTime,
            positionSource: positionSource.flatMap(PositionSource.init(rawValue:)), source: source ?? "", clockOffset: clockOffset)
    }
}

/// A place of the library: how many pins and photos are there.
public struct LibraryPlace: Sendable, Hashable {
    /// One row per pin and photo (a pin without photos once) with the place it counts under: the
    /// photo's own place, else its pin's (`name`, `region`, `country`, `cc`, `pin`, `photo`), as
    /// both stores count them.
    public static let rows = """
        SELECT p.id AS pin, f.id AS photo,
            CASE WHEN f.place_name IS NOT NULL THEN f.place_name ELSE p.place_name END AS name,
            CASE WHEN f.place_name IS NOT NULL THEN f.place_region ELSE p.place_region END AS region,
            CASE WHEN f.place_name IS NOT NULL THEN f.place_country ELSE p.place_country END AS country,
            CASE WHEN f.place_name IS NOT NULL THEN f.place_country_code ELSE p.place_country_code END AS cc
        FROM pins p LEFT JOIN photos f ON f.pin_id = p.id
        """

    public var name: String
    public var region: String?
    public var country: String?
    public var countryCode: String
    public var pins: Int
    public var photos: Int

    public init(name: String, region: String?, country: String?, countryCode: String, pins: Int, photos: Int) {
        (self.name, self.region, self.country, self.countryCode, self.pins, self.photos) = (name, region, country, countryCode, pins, photos)
    }
}
