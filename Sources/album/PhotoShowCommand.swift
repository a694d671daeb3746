import AlbumKit
import AlbumModel
import ArgumentParser

/// `album photo show ID`: one photo, its file and where it comes from (owner, licence, page).
struct PhotoShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one photo with its owner and licence.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: Vocabulary.photoId) var id: Int64

    func run() async throws {
        try await global.withLibrary(.reading) { library in
            let photo = try await library.photo(id: id)
            if global.json { return try Output.json(PhotoJSON(photo: photo, library: library)) }
            for line in Self.lines(photo, file: photo.file.map { library.url(forStoredPath: $0).path }) { Output.line(line) }
        }
    }

    static func lines(_ photo: Photo, file: String?) -> [String] {
        let p = photo.provenance
        let rows: [(String, String?)] = [
            ("title", photo.title), ("state", photo.state.name), ("pin", photo.isUnplaced ? "unplaced" : String(photo.pinId)),
            ("source", photo.source), ("taken", PhotoJSON.takenAt(photo)), ("file", file), ("url", photo.url),
            ("owner", [p.ownerName, p.ownerId.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ").nilIfEmpty),
            ("licence", [photo.license, p.licenseId.map { "[\($0)]" }, p.licenseURL].compactMap { $0 }.joined(separator: " ").nilIfEmpty),
            ("copyright", p.copyright), ("page", p.pageURL), ("uploaded", p.uploadedAt),
            ("source date", p.sourceTakenAt), ("accuracy", photo.accuracy.map(String.init)),
            ("perceptual hash", photo.perceptualHash?.description),
        ]
        return ["photo \(photo.id)"] + rows.compactMap { name, value in
            value.map { "  \(name): \(TerminalText.inline($0))" }
        }
    }
}

extension String {
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
