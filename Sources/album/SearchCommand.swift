import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

/// `album search`: what a source offers near a place. Downloads nothing, opens no library.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Show what a photo source offers near a place (nothing is downloaded).")

    @Option(parsing: .unconditional, help: Vocabulary.latitude) var lat: Double?
    @Option(parsing: .unconditional, help: Vocabulary.longitude) var lon: Double?
    @Option(help: PlaceOption.help) var place: String?
    @Option(name: .customLong("radius-km"), parsing: .unconditional, help: Vocabulary.searchRadius)
    var radiusKm = 5.0
    @Option(name: .customLong("per-page"), parsing: .unconditional, help: Vocabulary.perPage) var perPage = 30
    @Option(parsing: .unconditional, help: Vocabulary.page) var page = 1
    @OptionGroup var sources: SourceOptions
    @OptionGroup(title: "Search filters") var filters: FilterOptions
    /// Taken like every command's; search reads no library.
    @OptionGroup var global: GlobalOptions
    var json: Bool { global.json }

    func validate() throws {
        try PlaceOption.validate(lat: lat, lon: lon, place: place)
        try checkRadiusIsPositive(radiusKm)
        if let source = sources.source, let spec = try? SourceSpec.parse(source, endpoint: sources.endpoint) {
            try checkRadius(radiusKm, for: spec)
        }
        guard (1...250).contains(perPage) else { throw ValidationError("--per-page \(perPage) must be 1-250") }
        guard page >= 1 else { throw ValidationError("--page \(page) must be at least 1") }
    }

    func run() async throws {
        let spec = try sources.spec()
        try checkRadius(radiusKm, for: spec)
        guard let (center, _) = try PlaceOption.position(lat: lat, lon: lon, place: place) else { return }
        let query = SearchQuery(center: center, radiusKm: radiusKm, page: page, perPage: perPage, filter: try filters.filter())
        let result = try await SourceSearch.page(query, from: spec)
        if json { return try Output.json(SearchJSON(page: result)) }
        Output.line("\(result.total) photo\(result.total == 1 ? "" : "s") near \(Output.degrees(query.center)), page \(result.page) of \(result.pages)")
        for photo in result.photos {
            Output.line("  \(TerminalText.inline(photo.sourceId))  \(TerminalText.inline(photo.title ?? "(untitled)"))  \(TerminalText.inline(photo.url))")
        }
    }
}

/// `{total, pages, photos: [{id, title, url, latitude, longitude, takenAt, accuracy, license}]}`;
/// `accuracy` (1–16, Flickr's) and `license` are what the source says (YFCC100M rows), else null.
struct SearchJSON: Encodable {
    let page: SearchPage
    enum Key: String, CodingKey { case total, pages, photos }
    enum PhotoKey: String, CodingKey { case id, title, url, latitude, longitude, takenAt, accuracy, license }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(page.total, forKey: .total)
        try c.encode(page.pages, forKey: .pages)
        var list = c.nestedUnkeyedContainer(forKey: .photos)
        for photo in page.photos {
            var p = list.nestedContainer(keyedBy: PhotoKey.self)
            try p.encode(photo.sourceId, forKey: .id)
            try p.encode(photo.title, forKey: .title)
            try p.encode(photo.url, forKey: .url)
            try p.encode(photo.coordinate?.latitude, forKey: .latitude)
            try p.encode(photo.coordinate?.longitude, forKey: .longitude)
            try p.encode(photo.takenAt, forKey: .takenAt)
            try p.encode(photo.accuracy, forKey: .accuracy)
            try p.encode(photo.license, forKey: .license)
        }
    }
}
