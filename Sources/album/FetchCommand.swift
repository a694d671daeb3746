import AlbumKit
import AlbumModel
import AlbumPlaces
import AlbumSources
import ArgumentParser
import Foundation

struct FetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Find or create the pin at a place, search its photos, download and thumbnail them.",
        discussion: "One place (--lat/--lon), one pin (--pin), or a batch (--pins-file, CSV lat,lon[,title]).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var sourceOptions: SourceOptions
    @Option(parsing: .unconditional, help: "Latitude in degrees.") var lat: Double?
    @Option(parsing: .unconditional, help: "Longitude in degrees.") var lon: Double?
    @Option(help: PlaceOption.help) var place: String?
    @Option(help: "An existing pin's id.") var pin: Int64?
    @Option(name: .customLong("pins-file"), help: ArgumentHelp("CSV of lat,lon[,title] lines.", valueName: "file"))
    var pinsFile: String?
    @Option(name: .customLong("radius-km"), help: "Search radius in km.") var radiusKm: Double = 5
    @Option(name: .customLong("per-page"), help: "Photos per album (1-250).") var perPage: Int = 30
    @Option(help: "Photos downloaded at once (1-64).") var concurrency: Int = 8
    @Option(name: .customLong("per-host"), help: "Connections to one host at once (default: --concurrency).")
    var perHost: Int?
    @Option(help: "Title of a pin the fetch creates.") var title: String?
    @Flag(help: "Search again even if the pin already has an album (or had no images).") var refresh = false
    @Flag(name: .customLong("retry-failed"), help: "Download again the photos that failed in an earlier run.")
    var retryFailed = false

    func validate() throws {
        let modes = [lat != nil || lon != nil, place != nil, pin != nil, pinsFile != nil].filter { $0 }.count
        guard modes == 1 else { throw ValidationError("give one of --lat/--lon, --place, --pin or --pins-file") }
        if lat != nil || lon != nil {
            guard let lat, let lon else { throw ValidationError("--lat and --lon go together") }
            _ = try coordinate(latitude: lat, longitude: lon)
        }
        guard radiusKm.isFinite, radiusKm > 0, radiusKm <= 32 else { throw ValidationError("--radius-km \(radiusKm) must be in (0, 32]") }
        guard (1...250).contains(perPage) else { throw ValidationError("--per-page \(perPage) must be 1-250") }
        guard (1...64).contains(concurrency) else { throw ValidationError("--concurrency \(concurrency) must be 1-64") }
        if let perHost, !(1...64).contains(perHost) { throw ValidationError("--per-host \(perHost) must be 1-64") }
        if let pinsFile, !FileManager.default.isReadableFile(atPath: pinsFile) {
            throw ValidationError("cannot read pins file \(pinsFile)")
        }
    }

    func run() async throws {
        let options = FetchOptions(
            radiusKm: radiusKm, perPage: perPage, concurrency: concurrency, refresh: refresh, retryFailed: retryFailed,
            title: title)
        if let pinsFile { return try await runBatch(URL(fileURLWithPath: pinsFile), options: options) }
        // The source is set up (bundle read, API key found) before the library is created.
        let report: FetchReport
        let library: Library
        var search: PlaceMatches?
        if let pin {
            let environment = try environment(sourceOptions.spec(recorded: global.recordedAlbum(pinId: pin)), label: "pin \(pin)")
            library = try global.openForWriting()
            report = try await library.fetch(pinId: pin, options: options, environment: environment)
        } else {
            let at: Coordinate
            var options = options
            if let place {
                let matches = try PlaceOption.resolve(place)
                (search, at) = (matches, matches.best.coordinate)
                options.title = options.title ?? matches.best.name
            } else {
                at = try coordinate(latitude: lat ?? 0, longitude: lon ?? 0)
            }
            let environment = try environment(sourceOptions.spec(), label: "fetch")
            library = try global.openForWriting()
            report = try await library.fetch(at: at, options: options, environment: environment)
        }
        Output.placeWarning(library)
        if global.json { return try Output.json(FetchReportJSON(report, search: search)) }
        Output.line(FetchReportJSON.text(report))
        try PhotosCommand.printAlbum(library.photos(pinId: report.pin.id), library: library)
    }

    private func environment(
        _ spec: SourceSpec, label: String, progress: (@Sendable (FetchProgress) -> Void)? = nil
    ) throws -> FetchEnvironment {
        try FetchEnvironment.make(
            source: spec, maxConnectionsPerHost: perHost ?? concurrency, progress: progress ?? ProgressBar.reporter(label: label))
    }

    /// Every usable line is fetched (a few pins side by side, `--concurrency` photos at once in
    /// all); bad lines are reported with their line number, and the command then exits non-zero.
    private func runBatch(_ file: URL, options: FetchOptions) async throws {
        let lines = try PinsFile.read(file)
        let pins = lines.filter { (try? $0.get()) != nil }.count
        let environment = try environment(sourceOptions.spec(), label: "batch", progress: ProgressBar.batchReporter(pins: pins))
        let library = try global.openForWriting()
        var failures = 0
        for case .failure(let error) in lines {
            failures += 1
            FileHandle.standardError.write(Data("album: error: \(error)\n".utf8))
        }
        let entries = lines.compactMap { try? $0.get() }
        let name = file.path
        let results = await library.fetchBatch(entries, options: options, environment: environment) { line, result in
            if case .failure(let error) = result {
                FileHandle.standardError.write(Data("album: error: \(name):\(line): \(error)\n".utf8))
            }
        }
        let reports = results.compactMap { try? $0.result.get() }
        failures += results.count - reports.count
        if global.json {
            try Output.json(reports.map(FetchReportJSON.init))
        } else {
            reports.forEach { Output.line(FetchReportJSON.text($0)) }
        }
        if failures > 0 { throw ExitCode(1) }
    }
}

/// `{pin, total, downloaded, failed, noImages}`.
struct FetchReportJSON: Encodable {
    let report: FetchReport
    /// With `--place`: what the name resolved to.
    var search: PlaceMatches?
    init(_ report: FetchReport) { self.report = report }
    init(_ report: FetchReport, search: PlaceMatches?) {
        self.report = report
        self.search = search
    }

    enum Key: String, CodingKey { case pin, total, downloaded, failed, noImages, createdPin, placeSearch }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        if let search { try c.encode(PlaceMatchesJSON(matches: search), forKey: .placeSearch) }
        try c.encode(PinJSON(pin: report.pin), forKey: .pin)
        try c.encode(report.total, forKey: .total)
        try c.encode(report.downloaded, forKey: .downloaded)
        try c.encode(report.failed, forKey: .failed)
        try c.encode(report.noImages, forKey: .noImages)
        try c.encode(report.createdPin, forKey: .createdPin)
    }

    static func text(_ r: FetchReport) -> String {
        var head = PinJSON.headline(r.pin)
        if let place = PinJSON.placeLine(r.pin) { head += "\n  \(place)" }
        if r.noImages { return "\(head)\n  No Images" }
        return "\(head)\n  \(r.total) photos: \(r.downloaded) downloaded, \(r.failed) failed"
            + (r.total - r.downloaded - r.failed > 0 ? ", \(r.total - r.downloaded - r.failed) left" : "")
    }
}
