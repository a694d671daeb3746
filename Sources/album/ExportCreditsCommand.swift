import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

/// `album export credits`: title, author, source and licence of every downloaded photo.
struct ExportCreditsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-credits", abstract: "The credits (title, author, source, licence) of every downloaded photo.",
        discussion: "csv (default), json, or html: a page to publish beside the photos.", shouldDisplay: false)

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
        let content = try await global.withLibrary(.reading) { try await $0.exportContent(try ExportSelection(pinId: pin)) }
        let data = try CreditsExport.render(content, as: format)
        guard let output else { return Output.toStdout(data) }
        try output.write(data)
        let photos = content.pins.reduce(0) { $0 + $1.photos.count }
        if global.json {
            return try Output.json(ExportJSON(format: format.rawValue, file: output.url.path, pins: content.pins.count, photos: photos, entries: 0))
        }
        Output.line("wrote the credits of \(Output.count(photos, "photo")) to \(output.url.path)")
    }
}
