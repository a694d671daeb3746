import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

struct FetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Find or create the pin at a place, search its photos, download and thumbnail them.",
        discussion: "One place (--lat/--lon or --place), one pin (--pin), or a batch (--pins-file, CSV lines lat,lon[,title] or place[,title]).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var sourceOptions: SourceOptions
    @OptionGroup var thumbnails: ThumbnailsOption
    @OptionGroup(title: "Search filters") var filters: FilterOptions
    @Option(parsing: .unconditional, help: Vocabulary.latitude) var lat: Double?
    @Option(parsing: .unconditional, help: Vocabulary.longitude) var lon: Double?
    @Option(help: PlaceOption.help) var place: String?
    @Option(help: "An existing pin's id.") var pin: Int64?
    @Option(name: .customLong("pins-file"), help: ArgumentHelp("CSV of lat,lon[,title] or place[,title] lines (\"Paris, FR\",Louvre).", valueName: "file"))
    var pinsFile: String?
    @Option(name: .customLong("radius-km"), parsing: .unconditional, help: Vocabulary.searchRadius)
    var radiusKm: Double = 5
    @Option(name: .customLong("per-page"), parsing: .unconditional, help: Vocabulary.perPage) var perPage: Int = 30
    @Option(parsing: .unconditional, help: Vocabulary.concurrency) var concurrency: Int = 8
    @Option(name: .customLong("per-host"), parsing: .unconditional, help: "Connections to one host at once (default: --concurrency).")
    var perHost: Int?
    @Option(help: Vocabulary.pinTitle) var title: String?
    @Flag(help: "Search again even if the pin already has an album (or had no images).") var refresh = false
    @Flag(name: .customLong("retry-failed"), help: "Download again the photos that failed in an earlier run.")
    var retryFailed = false
    @Flag(name: .customLong("skip-similar"), help: Vocabulary.skipSimilar)
    var skipSimilar = false
    @Flag(name: .customLong("queue-only"), help: "Store the photos to download and leave them to `album worker` (or `album resume`).")
    var queueOnly = false

    func validate() throws {
        let modes = [lat != nil || lon != nil, place != nil, pin != nil, pinsFile != nil].filter { $0 }.count
        guard modes == 1 else { throw ValidationError("give one of --lat/--lon, --place, --pin or --pins-file") }
        if skipSimilar && pinsFile != nil { throw ValidationError("--skip-similar is not taken with --pins-file (run `album dupes --keep-best` after it)") }
        if lat != nil || lon != nil {
            guard let lat, let lon else { throw ValidationError("--lat and --lon go together") }
            _ = try coordinate(latitude: lat, longitude: lon)
        }
        try checkRadiusIsPositive(radiusKm)
        if let source = sourceOptions.source, let spec = try? SourceSpec.parse(source, endpoint: sourceOptions.endpoint) {
            try checkRadius(radiusKm, for: spec)
        }
        guard (1...250).contains(perPage) else { throw ValidationError("--per-page \(perPage) must be 1-250") }
        guard (1...64).contains(concurrency) else { throw ValidationError("--concurrency \(concurrency) must be 1-64") }
        if let perHost, !(1...64).contains(perHost) { throw ValidationError("--per-host \(perHost) must be 1-64") }
        if let pinsFile, !FileManager.default.isReadableFile(atPath: pinsFile) {
            throw ValidationError("cannot read pins file \(pinsFile)")
        }
    }

    func run() async throws {
        var options = FetchOptions(
            radiusKm: radiusKm, perPage: perPage, concurrency: concurrency, refresh: refresh, retryFailed: retryFailed,
            title: title)
        options.queueOnly = queueOnly
        if let pinsFile { return try await runBatch(URL(fileURLWithPath: pinsFile), options: options) }
        // The source is set up (bundle read, API key found) before the library is created.
        var search: PlaceMatches?
        let environment: FetchEnvironment
        var at: Coordinate?
        if let pin {
            environment = try await self.environment(sourceOptions.spec(recorded: global.recordedAlbum(pinId: pin)), label: "pin \(pin)")
        } else {
            if let place {
                let matches = try PlaceOption.resolve(place)
                (search, at) = (matches, matches.best.coordinate)
                options.title = options.title ?? matches.best.name
            } else {
                at = try coordinate(latitude: lat ?? 0, longitude: lon ?? 0)
            }
            environment = try await self.environment(sourceOptions.spec(), label: "fetch")
        }
        try await global.withLibrary(.writing) { library in
            let report: FetchReport
            let before = try await library.lastPhotoId()
            if let at {
                report = try await library.fetch(at: at, options: options, environment: environment)
            } else {
                report = try await library.fetch(pinId: pin ?? 0, options: options, environment: environment)
            }
            // Photos just stored that look like one the library has (issue 29): reported, or removed.
            let lookalikes = try await library.lookalikes(storedAfter: before)
            if skipSimilar { for item in lookalikes { try await library.removePhoto(id: item.photoId) } }
            if global.json {
                var json = FetchReportJSON(report, search: search)
                (json.lookalikes, json.skippedSimilar) = (lookalikes, skipSimilar)
                return try Output.json(json)
            }
            Output.line(FetchReportJSON.text(report))
            for item in lookalikes {
                Output.line("  photo \(item.photoId) looks like photo \(item.like) (\(item.distance) bits apart)"
                    + (skipSimilar ? ": removed (--skip-similar)" : ""))
            }
            PhotosCommand.printAlbum(try await library.photos(pinId: report.pin.id), library: library)
        }
    }

    func environment(
        _ spec: SourceSpec, label: String, progress: (@Sendable (FetchProgress) -> Void)? = nil
    ) async throws -> FetchEnvironment {
        try checkRadius(radiusKm, for: spec)
        var environment = try await FetchEnvironment.make(
            source: spec, maxConnectionsPerHost: perHost ?? concurrency, filter: try filters.filter(),
            progress: progress ?? ProgressBar.reporter(label: label))
        environment.thumbnails = thumbnails.thumbnails
        return environment
    }

    /// Every usable line is fetched (a few pins side by side, `--concurrency` photos at once in
    /// all); bad lines are reported with their line number, and the command then exits non-zero.
    private func runBatch(_ file: URL, options: FetchOptions) async throws {
        let lines = try PinsFile.read(file)
        let pins = lines.filter { (try? $0.get()) != nil }.count
        let environment = try await environment(sourceOptions.spec(), label: "batch", progress: ProgressBar.batchReporter(pins: pins))
        let entries = lines.compactMap { try? $0.get() }
        let results = try await global.withLibrary(.writing) { library in
            await library.fetchBatch(entries, options: options, environment: environment)
        }
        // Everything in file order: each line's pin, or its error (bad lines included).
        let byLine = Dictionary(results.map { ($0.line, $0.result) }, uniquingKeysWith: { first, _ in first })
        let outcomes: [(text: String, report: FetchReport?, search: PlaceMatches?)] = lines.compactMap { line in
            switch line {
            case .failure(let error): return ("\(error)", nil, nil)
            case .success(let entry):
                switch byLine[entry.line] {
                case .success(let report): return ("", report, entry.search)
                case .failure(let error): return ("\(file.path):\(entry.line): \(error)", nil, nil)
                case nil: return nil
                }
            }
        }
        for entry in entries { if let search = entry.search { PlaceOption.noteAmbiguity(search, at: "\(file.path):\(entry.line): ") } }
        for outcome in outcomes {
            if let report = outcome.report {
                if !global.json { Output.line(FetchReportJSON.text(report)) }
            } else {
                Output.error(outcome.text)
            }
        }
        if global.json {
            try Output.json(outcomes.compactMap { o in o.report.map { FetchReportJSON($0, search: o.search) } })
        }
        if outcomes.contains(where: { $0.report == nil }) { throw ExitCode(1) }
    }
}

