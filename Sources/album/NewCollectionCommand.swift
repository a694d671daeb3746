import AlbumKit
import ArgumentParser

struct NewCollectionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new-collection",
        abstract: "Replace a pin's album with photos it has not shown before.",
        discussion: "By default from the source the album came from.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var sourceOptions: SourceOptions
    @OptionGroup(title: "Search filters") var filters: FilterOptions
    @Argument(help: Vocabulary.pinId) var pin: Int64
    @Option(parsing: .unconditional, help: "Photos downloaded at once (1-64).") var concurrency: Int = 8

    func validate() throws {
        guard (1...64).contains(concurrency) else { throw ValidationError("--concurrency \(concurrency) must be 1-64") }
    }

    func run() async throws {
        let environment = try await FetchEnvironment.make(
            source: sourceOptions.spec(recorded: global.recordedAlbum(pinId: pin)), maxConnectionsPerHost: concurrency,
            filter: try filters.filter(), progress: ProgressBar.reporter(label: "pin \(pin)"))
        try await global.withLibrary(.writing) { library in
            let report = try await library.newCollection(pinId: pin, concurrency: concurrency, environment: environment)
            if global.json { return try Output.json(FetchReportJSON(report)) }
            Output.line(FetchReportJSON.text(report))
            PhotosCommand.printAlbum(try await library.photos(pinId: pin), library: library)
        }
    }
}
