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
        let concurrency = self.concurrency
        let json = global.json
        let reports = try await global.withLibrary(.writing) { library in
            try await library.resume(concurrency: concurrency) { pin, recorded in
                try await FetchEnvironment.make(
                    source: SourceOptions.resolve(source: nil, endpoint: nil, recorded: recorded), maxConnectionsPerHost: concurrency,
                    progress: ProgressBar.reporter(label: "pin \(pin)"))
            } onReport: { report in
                if !json { Output.line(FetchReportJSON.text(report)) }
            }
        }
        if global.json { return try Output.json(reports.map(FetchReportJSON.init)) }
        if reports.isEmpty { Output.line("nothing left to download") }
    }
}
