import AlbumKit
import AlbumModel
import ArgumentParser

struct TimelineCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: "Every photo by local day, ISO week or month, newest first.",
        discussion: """
            A photo's day is the date its camera's clock showed. Photos without a date are listed \
            last, under "undated". Pages are stable: pass the printed --as-of back to page through \
            the same photos while others are added.
            """)
    @OptionGroup var global: GlobalOptions
    @Option(help: "Group by day, week (ISO) or month (as the map's timeline does).") var by: TimelineGrouping = .month
    @OptionGroup var filters: PhotoFilterOptions
    @Option(help: Vocabulary.page) var page = 1
    @Option(name: .customLong("page-size"), help: Vocabulary.pageSize) var pageSize = 100
    @Option(name: .customLong("as-of"), help: ArgumentHelp("Page through photos up to this id only.", valueName: "id"))
    var asOf: Int64?

    func run() async throws {
        var filter = try filters.filter()
        filter.asOf = asOf
        let timeline = try await global.withLibrary(.reading) { library in
            var timeline = try await library.timeline(by: by, filter: filter, page: page, pageSize: pageSize)
            for g in timeline.groups.indices {
                timeline.groups[g].photos = timeline.groups[g].photos.map { $0.resolved(in: library) }
            }
            return timeline
        }
        if global.json { return try Output.json(timeline) }
        if timeline.total == 0 { return Output.line("no photos") }
        for group in timeline.groups {
            Output.line("\(group.key)  \(group.count) photo\(group.count == 1 ? "" : "s")")
            for photo in group.photos { Output.line("  " + photo.line) }
        }
        Output.line("page \(timeline.page) of \(timeline.pages), \(timeline.total) photo\(timeline.total == 1 ? "" : "s") (as of photo \(timeline.asOf))")
    }
}

extension TimelineGrouping: ExpressibleByArgument {}
