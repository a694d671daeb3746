import AlbumKit
import AlbumModel
import ArgumentParser

struct TimelineCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: "Photos, notes, songs, sounds and check-ins by local day, ISO week or month, newest first.",
        discussion: """
            A photo's day is the date its camera's clock showed, an entry's the local date it was \
            made at. Photos without a date are listed last, under "undated". --kind narrows what \
            is listed (photo, note, song, audio, checkin; comma-separated); --source lists photos \
            only. Pages are stable for photos: pass the printed --as-of back to page through the \
            same photos while others are added.
            """)
    @OptionGroup var global: GlobalOptions
    @Option(help: "Group by day, week (ISO) or month (as the map's timeline does).") var by: TimelineGrouping = .month
    @Option(help: ArgumentHelp("What to list: photo, note, song, audio, checkin, comma-separated (all by default).", valueName: "kinds"))
    var kind: String?
    @OptionGroup var filters: PhotoFilterOptions
    @Option(help: Vocabulary.page) var page = 1
    @Option(name: .customLong("page-size"), help: Vocabulary.pageSize) var pageSize = 100
    @Option(name: .customLong("as-of"), help: ArgumentHelp("Page through photos up to this id only.", valueName: "id"))
    var asOf: Int64?

    func kinds() throws -> TimelineKinds {
        var kinds = try kind.map { text throws(AlbumError) in try TimelineKinds(naming: text) } ?? .all
        // Entries have no source: a timeline of one source is photos only.
        if filters.source != nil { kinds.entries = [] }
        guard kinds.photos || !kinds.entries.isEmpty else {
            throw ValidationError("--source lists photos only: add photo to --kind")
        }
        return kinds
    }

    func validate() throws { _ = try kinds() }

    func run() async throws {
        var filter = try filters.filter()
        filter.asOf = asOf
        let kinds = try kinds()
        let (timeline, json) = try await global.withLibrary(.reading) { library in
            var timeline = try await library.timeline(by: by, filter: filter, kinds: kinds, page: page, pageSize: pageSize)
            for g in timeline.groups.indices {
                timeline.groups[g].photos = timeline.groups[g].photos.map { $0.resolved(in: library) }
            }
            return (timeline, TimelineJSON(timeline, kinds: kinds, media: .files { library.url(forStoredPath: $0) }))
        }
        if global.json { return try Output.json(json) }
        if timeline.total == 0 { return Output.line("no \(kinds.described)") }
        // "photos" while only photos are listed (as before entries), else "items".
        let noun = timeline.entryTotal == 0 && kinds.photos ? ("photo", "photos") : ("item", "items")
        func counted(_ n: Int) -> String { "\(n) \(n == 1 ? noun.0 : noun.1)" }
        for group in timeline.groups {
            Output.line("\(group.key)  \(counted(group.count))")
            for item in group.items {
                switch item {
                case .photo(let photo): Output.line("  " + photo.line)
                case .entry(let entry): Output.line("  " + entry.line)
                }
            }
        }
        Output.line("page \(timeline.page) of \(timeline.pages), \(counted(timeline.total)) (as of photo \(timeline.asOf))")
    }
}

extension TimelineGrouping: ExpressibleByArgument {}
