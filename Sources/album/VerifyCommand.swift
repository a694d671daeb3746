import AlbumKit
import AlbumModel
import ArgumentParser

struct VerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check the database and every downloaded photo's files; --repair mends what it can.",
        discussion: """
            With --repair: fetched photos whose original is gone go back to the queue (run `album resume`), \
            missing thumbnails are made again, and files no photo names (older than an hour) are removed. \
            The user's own imported originals cannot be fetched again: they are reported as not repaired. \
            Exit 1 when something is wrong and not repaired.
            """)
    @OptionGroup var global: GlobalOptions
    @Flag(help: "Mend what can be mended.") var repair = false

    func run() async throws {
        let repair = self.repair
        let report = try await global.withLibrary(repair ? .writing : .reading) { try await $0.verify(repair: repair) }
        if global.json {
            try Output.json(VerifyJSON(report: report))
        } else {
            Output.line("database: \(report.integrity); \(report.checked) downloaded photos checked")
            for photo in report.missingOriginals { Output.line("  photo \(photo.id): original missing (\(photo.file ?? "no path"))") }
            for photo in report.missingThumbnails { Output.line("  photo \(photo.id): thumbnail missing") }
            for file in report.orphanFiles { Output.line("  \(file): no photo names it") }
            for photo in report.notRepaired {
                Output.line("  photo \(photo.id): not repaired: the imported original \(photo.file ?? "?") is gone and cannot be fetched again")
            }
            if report.isClean {
                Output.line("all well")
            } else if report.repaired {
                Output.line("repaired; run `album resume` to fetch requeued photos")
            } else if repair {
                Output.line("not repaired: \(report.notRepaired.count) photo\(report.notRepaired.count == 1 ? "" : "s") cannot be mended (restore the file, or `album photo rm` it); the rest was mended")
            } else {
                Output.line("problems found: run `album verify --repair`")
            }
        }
        if !report.isClean && !report.repaired { throw ExitCode(1) }
    }
}

/// `{integrity, checked, missingOriginals: [photo id], missingThumbnails: [photo id], orphanFiles, notRepaired:
/// [{photo, file, reason}], repaired, clean}`.
struct VerifyJSON: Encodable {
    let report: VerifyReport
    enum Key: String, CodingKey { case integrity, checked, missingOriginals, missingThumbnails, orphanFiles, notRepaired, repaired, clean }

    struct NotRepairedJSON: Encodable {
        let photo: Int64
        let file: String?
        let reason: String
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(report.integrity, forKey: .integrity)
        try c.encode(report.checked, forKey: .checked)
        try c.encode(report.missingOriginals.map(\.id), forKey: .missingOriginals)
        try c.encode(report.missingThumbnails.map(\.id), forKey: .missingThumbnails)
        try c.encode(report.orphanFiles, forKey: .orphanFiles)
        try c.encode(
            report.notRepaired.map {
                NotRepairedJSON(photo: $0.id, file: $0.file, reason: "imported original is gone and cannot be fetched again")
            }, forKey: .notRepaired)
        try c.encode(report.repaired, forKey: .repaired)
        try c.encode(report.isClean, forKey: .clean)
    }
}
