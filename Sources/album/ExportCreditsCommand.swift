import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

/// `album export credits`: title, author, source and licence of every downloaded photo.
struct ExportCreditsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-credits", abstract: "The credits (title, author, source, licence) of every downloaded photo.",
        discussion: "csv (default), json, or html: a page to publish beside the photos. Without --pin, photos without a position (the unplaced tray) are credited too.", shouldDisplay: false)

    @OptionGroup var global: GlobalOptions
    @Option(help: Vocabulary.onlyPin) var pin: Int64?
    @Option(help: ArgumentHelp("csv, json or html.", valueName: "format")) var format: String = "csv"
    @Option(help: ArgumentHelp("The file to write (default: stdout).", valueName: "path")) var out: String?
    @OptionGroup var overwrite: OverwriteOptions

    func validate() throws {
        guard CreditsExport.Format(rawValue: format) != nil else { throw ValidationError("--format '\(format)' is not csv, json or html") }
        if global.json && out == nil { throw ValidationError("--json needs --out (without it the credits themselves are printed)") }
    }

    func run() async throws {
        let format = CreditsExport.Format(rawValue: format) ?? .csv
        let output = out.map { overwrite.output($0, library: global) }
        try output?.check()
        let photos = try await global.withLibrary(.reading) { [pin] in try await $0.researchPhotos(pinId: pin) }
        let data = try CreditsExport.render(photos, as: format)
        guard let output else { return Output.toStdout(data) }
        try output.write(data)
        if global.json {
            let pins = Set(photos.compactMap { $0.pin?.id }).count
            return try Output.json(ExportJSON(format: format.rawValue, file: output.url.path, pins: pins, photos: photos.count, entries: 0))
        }
        Output.line("wrote the credits of \(Output.count(photos.count, "photo")) to \(output.url.path)")
    }
}
