import AlbumKit
import AlbumModel
import ArgumentParser

struct FindCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "find",
        abstract: "Search titles, pins, tags, cameras, file names and places.",
        discussion: """
            Every word must match (accents and case do not matter). "two words" is a phrase; \
            mount* is a prefix. Other characters are searched as text: AND, OR, NOT and NEAR are \
            words like any other.
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "What to search for.") var text: [String]
    @OptionGroup var filters: PhotoFilterOptions
    @Option(help: "Photos to list at most (1-1000).") var limit = 50

    func run() async throws {
        let search = try SearchText(text.joined(separator: " "))
        let filter = try filters.filter()
        let results = try await global.withLibrary(.reading) { library in
            var results = try await library.find(search, filter: filter, limit: limit)
            results.photos = results.photos.map { $0.resolved(in: library) }
            return results
        }
        if global.json { return try Output.json(results) }
        if results.total == 0 { return Output.line("no photo matches \(search.text)") }
        for photo in results.photos { Output.line(photo.line) }
        let more = results.total > results.photos.count ? " (showing \(results.photos.count))" : ""
        Output.line("\(results.total) photo\(results.total == 1 ? "" : "s") match\(results.total == 1 ? "es" : "")\(more)")
    }
}