/// `{pin, total, downloaded, failed, noImages}`.
struct FetchReportJSON: Encodable {
    let report: FetchReport
    /// Photos just stored that look like another (issue 29), and whether they were removed.
    var lookalikes: [Lookalike] = []
    var skippedSimilar = false
    /// With `--place`: what the name resolved to.
    var search: PlaceMatches?
    init(_ report: FetchReport) { self.report = report }
    init(_ report: FetchReport, search: PlaceMatches?) {
        self.report = report
        self.search = search
    }

    enum Key: String, CodingKey { case pin, total, downloaded, failed, noImages, createdPin, placeSearch, lookalikes }

    /// `{photo, like, distance, removed}`.
    struct LookalikeJSON: Encodable {
        let photo: Int64, like: Int64, distance: Int, removed: Bool
    }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        if let search { try c.encode(PlaceMatchesJSON(matches: search), forKey: .placeSearch) }
        try c.encode(PinJSON(pin: report.pin), forKey: .pin)
        try c.encode(report.total, forKey: .total)
        try c.encode(report.downloaded, forKey: .downloaded)
        try c.encode(report.failed, forKey: .failed)
        try c.encode(report.noImages, forKey: .noImages)
        try c.encode(report.createdPin, forKey: .createdPin)
        // Only when a photo looks like another (issue 29): the report of a plain fetch is unchanged.
        if !lookalikes.isEmpty {
            try c.encode(lookalikes.map { LookalikeJSON(photo: $0.photoId, like: $0.like, distance: $0.distance, removed: skippedSimilar) },
                         forKey: .lookalikes)
        }
    }

    static func text(_ r: FetchReport) -> String {
        var head = PinJSON.heading(r.pin)
        if let place = PinJSON.placeLine(r.pin) { head += "\n  \(place)" }
        if r.noImages { return "\(head)\n  No Images" }
        return "\(head)\n  \(Output.count(r.total, "photo")): \(r.downloaded) downloaded, \(r.failed) failed"
            + (r.total - r.downloaded - r.failed > 0 ? ", \(r.total - r.downloaded - r.failed) left" : "")
    }
}
