import AlbumKit
import AlbumModel
import AlbumPlaces
import ArgumentParser

struct PinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pin", abstract: "Add, list, show, move and remove pins.",
        subcommands: [Add.self, List.self, Show.self, Move.self, Remove.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Drop a pin at a place.", discussion: Attribution.text)
        @OptionGroup var global: GlobalOptions
        @Option(parsing: .unconditional, help: "Latitude in degrees, -90…90.") var lat: Double?
        @Option(parsing: .unconditional, help: "Longitude in degrees, -180…180.") var lon: Double?
        @Option(help: PlaceOption.help) var place: String?
        @Option(help: "A title for the place (default with --place: the place's name).") var title: String?
        @Option(help: "A note about the place.") var note: String?

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
        @Argument(help: "The pin's id.") var id: Int64

        func run() async throws {
            let pin = try await global.withLibrary(.reading) { try await $0.pin(id: id) }
            try global.json ? Output.json(PinJSON(pin: pin)) : Output.line(PinJSON.text(pin))
        }
    }

    struct Move: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "move", abstract: "Move a pin; its album is emptied so the next fetch searches the new place.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The pin's id.") var id: Int64
        @Option(parsing: .unconditional, help: "New latitude in degrees.") var lat: Double?
        @Option(parsing: .unconditional, help: "New longitude in degrees.") var lon: Double?
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
        @Argument(help: "The pin's id.") var id: Int64

        func run() async throws {
            let pin = try await global.withLibrary(.writing) { try await $0.removePin(id: id) }
            try global.json ? Output.json(PinJSON(pin: pin)) : Output.line("removed pin \(pin.id)")
        }
    }
}
