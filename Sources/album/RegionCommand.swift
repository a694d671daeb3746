import AlbumKit
import AlbumModel
import ArgumentParser

struct RegionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "region", abstract: "Set or show the persisted map region.",
        subcommands: [Set.self, Show.self])

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: "Store the map's centre and span.")
        @OptionGroup var global: GlobalOptions
        @Option(parsing: .unconditional, help: Vocabulary.latitude) var lat: Double?
        @Option(parsing: .unconditional, help: Vocabulary.longitude) var lon: Double?
        @Option(help: PlaceOption.help) var place: String?
        @Option(name: .customLong("span-lat"), parsing: .unconditional, help: "Latitude span in degrees, > 0.")
        var spanLat: Double
        @Option(name: .customLong("span-lon"), parsing: .unconditional, help: "Longitude span in degrees, > 0.")
        var spanLon: Double

        func validate() throws {
            try PlaceOption.validate(lat: lat, lon: lon, place: place)
            // The spans are checked here (with a stand-in centre when --place is resolved in run()).
            let center = try lat.flatMap { lat in try lon.map { try coordinate(latitude: lat, longitude: $0) } }
            _ = try region(center: center ?? Coordinate(latitude: 0, longitude: 0))
        }

        func region(center: Coordinate) throws -> Region {
            do {
                return try Region(center: center, spanLatitude: spanLat, spanLongitude: spanLon)
            } catch {
                throw ValidationError(error.description)
            }
        }

        func run() async throws {
            guard let (center, _) = try PlaceOption.position(lat: lat, lon: lon, place: place) else { return }
            let region = try region(center: center)
            try await global.withLibrary(.writing) { try await $0.setRegion(region) }
            try global.json ? Output.json(RegionJSON(region: region)) : Output.line(RegionJSON.text(region))
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show the stored map region.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            guard let region = try await global.withLibrary(.reading, { try await $0.region() }) else {
                if global.json { return try Output.json(Optional<RegionJSON>.none) }
                return Output.line("no region set")
            }
            try global.json ? Output.json(RegionJSON(region: region)) : Output.line(RegionJSON.text(region))
        }
    }
}

extension RegionJSON {
    static func text(_ region: Region) -> String {
        "region centre \(Output.degrees(region.center))  span \(region.spanLatitude)° × \(region.spanLongitude)°"
    }
}
