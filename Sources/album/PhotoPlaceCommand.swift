import AlbumKit
import AlbumModel
import ArgumentParser

/// `album photo place PHOTO --pin N | --lat D --lon D | --place NAME | --accept-suggestion`.
struct PhotoPlaceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "place", abstract: "Give a photo a place: a pin, a position, or the place its import suggested.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: Vocabulary.photoId) var id: Int64
    @Option(help: "Put it in this pin's album.") var pin: Int64?
    @Option(parsing: .unconditional, help: Vocabulary.latitude) var lat: Double?
    @Option(parsing: .unconditional, help: Vocabulary.longitude) var lon: Double?
    @Option(help: PlaceOption.help) var place: String?
    @Option(name: .customLong("radius-km"), parsing: .unconditional, help: Vocabulary.joinRadius) var radiusKm = 1.0
    @Flag(name: .customLong("accept-suggestion"), help: "Put it where the import suggested.") var acceptSuggestion = false

    func validate() throws {
        let ways = [pin != nil, lat != nil || lon != nil, place != nil, acceptSuggestion].filter { $0 }.count
        guard ways == 1 else { throw ValidationError("give exactly one of --pin, --lat/--lon, --place, --accept-suggestion") }
        try PlaceOption.validate(lat: lat, lon: lon, place: place, required: false)
        guard radiusKm.isFinite, radiusKm > 0, radiusKm <= 100 else { throw ValidationError("--radius-km \(radiusKm) must be in (0, 100]") }
    }

    func run() async throws {
        let placement: PhotoPlacement
        if let pin {
            placement = .pin(pin)
        } else if let (at, _) = try PlaceOption.position(lat: lat, lon: lon, place: place) {
            placement = .coordinate(at, radiusKm: radiusKm)
        } else {
            placement = .suggestion
        }
        let (photo, pin, created, folder) = try await global.withLibrary(global.changingAccess()) { library in
            let (photo, pin, created) = try await library.placePhoto(id: id, placement)
            return (photo, pin, created, library.folder)
        }
        if global.json { return try Output.json(PhotoJSON(photo: photo, folder: folder)) }
        Output.line("placed photo \(photo.id) in \(created ? "new " : "")pin \(pin.id)  \(Output.degrees(pin.coordinate))")
    }
}
