import AlbumKit
import AlbumModel
import ArgumentParser

struct VerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check the database and every downloaded photo's files; --repair mends what it can.",
        discussion: """
            Each file is checked to be there and of the size stored; with --deep each original is read \
            again and its SHA-256 (its name) compared, and each thumbnail decoded. \
            With --repair: fetched photos whose original is gone or damaged go back to the queue (run `album resume`), \
            missing or damaged thumbnails are made again, and files no photo names (older than an hour) are removed. \
            The user's own imported originals cannot be fetched again: one gone or damaged is reported lost. \
            Exit 1 when something is wrong and not repaired.
            """)
    @OptionGroup var global: GlobalOptions
    @Flag(help: "Mend what can be mended.") var repair = false
    @Flag(help: "Also hash every original and decode every thumbnail (reads every byte).") var deep = false

    func run() async throws {
        let (repair, deep) = (self.repair, self.deep)
        let report = try await global.withLibrary(repair ? .writing : .reading) { try await $0.verify(repair: repair, deep: deep) }
        if global.json {
            try Output.json(VerifyJSON(report: report))
        } else {
            Output.line("database: \(report.integrity); \(report.checked) downloaded photos checked\(deep ? " (hashed and decoded)" : "")")
            for photo in report.missingOriginals { Output.line("  photo \(photo.id): original missing (\(photo.file ?? "no path"))") }
            for damaged in report.damagedOriginals {
                Output.line("  photo \(damaged.photo.id): original damaged (\(damaged.file): \(damaged.reason))")
            }
            for photo in report.missingThumbnails { Output.line("  photo \(photo.id): thumbnail missing") }
            if report.pendingThumbnails > 0 {
                Output.line("  \(Output.count(report.pendingThumbnails, "thumbnail")) left for first use (--thumbnails lazy; `album thumbs` makes them)")
            }
            for damaged in report.damagedThumbnails {
                Output.line("  photo \(damaged.photo.id): thumbnail damaged (\(damaged.file): \(damaged.reason))")
            }
            for file in report.orphanFiles { Output.line("  \(file): no photo names it") }
            for photo in report.notRepaired {
                Output.line("  photo \(photo.id): lost: the imported original \(photo.file ?? "?") is \(Self.state(photo, report)) and cannot be fetched again")
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

    /// `gone` or `damaged`: what became of an imported original.
    static func state(_ photo: Photo, _ report: VerifyReport) -> String {
        report.damagedOriginals.contains { $0.photo.id == photo.id } ? "damaged" : "gone"
    }
}

/// `{integrity, checked, deep, missingOriginals: [photo id], missingThumbnails: [photo id], pendingThumbnails: count, damagedOriginals,
/// damagedThumbnails: [{photo, file, reason}], orphanFiles, notRepaired:
/// [{photo, file, reason}], repaired, clean}`.
struct VerifyJSON: Encodable {
    let report: VerifyReport
    enum Key: String, CodingKey {
        case integrity, checked, deep, missingOriginals, missingThumbnails, pendingThumbnails, damagedOriginals, damagedThumbnails, orphanFiles
        case notRepaired
        case repaired, clean
    }

    struct DamagedJSON: Encodable {
        let photo: Int64
        let file: String
        let reason: String
    }

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
        try c.encode(report.pendingThumbnails, forKey: .pendingThumbnails)
        try c.encode(report.deep, forKey: .deep)
        try c.encode(report.damagedOriginals.map { DamagedJSON(photo: $0.photo.id, file: $0.file, reason: $0.reason) }, forKey: .damagedOriginals)
        try c.encode(report.damagedThumbnails.map { DamagedJSON(photo: $0.photo.id, file: $0.file, reason: $0.reason) }, forKey: .damagedThumbnails)
        try c.encode(report.orphanFiles, forKey: .orphanFiles)
        try c.encode(
            report.notRepaired.map {
                NotRepairedJSON(
                    photo: $0.id, file: $0.file, reason: "imported original is \(VerifyCommand.state($0, report)) and cannot be fetched again: it is lost")
            }, forKey: .notRepaired)
        try c.encode(report.repaired, forKey: .repaired)
        try c.encode(report.isClean, forKey: .clean)
    }
}
