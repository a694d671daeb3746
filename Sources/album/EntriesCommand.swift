import AlbumKit
import AlbumModel
import ArgumentParser

/// `album entries [--kind K] [--from D --to D] [--tag T]`: notes, songs, sounds and check-ins,
/// newest first (issue 26).
struct EntriesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "entries", abstract: "List notes, songs, sounds and check-ins, newest first.")
    @OptionGroup var global: GlobalOptions
    @Option(help: Vocabulary.entryKind) var kind: String?
    @Option(help: Vocabulary.from) var from: String?
    @Option(help: Vocabulary.to) var to: String?
    @Option(help: Vocabulary.onlyTag) var tag: String?
    @Option(help: Vocabulary.page) var page = 1
    @Option(name: .customLong("page-size"), help: Vocabulary.pageSize) var pageSize = 100

    func filter() throws -> EntryFilter {
        var filter = EntryFilter()
        filter.kind = try kind.map { text throws(AlbumError) in try EntryKind(naming: text) }
        filter.from = try from.map { text throws(AlbumError) in try LocalPeriod.day(text, option: "--from") }
        filter.to = try to.map { text throws(AlbumError) in try LocalPeriod.day(text, option: "--to") }
        filter.tag = try tag.map { text throws(AlbumError) in try TagName(text) }
        return try filter.validated()
    }

    func validate() throws { _ = try filter() }

    func run() async throws {
        let filter = try filter()
        let (list, json) = try await global.withLibrary(.reading) { library in
            let list = try await library.entries(filter, page: page, pageSize: pageSize)
            return (list, EntryListJSON(list, page: page, pageSize: pageSize, media: .files { library.url(forStoredPath: $0) }))
        }
        if global.json { return try Output.json(json) }
        if list.entries.isEmpty { return Output.line(list.total == 0 ? "no entries" : "no entries on page \(page) of \(list.total)") }
        list.entries.forEach { Output.line($0.line) }
        let pages = max(1, (list.total + pageSize - 1) / pageSize)
        if pages > 1 { Output.line("page \(page) of \(pages) (\(list.total) entries)") }
    }
}

/// `album entry show|edit|rm ID`.
struct EntryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "entry", abstract: "Show, edit or remove a note, song, sound or check-in.",
        subcommands: [Show.self, Edit.self, Remove.self])

    static func print(_ entry: Entry, _ json: EntryJSON, global: GlobalOptions, verb: String = "") throws {
        if global.json { return try Output.json(json) }
        Output.line(verb + entry.line)
        guard verb.isEmpty else { return }
        switch entry.content {
        case .note(let text): Output.line(TerminalText.lines(text))
        case .place(let note?): Output.line(TerminalText.lines(note))
        case .song(let song): if let link = song.link { Output.line(TerminalText.inline(link)) }
        default: break
        }
        if let clip = entry.content.clip { Output.line(json.filePath ?? clip.file) }
        if let transcript = entry.transcript { Output.line("transcript: " + TerminalText.inline(transcript)) }
        if let mood = entry.mood { Output.line(MoodCommand.describe(mood)) }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one entry.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: Vocabulary.entryId) var id: Int64

        func run() async throws {
            let (entry, json) = try await global.withLibrary(.reading) { library in
                let entry = try await library.entry(id: id)
                return (entry, EntryJSON(entry: entry, library: library))
            }
            try EntryCommand.print(entry, json, global: global)
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Change an entry: its text, song fields, time or tags.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: Vocabulary.entryId) var id: Int64
        @Option(help: ArgumentHelp("A note's new text, or a check-in's note.", valueName: "text")) var text: String?
        @Option(help: Vocabulary.songTitle) var title: String?
        @Option(help: Vocabulary.songArtist) var artist: String?
        @Option(help: Vocabulary.songAlbum) var album: String?
        @Option(help: Vocabulary.songURL) var url: String?
        @Option(help: Vocabulary.entryAt) var at: String?
        @Option(name: .customLong("add-tag"), help: ArgumentHelp("A tag to add (repeat for more).", valueName: "tag")) var addTag: [String] = []
        @Option(name: .customLong("rm-tag"), help: ArgumentHelp("A tag to remove (repeat for more).", valueName: "tag")) var removeTag: [String] = []

        func edit() throws -> EntryEdit {
            var edit = EntryEdit(text: text, title: title, artist: artist, album: album, link: url)
            if let at {
                let given = try EntryClock.Given(parsing: at)
                guard let offset = given.offset, let time = PhotoTime(parsing: given.local, offset: offset, offsetSource: .user) else {
                    throw ValidationError("--at of an edit needs its offset (like 2026-06-14T09:43+02:00)")
                }
                edit.at = time
            }
            edit.addTags = try addTag.map { text throws(AlbumError) in try TagName(text) }
            edit.removeTags = try removeTag.map { text throws(AlbumError) in try TagName(text) }
            return edit
        }

        func validate() throws {
            let edit = try edit()
            guard edit != EntryEdit() else { throw ValidationError("nothing to change: give --text, --title, --artist, --album, --url, --at or a tag") }
        }

        func run() async throws {
            let edit = try edit()
            let (entry, json) = try await global.withLibrary(global.changingAccess()) { library in
                let entry = try await library.editEntry(id: id, edit)
                return (entry, EntryJSON(entry: entry, library: library))
            }
            try EntryCommand.print(entry, json, global: global, verb: "changed ")
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove an entry (and a sound's file).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: Vocabulary.entryId) var id: Int64

        func run() async throws {
            let (entry, json) = try await global.withLibrary(global.changingAccess()) { library in
                let entry = try await library.removeEntry(id: id)
                return (entry, EntryJSON(entry: entry, library: library))
            }
            try EntryCommand.print(entry, json, global: global, verb: "removed ")
        }
    }
}

extension EntryJSON {
    /// A sound's file as an absolute path (the CLI's JSON media).
    var filePath: String? {
        guard let clip = entry.content.clip, case .files(let url) = media else { return nil }
        return url(clip.file).path
    }
}
