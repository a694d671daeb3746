import AlbumKit
import AlbumModel
import ArgumentParser

struct ResumeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume",
        abstract: "Download what earlier runs left (after a crash or kill), for every pin.",
        discussion: "Pins whose first search was interrupted are searched first, with the source and query their fetch asked for.")
    @OptionGroup var global: GlobalOptions
    @Option(parsing: .unconditional, help: "Photos downloaded at once (1-64).") var concurrency: Int = 8

    func validate() throws {
        guard (1...64).contains(concurrency) else { throw ValidationError("--concurrency \(concurrency) must be 1-64") }
    }

    func run() async throws {
        let library = try global.openForWriting()
        try library.recoverFromCrash()
        var reports: [FetchReport] = []
        func environment(_ pin: Int64, _ recorded: AlbumInfo?) async throws -> FetchEnvironment {
            try await FetchEnvironment.make(
                source: SourceOptions.resolve(source: nil, endpoint: nil, recorded: recorded), maxConnectionsPerHost: concurrency,
                progress: ProgressBar.reporter(label: "pin \(pin)"))
        }
        // Pins whose first search was killed (or failed): searched now, as the fetch asked.
        for search in try library.pendingSearches() {
            let options = FetchOptions(radiusKm: search.radiusKm, perPage: search.perPage, concurrency: concurrency)
            let report = try await library.fetch(
                pinId: search.pinId, options: options, environment: await environment(search.pinId, search))
            reports.append(report)
            if !global.json { Output.line(FetchReportJSON.text(report)) }
        }
        for pin in try library.pinsWithWorkLeft() where !reports.contains(where: { $0.pin.id == pin }) {
            let report = try await library.downloadAlbum(
                pinId: pin, concurrency: concurrency, environment: await environment(pin, library.album(pinId: pin)))
            reports.append(report)
            if !global.json { Output.line(FetchReportJSON.text(report)) }
        }
        if global.json { return try Output.json(reports.map(FetchReportJSON.init)) }
        if reports.isEmpty { Output.line("nothing left to download") }
    }
}
