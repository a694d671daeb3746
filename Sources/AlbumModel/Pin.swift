import Foundation

/// A place on the map that owns an album.
public struct Pin: Sendable, Hashable, Identifiable {
    public let id: Int64
    public var coordinate: Coordinate
    public var title: String?
    public var note: String?
    /// Photos in the pin's album (any state).
    public var photoCount: Int
    public var createdAt: Date
    public var updatedAt: Date
    /// The nearest GeoNames place; nil when none is near or names were not available.
    public var place: Place? = nil
    /// The IANA time zone at the pin, e.g. `Africa/Nairobi`.
    public var timeZone: String? = nil

    public init(
        id: Int64, coordinate: Coordinate, title: String? = nil, note: String? = nil,
        photoCount: Int = 0, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.coordinate = coordinate
        self.title = title
        self.note = note
        self.photoCount = photoCount
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// The persisted map region: its centre and span in degrees.
public struct Region: Sendable, Hashable {
    public let center: Coordinate
    public let spanLatitude: Double
    public let spanLongitude: Double

    /// - Throws: `AlbumError.invalidInput` when a span is not a positive finite number of degrees
    ///   (at most 180 for latitude, 360 for longitude).
    public init(center: Coordinate, spanLatitude: Double, spanLongitude: Double) throws(AlbumError) {
        guard spanLatitude.isFinite, spanLatitude > 0, spanLatitude <= 180 else {
            throw .invalidInput("span-lat \(spanLatitude) must be greater than 0 and at most 180")
        }
        guard spanLongitude.isFinite, spanLongitude > 0, spanLongitude <= 360 else {
            throw .invalidInput("span-lon \(spanLongitude) must be greater than 0 and at most 360")
        }
        self.center = center
        self.spanLatitude = spanLatitude
        self.spanLongitude = spanLongitude
    }
}
