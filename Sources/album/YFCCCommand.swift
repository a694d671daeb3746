import AlbumKit
import ArgumentParser
import Foundation

/// `album yfcc`: the YFCC100M dataset as a photo source.
struct YFCCCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "yfcc", abstract: "Prepare the YFCC100M dataset for --source yfcc:FILE.",
        subcommands: [YFCCIndexCommand.self, YFCCQueryTimesCommand.self])
}

/// `album yfcc index FILE [--index PATH]`: builds the on-disk index of the geotagged photos.
struct YFCCIndexCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "index",
        abstract: "Index the geotagged photos of a YFCC100M TSV file (plain or .bz2), once.",
        discussion: """
            Reads the file once (resuming where a killed run stopped) and writes FILE.albumindex \
            beside it, or PATH with --index (then use --source yfcc:PATH). Videos, photos without \
            coordinates and malformed lines are skipped; malformed lines are reported by line.
            """)

    @Argument(help: ArgumentHelp("The dataset's TSV, 23 or 25 fields per line, plain or bzip2.", valueName: "file"))
    var file: String
    @Option(help: ArgumentHelp("Where to write the index (default: FILE.albumindex).", valueName: "path"))
    var index: String?
    @Flag(help: "Index again even when an index of the file as it is now exists; replace any file at --index (never one inside the library).")
    var force = false
    /// Taken like every command's; the index is written beside the file (or at --index), not in a
    /// library (and never inside the one --library names).
    @OptionGroup var global: GlobalOptions
    var json: Bool { global.json }

    func run() throws {
        let builder = YFCCIndexBuilder(dataFile: file, indexFile: index)
        let started = ContinuousClock.now
        var report: YFCCIndexReport
        var built = false
        if !force, let existing = builder.existingReport() {
            report = existing
        } else {
            // The rule of every user-named file (OutputFile): a file there that is not an index
            // of FILE as it is now is replaced only with --force, never inside the library.
            try OutputFile(path: builder.indexFile, replacing: force, protecting: OverwriteOptions.protectedFolders(global)).check()
            let showProgress = ProgressBar.enabled
            report = try builder.build { lines in
                if showProgress { Output.toStderr(Data("\rread \(lines) lines".utf8)) }
            }
            if showProgress { Output.toStderr(Data("\n".utf8)) }
            built = true
        }
        let seconds = built ? (ContinuousClock.now - started) / .seconds(1) : nil
        if json { return try Output.json(YFCCIndexJSON(report: report, built: built, seconds: seconds)) }
        let verb = built ? "indexed" : "already indexed:"
        Output.line("\(verb) \(report.photos) geotagged photo\(report.photos == 1 ? "" : "s") of \(report.lines) line\(report.lines == 1 ? "" : "s") in \(report.file)")
        Output.line("  index: \(report.index)")
        Output.line("  layout: \(report.fields) fields\(report.compressed ? ", bzip2" : "")")
        Output.line("  skipped: \(report.videos) video\(report.videos == 1 ? "" : "s"), \(report.notGeotagged) without coordinates, \(report.malformed) malformed"
            + (report.malformedFields > 0 ? "; \(report.malformedFields) malformed field\(report.malformedFields == 1 ? "" : "s") left out" : ""))
        for problem in report.problems.prefix(20) { Output.line("  line \(problem.line): \(problem.reason)") }
        if report.malformed > 20 { Output.line("  … and \(report.malformed - 20) more malformed lines") }
        if let seconds, seconds > 0 {
            Output.line(String(format: "  %.1f s, %.0f lines/s", seconds, Double(report.lines) / seconds))
        }
    }
}

/// `{file, index, fields, compressed, built, lines, photos, videos, notGeotagged, malformed,
/// malformedFields, problems: [{line, reason}], seconds}`
struct YFCCIndexJSON: Encodable {
    let report: YFCCIndexReport
    let built: Bool
    let seconds: Double?
    enum Key: String, CodingKey {
        case file, index, fields, compressed, built, lines, photos, videos, notGeotagged, malformed, malformedFields, problems, seconds
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(report.file, forKey: .file)
        try c.encode(report.index, forKey: .index)
        try c.encode(report.fields, forKey: .fields)
        try c.encode(report.compressed, forKey: .compressed)
        try c.encode(built, forKey: .built)
        try c.encode(report.lines, forKey: .lines)
        try c.encode(report.photos, forKey: .photos)
        try c.encode(report.videos, forKey: .videos)
        try c.encode(report.notGeotagged, forKey: .notGeotagged)
        try c.encode(report.malformed, forKey: .malformed)
        try c.encode(report.malformedFields, forKey: .malformedFields)
        try c.encode(report.problems, forKey: .problems)
        try c.encode(seconds, forKey: .seconds)
    }
}
