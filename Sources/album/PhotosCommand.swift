import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

struct PhotosCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photos", abstract: "The album of a pin, with each photo's state.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The pin's id.") var pin: Int64

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
            Output.line(line)
        }
    }
}

struct PhotoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photo", abstract: "Act on one photo.", subcommands: [Remove.self, PhotoPlaceCommand.self])

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Remove a photo from its album; a new collection never brings it back.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The photo's id.") var id: Int64

        func run() async throws {
            let (photo, folder) = try await global.withLibrary(.writing) { (try await $0.removePhoto(id: id), $0.folder) }
            try global.json ? Output.json(PhotoJSON(photo: photo, folder: folder)) : Output.line("removed photo \(photo.id) from \(photo.isUnplaced ? "the unplaced tray" : "pin \(photo.pinId)")")
        }
    }
}

/// `{id, pinId, state, title, url, file, thumbnail, failure, takenAt, latitude, longitude}`;
/// `file` and `thumbnail` are absolute paths.
struct PhotoJSON: Encodable {
    let photo: Photo
    /// Where a stored (relative) path is: in the library folder, or a shared library's files folder.
    let fileURL: @Sendable (String) -> URL

    init(photo: Photo, library: Library) {
        self.photo = photo
        fileURL = { library.url(forStoredPath: $0) }
    }

    init(photo: Photo, folder: URL) {
        self.photo = photo
        fileURL = { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : folder.appendingPathComponent($0) }
    }

    enum Key: String, CodingKey {
        case id, pinId, state, title, url, file, thumbnail, failure, takenAt, latitude, longitude, attempts, bytes, width, height
        case source, make, model, orientation, altitude
        case place, timeZone, offset, offsetSource, positionSource, accuracy, license
    }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(photo.id, forKey: .id)
        try c.encode(photo.isUnplaced ? nil : photo.pinId, forKey: .pinId)
        try c.encode(photo.state.name, forKey: .state)
        try c.encode(photo.title, forKey: .title)
        try c.encode(photo.url, forKey: .url)
        try c.encode(photo.file.map { fileURL($0).path }, forKey: .file)
        try c.encode(photo.thumbnail.map { fileURL($0).path }, forKey: .thumbnail)
        try c.encode(photo.state.failureReason, forKey: .failure)
        try c.encode(Self.takenAt(photo), forKey: .takenAt)
        try c.encode(photo.coordinate?.latitude, forKey: .latitude)
        try c.encode(photo.coordinate?.longitude, forKey: .longitude)
        try c.encode(photo.attempts, forKey: .attempts)
        try c.encode(photo.bytes, forKey: .bytes)
        try c.encode(photo.width, forKey: .width)
        try c.encode(photo.height, forKey: .height)
        try c.encode(photo.source, forKey: .source)
        try c.encode(photo.camera?.make, forKey: .make)
        try c.encode(photo.camera?.model, forKey: .model)
        try c.encode(photo.camera?.orientation, forKey: .orientation)
        try c.encode(photo.camera?.altitude, forKey: .altitude)
        try c.encode(photo.local.place, forKey: .place)
        try c.encode(photo.local.timeZone, forKey: .timeZone)
        try c.encode(photo.local.offset, forKey: .offset)
        try c.encode(photo.local.offsetSource, forKey: .offsetSource)
        try c.encode(photo.local.positionSource, forKey: .positionSource)
        try c.encode(photo.accuracy, forKey: .accuracy)
        try c.encode(photo.license, forKey: .license)
    }

    /// The camera time with its UTC offset when one is known (see `offsetSource`).
    static func takenAt(_ photo: Photo) -> String? {
        guard let takenAt = photo.takenAt else { return nil }
        guard takenAt.count == 19, let offset = photo.local.offset else { return takenAt }
        return takenAt + offset
    }
}
