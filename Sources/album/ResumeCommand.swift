import AlbumKit
import ArgumentParser

struct ResumeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume",
        abstract: "Download what earlier runs left (after a crash or kill), for every pin.")
    @OptionGroup var global: GlobalOptions
    @Option(parsing: .unconditional, help: "Photos downloaded at once (1-64).") var concurrency: Int = 8

    func validate() throws {
        guard (1...64).contains(concurrency) else { throw ValidationError("--concurrency \(concurrency) must be 1-64") }
    }

    func run() async throws {
        let library = try global.openForWriting()
        try library.recoverFromCrash()
        var reports: [FetchReport] = []
        for pin in try library.pinsWithWorkLeft() {
            let environment = try await FetchEnvironment.make(
                source: SourceOptions.resolve(source: nil, endpoint: nil, recorded: library.album(pinId: pin)), maxConnectionsPerHost: concurrency,
                progress: ProgressBar.reporter(label: "pin \(pin)"))
            let report = try await library.downloadAlbum(pinId: pin, concurrency: concurrency, environment: environment)
            reports.append(report)
            if !global.json { Output.line(FetchReportJSON.text(report)) }
        }
        if global.json { return try Output.json(reports.map(FetchReportJSON.init)) }
        if reports.isEmpty { Output.line("nothing left to download") }
    }
}
