import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

/// `album import DIR`: the user's own photos into pins by their EXIF place, with dates.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a folder of photos into pins by their EXIF place; suggest dates; skip duplicates.",
        discussion: """
            Every file under DIR is read (JPEG and HEIC/HEIF are recognised by content). A photo within --radius-km of an \
            existing pin joins its album; the others are grouped into new pins at their centres. Photos without \
            GPS are reported as unplaced, with the place of the same camera's photo nearest in time (within 30 \
            minutes) as a suggestion. Originals stay where they are unless --copy.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The folder to import.", valueName: "dir")) var folder: String
    @Option(name: .customLong("radius-km"), parsing: .unconditional, help: Vocabulary.joinRadius)
    var radiusKm: Double = 1
    @Flag(name: .customLong("dry-run"), help: "Show what would be imported; write nothing.") var dryRun = false
    @Flag(help: "Copy originals into the library instead of pointing at them.") var copy = false
    @OptionGroup var thumbnails: ThumbnailsOption
    @Option(help: Vocabulary.gpx)
    var gpx: String?
    @Option(name: .customLong("max-gap"), help: Vocabulary.maxGap)
    var maxGap: String?
    @Option(name: .customLong("time-offset"), help: Vocabulary.timeOffset)
    var timeOffset: String?
    @Flag(help: "List every duplicate and already-imported file too (--json always does).") var verbose = false
    @Flag(name: .customLong("skip-similar"), help: Vocabulary.skipSimilar)
    var skipSimilar = false

    func validate() throws {
        try checkRadiusIsPositive(radiusKm)
        guard radiusKm <= 100 else { throw ValidationError("--radius-km \(radiusKm) must be at most 100") }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw ValidationError("\(folder) is not a folder")
        }
        _ = try GPXOptions.check(gpx: gpx, maxGap: maxGap, timeOffset: timeOffset)
    }

    func run() async throws {
        let url = URL(fileURLWithPath: folder).standardizedFileURL
        var options = ImportOptions(radiusKm: radiusKm, dryRun: dryRun, copy: copy, pinNote: "imported from \(url.path)")
        // The track is read and checked before the library is opened: a bad track imports nothing.
        options.gpx = try GPXOptions.placer(gpx: gpx, maxGap: maxGap, timeOffset: timeOffset)
        options.systemZone = CommandClock.systemZone
        options.thumbnails = thumbnails.thumbnails
        options.skipSimilar = skipSimilar
        let report = try await global.withLibrary(dryRun ? .reading : .writing) { library in
            try await library.importFolder(url, options: options, progress: ProgressBar.importReporter())
        }
        if ProgressBar.enabled { Output.toStderr(Data("\n".utf8)) }
        if global.json { return try Output.json(ImportReportJSON(report: report)) }
        Output.text(ImportReportJSON.text(report, verbose: verbose))
    }
}

extension ProgressBar {
    /// `import: 1234 files read, 456.7 MB` on one refreshed line.
    static func importReporter() -> @Sendable (ImportProgress) -> Void {
        guard enabled else { return { _ in } }
        let due = throttle()
        return { p in
            guard due(false) else { return }
            let line = String(format: "\rimport: %d files read, %.1f MB\u{1B}[K", p.files, Double(p.bytes) / 1e6)
            Output.toStderr(Data(line.utf8))
        }
    }
}
