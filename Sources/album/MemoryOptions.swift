import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

/// The filters the timeline and `find` take: `--from`, `--to`, `--pin`, `--tag`, `--source`.
struct PhotoFilterOptions: ParsableArguments {
    @Option(help: Vocabulary.from) var from: String?
    @Option(help: Vocabulary.to) var to: String?
    @Option(help: Vocabulary.onlyPin) var pin: Int64?
    @Option(help: ArgumentHelp("Only photos with this tag (on the photo or its pin).", valueName: "tag")) var tag: String?
    @Option(help: ArgumentHelp("Only photos from this source (import, flickr, bundle or bundle:PATH).", valueName: "source"))
    var source: String?

    /// The filter, checked: real dates, `--from` not after `--to`, a valid tag.
    func filter() throws -> PhotoFilter {
        var filter = PhotoFilter()
        filter.from = try from.map { text throws(AlbumError) in try LocalPeriod.day(text, option: "--from") }
        filter.to = try to.map { text throws(AlbumError) in try LocalPeriod.day(text, option: "--to") }
        filter.pinId = pin
        filter.tag = try tag.map { text throws(AlbumError) in try TagName(text) }
        filter.source = source
        return try filter.validated()
    }
}

extension PhotoEntry {
    /// The entry with its thumbnail as an absolute path, as every printed photo has it.
    func resolved(in library: Library) -> PhotoEntry {
        var entry = self
        entry.thumbnail = thumbnail.map { library.url(forStoredPath: $0).path }
        return entry
    }

    /// `photo 12  2024-06-14 09:00  IMG_1.jpg  Paris`.
    var line: String {
        var parts = ["photo \(id)"]
        if let takenAt { parts.append(String(takenAt.prefix(16)).replacingOccurrences(of: "T", with: " ")) } else { parts.append("(no date)") }
        if let title, !title.isEmpty { parts.append(TerminalText.inline(title)) }
        parts.append(place.map(TerminalText.inline) ?? (pinId.map { "pin \($0)" } ?? "(unplaced)"))
        if state != "downloaded" { parts.append("[\(state)]") }
        return parts.joined(separator: "  ")
    }
}

extension GlobalOptions {
    /// How a command that changes what is there (tags, places) opens the library: a folder
    /// library that does not exist holds nothing to change, so it is read as an empty one and
    /// nothing is created on disk (the command's "not found" error says so).
    func changingAccess() throws -> LibraryAccess {
        guard case .folder(let folder) = try location() else { return .writing }
        return FileManager.default.fileExists(atPath: Library.databasePath(in: folder)) ? .writing : .reading
    }
}
