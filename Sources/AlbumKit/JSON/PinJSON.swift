import AlbumModel
import AlbumPlaces

/// A pin as the JSON contract has it (docs/architecture.md, "JSON of a pin, a photo"): `{id,
/// latitude, longitude, title, note, photoCount}`,
/// plus `place` (`{name, region, country, countryCode, distanceKm}` or null) and `timeZone`; with
/// `--place`, `placeSearch` too. The one pin JSON of `album --json` and `album serve`'s API
/// (decision 0021-i9).
public struct PinJSON: Encodable, Sendable {
    public let pin: Pin
    /// With `--place`: what the name resolved to (`placeSearch`).
    public var search: PlaceMatches?

    public init(pin: Pin) { self.pin = pin }
    public init(pin: Pin, search: PlaceMatches?) {
        self.pin = pin
        self.search = search
    }

    enum Key: String, CodingKey { case id, latitude, longitude, title, note, photoCount, place, timeZone, placeSearch }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        if let search { try c.encode(PlaceMatchesJSON(matches: search), forKey: .placeSearch) }
        try c.encode(pin.id, forKey: .id)
        try c.encode(pin.coordinate.latitude, forKey: .latitude)
        try c.encode(pin.coordinate.longitude, forKey: .longitude)
        try c.encode(pin.title, forKey: .title)
        try c.encode(pin.note, forKey: .note)
        try c.encode(pin.photoCount, forKey: .photoCount)
        try c.encode(pin.place, forKey: .place)
        try c.encode(pin.timeZone, forKey: .timeZone)
    }
}

/// The region: `{latitude, longitude, spanLatitude, spanLongitude}`.
public struct RegionJSON: Encodable, Sendable {
    public let region: Region
    public init(region: Region) { self.region = region }

    enum Key: String, CodingKey { case latitude, longitude, spanLatitude, spanLongitude }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(region.center.latitude, forKey: .latitude)
        try c.encode(region.center.longitude, forKey: .longitude)
        try c.encode(region.spanLatitude, forKey: .spanLatitude)
        try c.encode(region.spanLongitude, forKey: .spanLongitude)
    }
}

/// `{query, total, candidates: [{name, region, country, countryCode, regionCode, latitude,
/// longitude, population, timeZone}]}`: the first candidate is the one taken.
public struct PlaceMatchesJSON: Encodable, Sendable {
    public let matches: PlaceMatches
    public init(matches: PlaceMatches) { self.matches = matches }

    enum Key: String, CodingKey { case query, total, candidates }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(matches.query, forKey: .query)
        try c.encode(matches.total, forKey: .total)
        try c.encode(matches.candidates.map(CandidateJSON.init), forKey: .candidates)
    }

    struct CandidateJSON: Encodable {
        let candidate: PlaceCandidate
        enum Key: String, CodingKey {
            case name, region, country, countryCode, regionCode, latitude, longitude, population, timeZone
        }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(candidate.name, forKey: .name)
            try c.encode(candidate.region, forKey: .region)
            try c.encode(candidate.country, forKey: .country)
            try c.encode(candidate.countryCode, forKey: .countryCode)
            try c.encode(candidate.regionCode, forKey: .regionCode)
            try c.encode(candidate.coordinate.latitude, forKey: .latitude)
            try c.encode(candidate.coordinate.longitude, forKey: .longitude)
            try c.encode(candidate.population, forKey: .population)
            try c.encode(candidate.timeZone, forKey: .timeZone)
        }
    }
}
