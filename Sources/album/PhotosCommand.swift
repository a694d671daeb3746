import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

struct PhotosCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photos", abstract: "The album of a pin, with each photo's state.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: Vocabulary.pinId) var pin: Int64

    func run() async throws {
        try await global.withLibrary(.reading) { library in
            let photos = try await library.photos(pinId: pin)
            if global.json { return try Output.json(photos.map { PhotoJSON(photo: $0, library: library) }) }
            Output.line(PinJSON.heading(try await library.pin(id: pin)))
            if photos.isEmpty {
                Output.line(try await library.album(pinId: pin) == nil ? "  no album yet: run `album fetch --pin \(pin)`" : "  No Images")
            }
            Self.printAlbum(photos, library: library)
        }
    }

    /// One line per photo: id, state (`imported` for the user's own photos), title, file or failure.
    static func printAlbum(_ photos: [Photo], library: Library) {
        printAlbum(photos) { library.url(forStoredPath: $0) }
    }

    static func printAlbum(_ photos: [Photo], fileURL: (String) -> URL) {
        for photo in photos {
            let state = photo.isImported && photo.state == .downloaded ? "imported" : photo.state.name
            var line = "  photo \(photo.id)  \(state)"
            if let title = photo.title, !title.isEmpty { line += "  \"\(TerminalText.inline(title))\"" }
            if let file = photo.file { line += "  \(fileURL(file).path)" }
            if let reason = photo.state.failureReason { line += "  (\(TerminalText.inline(reason)))" }
            if let credit = credit(photo) { line += "  \(TerminalText.inline(credit))" }
            Output.line(line)
        }
    }

    /// "© owner, licence" when the source or the EXIF says (issue 30); nil otherwise.
    static func credit(_ photo: Photo) -> String? {
        let owner = photo.provenance.ownerName ?? photo.provenance.ownerId
        let terms = photo.license ?? photo.provenance.copyright
        guard owner != nil || terms != nil else { return nil }
        return "© " + [owner, terms].compactMap { $0 }.joined(separator: ", ")
    }
}

struct PhotoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photo", abstract: "Act on one photo.", subcommands: [PhotoShowCommand.self, Remove.self, PhotoPlaceCommand.self])

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Remove a photo from its album; a new collection never brings it back.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: Vocabulary.photoId) var id: Int64

        func run() async throws {
            let (photo, folder) = try await global.withLibrary(.writing) { (try await $0.removePhoto(id: id), $0.folder) }
            try global.json ? Output.json(PhotoJSON(photo: photo, folder: folder)) : Output.line("removed photo \(photo.id) from \(photo.isUnplaced ? "the unplaced tray" : "pin \(photo.pinId)")")
        }
    }
}
