import AlbumKit
import AlbumModel
import ArgumentParser

struct FindCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "find",
        abstract: "Search titles, pins, tags, cameras, file names and places, and notes, songs and check-ins.",
        discussion: """
            Every word must match (accents and case do not matter). "two words" is a phrase; \
            mount* is a prefix. Other characters are searched as text: AND, OR, NOT and NEAR are \
            words like any other. Entries (notes, songs and artists, sounds, check-in notes) are \
            listed after the photos; --pin and --source select photos only.
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "What to search for.") var text: [String]
    @OptionGroup var filters: PhotoFilterOptions
    @Option(help: "Photos to list at most (1-1000).") var limit = 50

    func run() async throws {
        let search = try SearchText(text.joined(separator: " "))
        let filter = try filters.filter()
        let entryFilter = filter.pinId == nil && filter.source == nil
            ? EntryFilter(from: filter.from, to: filter.to, tag: filter.tag) : nil
        let (results, entries, json) = try await global.withLibrary(.reading) { library in
            var results = try await library.find(search, filter: filter, limit: limit)
            results.photos = results.photos.map { $0.resolved(in: library) }
            var entries = EntryList(total: 0, entries: [])
            if let entryFilter { entries = try await library.findEntries(search, filter: entryFilter, limit: limit) }
            return (results, entries, FindJSON(results: results, entries: entries, library: library))
        }
        if global.json { return try Output.json(json) }
        if results.total == 0 && entries.total == 0 {
            // Word it for what was searched: --pin and --source search photos only.
            return Output.line("\(entryFilter == nil ? "no photo" : "no photo, note, song, sound or check-in") matches \(search.text)")
        }
        for photo in results.photos { Output.line(photo.line) }
        if results.total > 0 || entries.total == 0 {
            let more = results.total > results.photos.count ? " (showing \(results.photos.count))" : ""
            Output.line("\(results.total) photo\(results.total == 1 ? "" : "s") match\(results.total == 1 ? "es" : "")\(more)")
        }
        guard entries.total > 0 else { return }
        for entry in entries.entries { Output.line(entry.line) }
        let more = entries.total > entries.entries.count ? " (showing \(entries.entries.count))" : ""
        Output.line("\(entries.total) entr\(entries.total == 1 ? "y matches" : "ies match")\(more)")
    }
}

/// `find --json`: the photos' `{query, total, photos}` and the entries that match,
/// `entriesTotal` and `entries` (issue 26).
struct FindJSON: Encodable {
    let results: SearchResults
    let entries: EntryList
    let media: PhotoJSON.Media

    init(results: SearchResults, entries: EntryList, library: Library) {
        self.results = results
        self.entries = entries
        media = .files { library.url(forStoredPath: $0) }
    }

    enum Key: String, CodingKey { case query, total, photos, entriesTotal, entries }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(results.query, forKey: .query)
        try c.encode(results.total, forKey: .total)
        try c.encode(results.photos, forKey: .photos)
        try c.encode(entries.total, forKey: .entriesTotal)
        try c.encode(entries.entries.map { EntryJSON(entry: $0, media: media) }, forKey: .entries)
    }
}
