import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

/// `album trips [--year Y] [--away-km KM]`: trips found by themselves (issue 29).
struct TripsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trips", abstract: "List trips: consecutive days away from home, found from where photos and entries were made.",
        discussion: """
            Home is what `album home set` says, else the place most nights are spent (the last place of \
            each day, over three months either side). A day is away when something of it was recorded \
            farther than --away-km from home; days away in a row are a trip (days with nothing recorded \
            do not split it). Trips are numbered in date order: `album trip show N`.
            """)
    @OptionGroup var global: GlobalOptions
    @Option(help: Vocabulary.year) var year: String?
    @Option(name: .customLong("away-km"), help: TripOptions.awayHelp) var awayKm: Double = 50

    func validate() throws { _ = try year.map { text throws(AlbumError) in try LocalPeriod.year(text) } }

    func run() async throws {
        let period = try year.map { text throws(AlbumError) in try LocalPeriod.year(text) }
        var report = try await global.withLibrary(.reading) { try await $0.trips(awayKm: awayKm) }
        if let period { report.trips = report.trips.filter { $0.to >= period.from && $0.from <= period.to } }
        if global.json { return try Output.json(report) }
        for home in report.homes { Output.line(TripOptions.text(home)) }
        if report.trips.isEmpty { return Output.line(period == nil ? "no trips" : "no trips in \(period!.title)") }
        for trip in report.trips {
            Output.line("trip \(trip.number)  \(TerminalText.inline(trip.name))  \(Output.count(trip.dayCount, "day"))  "
                + String(format: "%.0f km  ", trip.distanceKm) + "\(Output.count(trip.photos, "photo")), \(trip.entries) entr\(trip.entries == 1 ? "y" : "ies")")
        }
    }
}

/// `album trip show N`: one trip's days, places and distance.
struct TripCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "trip", abstract: "Show a trip.", subcommands: [Show.self])

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "A trip's days, places in order, distance and photos per day.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The trip's number (album trips).") var number: Int
        @Option(name: .customLong("away-km"), help: TripOptions.awayHelp) var awayKm: Double = 50

        func run() async throws {
            let trip = try await global.withLibrary(.reading) { try await $0.trip(number, awayKm: awayKm) }
            if global.json { return try Output.json(trip) }
            Output.line("trip \(trip.number)  \(TerminalText.inline(trip.name))")
            Output.line("\(Output.count(trip.dayCount, "day")), " + String(format: "%.1f km, ", trip.distanceKm)
                + "\(Output.count(trip.photos, "photo")), \(trip.entries) entr\(trip.entries == 1 ? "y" : "ies")")
            Output.line("places: " + trip.places.map { TerminalText.inline($0.name) + " (\($0.items))" }.joined(separator: ", "))
            for day in trip.days {
                let places = day.places.isEmpty ? "(no place recorded)" : day.places.map(TerminalText.inline).joined(separator: " → ")
                Output.line("  \(day.date)  \(places)  \(Output.count(day.photos, "photo")), \(day.entries) entr\(day.entries == 1 ? "y" : "ies")")
            }
        }
    }
}

/// `album home [set|rm]`: where home is.
struct HomeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "home", abstract: "Show or set home (what trips are away from).", subcommands: [List.self, Set.self, Remove.self],
        defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Homes set, else the homes found from the nights.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let (set, report) = try await global.withLibrary(.reading) { library in
                let set = try await library.homes()
                return (set, set.isEmpty ? try await library.trips() : nil)
            }
            if global.json { return try Output.json(HomesJSON(set: set, found: report?.homes ?? [])) }
            if set.isEmpty && (report?.homes.isEmpty ?? true) { return Output.line("no home set, and none found (no photo or entry has a position)") }
            for home in set {
                Output.line("home \(home.id)  \(TerminalText.inline(home.placeName ?? "?"))  \(Output.degrees(home.coordinate))"
                    + (home.since.map { "  since \($0)" } ?? ""))
            }
            for home in report?.homes ?? [] { Output.line(TripOptions.text(home)) }
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: "Set home, from a date or from the start.")
        @OptionGroup var global: GlobalOptions
        @Option(help: PlaceOption.help) var place: String?
        @Option(parsing: .unconditional, help: Vocabulary.latitude) var lat: Double?
        @Option(parsing: .unconditional, help: Vocabulary.longitude) var lon: Double?
        @Option(help: ArgumentHelp("Home from this local day (a move); without it, from the start.", valueName: "YYYY-MM-DD"))
        var since: String?

        func validate() throws {
            try PlaceOption.validate(lat: lat, lon: lon, place: place)
            _ = try since.map { text throws(AlbumError) in try LocalPeriod.day(text, option: "--since") }
        }

        func run() async throws {
            let since = try since.map { text throws(AlbumError) in try LocalPeriod.day(text, option: "--since") }
            guard let position = try PlaceOption.position(lat: lat, lon: lon, place: place) else { throw ValidationError("give --lat and --lon, or --place") }
            let home = try await global.withLibrary(global.changingAccess()) { try await $0.setHome(position.coordinate, since: since) }
            if global.json { return try Output.json(home) }
            Output.line("home \(home.id): \(TerminalText.inline(home.placeName ?? "?")) \(Output.degrees(home.coordinate))"
                + (home.since.map { " since \($0)" } ?? ""))
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove a home set.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The home's id (album home).") var id: Int64

        func run() async throws {
            try await global.withLibrary(global.changingAccess()) { try await $0.removeHome(id: id) }
            if global.json { return try Output.json(["removed": id]) }
            Output.line("removed home \(id)")
        }
    }

    struct HomesJSON: Encodable {
        let set: [Home]
        let found: [HomePeriod]
    }
}

enum TripOptions {
    static let awayHelp = ArgumentHelp("A day is away beyond this distance from home, in km.", valueName: "km")

    static func text(_ home: HomePeriod) -> String {
        let span = [home.from.map { "from \($0)" }, home.to.map { "until \($0)" }].compactMap { $0 }.joined(separator: " ")
        return "home  \(TerminalText.inline(home.name)) (\(home.source))" + (span.isEmpty ? "" : "  " + span)
    }
}
