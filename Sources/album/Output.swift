import AlbumModel
import AlbumPlaces
import Foundation

/// Prints either human text or one JSON document on stdout.
enum Output {
    static func json<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }

    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// `place: Nairobi, Nairobi Area, Kenya (1.2 km)`, or `place: none within 100 km`.
    static func placeText(_ place: Place?) -> String {
        guard let place else { return "place: none within 100 km" }
        return "place: \(place.label) (\(String(format: "%.1f", place.distanceKm)) km)"
    }

    /// `48.858400, 2.294500`
    static func degrees(_ c: Coordinate) -> String {
        String(format: "%.6f, %.6f", c.latitude, c.longitude)
    }
}

/// A pin as PRODUCT.md's JSON section has it: `{id, latitude, longitude, title, note, photoCount}`,
/// plus `place` (`{name, region, country, countryCode, distanceKm}` or null) and `timeZone`.
struct PinJSON: Encodable {
    let pin: Pin
    /// With `--place`: what the name resolved to (`placeSearch`).
    var search: PlaceMatches?

    init(pin: Pin) { self.pin = pin }
    init(pin: Pin, search: PlaceMatches?) {
        self.pin = pin
        self.search = search
    }

    enum Key: String, CodingKey { case id, latitude, longitude, title, note, photoCount, place, timeZone, placeSearch }
    func encode(to encoder: any Encoder) throws {
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

    static func text(_ pin: Pin) -> String {
        var line = headline(pin)
        if let place = placeLine(pin) { line += "\n  \(place)" }
        if let note = pin.note { line += "\n  note: \(note)" }
        return line
    }

    /// `pin 1  -1.286389, 36.817223  Nairobi  (30 photos)`
    static func headline(_ pin: Pin) -> String {
        var line = "pin \(pin.id)  \(Output.degrees(pin.coordinate))"
        if let title = pin.title { line += "  \(title)" }
        return line + "  (\(pin.photoCount) photo\(pin.photoCount == 1 ? "" : "s"))"
    }

    /// `place: Nairobi, Nairobi Area, Kenya (1.2 km)  time zone: Africa/Nairobi`; nil before naming.
    static func placeLine(_ pin: Pin) -> String? {
        guard let zone = pin.timeZone else { return nil }
        return "\(Output.placeText(pin.place))  time zone: \(zone)"
    }
}

/// The region: `{latitude, longitude, spanLatitude, spanLongitude}`.
struct RegionJSON: Encodable {
    let region: Region
    enum Key: String, CodingKey { case latitude, longitude, spanLatitude, spanLongitude }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(region.center.latitude, forKey: .latitude)
        try c.encode(region.center.longitude, forKey: .longitude)
        try c.encode(region.spanLatitude, forKey: .spanLatitude)
        try c.encode(region.spanLongitude, forKey: .spanLongitude)
    }
}
