/// The populated place nearest to a position, as GeoNames names it.
public struct Place: Sendable, Hashable, Codable, NullEncodable {
    /// The place's name (`Nairobi`, `Zürich`).
    public var name: String
    /// Its first-level administrative division (state, province, région), when GeoNames has one.
    public var region: String?
    /// The country's English name.
    public var country: String?
    /// ISO 3166-1 alpha-2 (`KE`).
    public var countryCode: String
    /// Great-circle distance from the position to the place, in km.
    public var distanceKm: Double

    public init(name: String, region: String?, country: String?, countryCode: String, distanceKm: Double) {
        self.name = name
        self.region = region
        self.country = country
        self.countryCode = countryCode
        self.distanceKm = distanceKm
    }

    /// `Nairobi, Nairobi Area, Kenya`: name, region (unless it repeats the name), country.
    public var label: String {
        var parts = [name]
        if let region, !region.isEmpty, region != name { parts.append(region) }
        parts.append(country ?? countryCode)
        return parts.joined(separator: ", ")
    }
}

/// Where a photo's UTC offset came from.
public enum OffsetSource: String, Sendable, Hashable, Codable {
    /// The camera wrote it (EXIF OffsetTime* or an XMP date with an offset).
    case exif
    /// The GPS receiver's UTC time stamp, compared with the camera clock.
    case gps
    /// The IANA time zone at the photo's position, at its date (tzdata rules of that date).
    case inferred
    /// Not known: no date, or no position to infer it from.
    case none
}

/// Where a photo's position came from.
public enum PositionSource: String, Sendable, Hashable, Codable {
    /// The photo's own GPS tags.
    case exif
    /// Interpolated from a GPX track at the photo's capture time.
    case gpx
    /// What the photo source (Flickr, a bundle) said.
    case source
}

/// What is known about a photo's local time and place, besides its camera time.
public struct PhotoPlace: Sendable, Hashable {
    public var place: Place?
    /// IANA zone at the photo's position (or its pin's), e.g. `Europe/Paris`.
    public var timeZone: String?
    /// `+02:00`, when known.
    public var offset: String?
    public var offsetSource: OffsetSource?
    public var positionSource: PositionSource?

    public init(
        place: Place? = nil, timeZone: String? = nil, offset: String? = nil, offsetSource: OffsetSource? = nil,
        positionSource: PositionSource? = nil
    ) {
        self.place = place
        self.timeZone = timeZone
        self.offset = offset
        self.offsetSource = offsetSource
        self.positionSource = positionSource
    }
}
