import AlbumKit
import AlbumModel
import ArgumentParser

/// `album note add TEXT`: a note on the timeline (issue 26).
struct NoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "note", abstract: "Write notes on the timeline.", subcommands: [Add.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add a note.",
            discussion: """
                The text is Markdown: paragraphs, # headings, - lists, **bold**, *italic*, `code` and \
                [links](https://…); HTML in it is shown as text. Without --at the note is dated now, in \
                the time zone of its place (else the system's).
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The note's text (words are joined by spaces).", valueName: "text")) var text: [String]
        @OptionGroup var options: EntryPlaceOptions

        func validate() throws { _ = try EntryText.note(text.joined(separator: " ")) }

        func run() async throws {
            try await options.add(.note(try EntryText.note(text.joined(separator: " "))), global: global)
        }
    }
}

/// `album song add --title T --artist A`: a song listened to (issue 26).
struct SongCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "song", abstract: "Keep the songs you listened to.", subcommands: [Add.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a song.")
        @OptionGroup var global: GlobalOptions
        @Option(help: Vocabulary.songTitle) var title: String
        @Option(help: Vocabulary.songArtist) var artist: String
        @Option(help: Vocabulary.songAlbum) var album: String?
        @Option(help: Vocabulary.songURL) var url: String?
        @OptionGroup var options: EntryPlaceOptions

        func song() throws -> Song {
            Song(title: try EntryText.required(title, "title"), artist: try EntryText.required(artist, "artist"),
                 album: try album.flatMap { text throws(AlbumError) in try EntryText.given(text, "album") }, link: try url.flatMap { text throws(AlbumError) in try EntryText.link(text) })
        }

        func validate() throws { _ = try song() }

        func run() async throws { try await options.add(.song(try song()), global: global) }
    }
}

/// `album check-in (--pin N | --lat --lon | --place NAME) [--note …]` (issue 26).
struct CheckInCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-in", abstract: "Check in at a place: a pin, a position or a place name.")
    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("A note about the check-in.", valueName: "note")) var note: String?
    @OptionGroup var options: EntryPlaceOptions

    func validate() throws {
        guard options.hasPosition else { throw ValidationError("a check-in needs a place: --pin, --lat/--lon or --place") }
        _ = try note.flatMap { text throws(AlbumError) in try EntryText.checkInNote(text) }
    }

    func run() async throws {
        try await options.add(.place(note: try note.flatMap { text throws(AlbumError) in try EntryText.checkInNote(text) }), global: global)
    }
}
