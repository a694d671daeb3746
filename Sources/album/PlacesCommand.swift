import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

/// `album places [--country CC]`: the places of the library's pins and photos, with counts.
struct PlacesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "places", abstract: "The places (GeoNames) of the library's pins and photos, with photo counts.",
        discussion: """
            Pins and photos are named when written. A library remembers which place data named it: \
            when ALBUM_PLACES, ALBUM_ZONES or their files change (or a newer album names places \
            differently), the next command that opens the library names every pin and photo again, \
            and offsets inferred from a zone follow the new zone (offsets the camera, the GPS or \
            --time-offset gave stay). While the new data cannot be loaded, the names stay as they are.

            """ + Attribution.text)
    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("Only places in this country (ISO code, e.g. KE).", valueName: "cc")) var country: String?

    func validate() throws {
        if let country, country.count != 2 || !country.allSatisfy({ $0.isASCII && $0.isLetter }) {
            throw ValidationError("--country '\(country)' is not a two-letter ISO country code")
        }
    }

    func run() async throws {
        let places = try await global.withLibrary(.reading) { try await $0.places(countryCode: country?.uppercased()) }
        if global.json { return try Output.json(places.map(LibraryPlaceJSON.init)) }
        if places.isEmpty { Output.line(country.map { "no places in \($0.uppercased())" } ?? "no places") }
        for p in places {
            let label = Place(name: p.name, region: p.region, country: p.country, countryCode: p.countryCode, distanceKm: 0).label
            Output.line("\(label)  (\(p.pins) pin\(p.pins == 1 ? "" : "s"), \(p.photos) photo\(p.photos == 1 ? "" : "s"))")
        }
    }
}

/// `{name, region, country, countryCode, pins, photos}`.
struct LibraryPlaceJSON: Encodable {
    let place: LibraryPlace
    enum Key: String, CodingKey { case name, region, country, countryCode, pins, photos }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(place.name, forKey: .name)
        try c.encode(place.region, forKey: .region)
        try c.encode(place.country, forKey: .country)
        try c.encode(place.countryCode, forKey: .countryCode)
        try c.encode(place.pins, forKey: .pins)
        try c.encode(place.photos, forKey: .photos)
    }
}

/// GeoNames' licence asks for this wherever its data is shown.
enum Attribution {
    static let text = """
        Place names and time zones: GeoNames (https://www.geonames.org), CC BY 4.0, as Debian's \
        libtimezonemap-data ships it, or the GeoNames file named by ALBUM_PLACES. Time-zone \
        boundaries: timezone-boundary-builder (https://github.com/evansiroky/timezone-boundary-builder), \
        ODbL 1.0, as timezonefinder packages it; GeoAlbum's zone map (data/zones, or ALBUM_ZONES) is \
        a derived database under the ODbL 1.0.
        """
}
