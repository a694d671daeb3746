import AlbumKit
import AlbumModel
import ArgumentParser

struct PinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pin", abstract: "Add, list, show, edit, move and remove pins.",
        subcommands: [Add.self, List.self, Show.self, Edit.self, Move.self, Remove.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Drop a pin at a place.",
            discussion: """
                Give the place as --lat and --lon, or as --place NAME (the most populous match is taken, and \
                the others are named on stderr). The pin is named after the nearest place and its time zone \
                (album places --help says where the names come from); `album fetch --pin ID` fills its album.
                """)
        @OptionGroup var global: GlobalOptions
        @Option(parsing: .unconditional, help: Vocabulary.latitude) var lat: Double?
        @Option(parsing: .unconditional, help: Vocabulary.longitude) var lon: Double?
        @Option(help: PlaceOption.help) var place: String?
        @Option(help: Vocabulary.pinTitle) var title: String?
        @Option(help: Vocabulary.pinNote) var note: String?

        func validate() throws { try PlaceOption.validate(lat: lat, lon: lon, place: place) }

        func run() async throws {
            guard let (at, search) = try PlaceOption.position(lat: lat, lon: lon, place: place) else { return }
            let title = self.title ?? search?.best.name
            let pin = try await global.withLibrary(.writing) { try await $0.addPin(at: at, title: title, note: note) }
            try global.json ? Output.json(PinJSON(pin: pin, search: search)) : Output.line(PinJSON.text(pin))
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List every pin.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let pins = try await global.withLibrary(.reading) { try await $0.pins() }
            if global.json { return try Output.json(pins.map(PinJSON.init)) }
            if pins.isEmpty { Output.line("no pins") }
            pins.forEach { Output.line(PinJSON.text($0)) }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one pin.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: Vocabulary.pinId) var id: Int64

        func run() async throws {
            let pin = try await global.withLibrary(.reading) { try await $0.pin(id: id) }
            try global.json ? Output.json(PinJSON(pin: pin)) : Output.line(PinJSON.text(pin))
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Change a pin's title or note.",
            discussion: "An empty text clears it: --note '' removes the note, --title '' the title (the pin is then shown by its place).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: Vocabulary.pinId) var id: Int64
        @Option(help: Vocabulary.pinTitle) var title: String?
        @Option(help: Vocabulary.pinNote) var note: String?

        func validate() throws {
            guard title != nil || note != nil else { throw ValidationError("give --title or --note (an empty one clears it)") }
        }

        func run() async throws {
            let (title, note) = (self.title, self.note)
            let pin = try await global.withLibrary(global.changingAccess()) {
                try await $0.editPin(id: id, title: title.map(Optional.some), note: note.map(Optional.some))
            }
            try global.json ? Output.json(PinJSON(pin: pin)) : Output.line(PinJSON.text(pin))
        }
    }

    struct Move: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "move", abstract: "Move a pin; its album is emptied so the next fetch searches the new place.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: Vocabulary.pinId) var id: Int64
        @Option(parsing: .unconditional, help: Vocabulary.latitude) var lat: Double?
        @Option(parsing: .unconditional, help: Vocabulary.longitude) var lon: Double?
        @Option(help: PlaceOption.help) var place: String?

        func validate() throws { try PlaceOption.validate(lat: lat, lon: lon, place: place) }

        func run() async throws {
            guard let (to, search) = try PlaceOption.position(lat: lat, lon: lon, place: place) else { return }
            let pin = try await global.withLibrary(.writing) { try await $0.movePin(id: id, to: to) }
            try global.json ? Output.json(PinJSON(pin: pin, search: search)) : Output.line(PinJSON.text(pin))
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove a pin and its album.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: Vocabulary.pinId) var id: Int64

        func run() async throws {
            let pin = try await global.withLibrary(.writing) { try await $0.removePin(id: id) }
            try global.json ? Output.json(PinJSON(pin: pin)) : Output.line("removed pin \(pin.id)")
        }
    }
}
