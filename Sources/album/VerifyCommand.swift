import AlbumKit
import AlbumModel
import ArgumentParser

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check the database and every downloaded photo's files; --repair mends what it can.",
        discussion: """
            With --repair: fetched photos whose original is gone go back to the queue (run `album resume`), \
            missing thumbnails are made again, and files no photo names (older than an hour) are removed. \
            The user's own imported originals are only reported. Exit 1 when something is wrong and not repaired.
            """)
    @OptionGroup var global: GlobalOptions
    @Flag(help: "Mend what can be mended.") var repair = false

    func run() throws {
        let library = try repair ? global.openForWriting() : global.openForReading()
        let report = try library.verify(repair: repair)
        if global.json {
            try Output.json(VerifyJSON(report: report))
        } else {
            Output.line("database: \(report.integrity); \(report.checked) downloaded photos checked")
            for photo in report.missingOriginals { Output.line("  photo \(photo.id): original missing (\(photo.file ?? "no path"))") }
            for photo in report.missingThumbnails { Output.line("  photo \(photo.id): thumbnail missing") }
            for file in report.orphanFiles { Output.line("  \(file): no photo names it") }
            Output.line(report.isClean ? "all well" : report.repaired ? "repaired; run `album resume` to fetch requeued photos" : "problems found: run `album verify --repair`")
        }
        if !report.isClean && !report.repaired { throw ExitCode(1) }
    }
}

/// `{integrity, checked, missingOriginals: [photo id], missingThumbnails: [photo id], orphanFiles, repaired, clean}`.
struct VerifyJSON: Encodable {
    let report: VerifyReport
    enum Key: String, CodingKey { case integrity, checked, missingOriginals, missingThumbnails, orphanFiles, repaired, clean }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(report.integrity, forKey: .integrity)
        try c.encode(report.checked, forKey: .checked)
        try c.encode(report.missingOriginals.map(\.id), forKey: .missingOriginals)
        try c.encode(report.missingThumbnails.map(\.id), forKey: .missingThumbnails)
        try c.encode(report.orphanFiles, forKey: .orphanFiles)
        try c.encode(report.repaired, forKey: .repaired)
        try c.encode(report.isClean, forKey: .clean)
    }
}
