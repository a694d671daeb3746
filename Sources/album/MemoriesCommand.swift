import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

/// `album memories [--date YYYY-MM-DD]`: on this day in earlier years (issue 29).
struct MemoriesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "memories", abstract: "On this day: photos and entries of the same day in earlier years, by year.")
    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The day (default: today, local time).", valueName: "YYYY-MM-DD")) var date: String?
    @Option(help: Vocabulary.card) var card: String?
    @Option(help: Vocabulary.cardWidth) var width = 1080
    @OptionGroup var overwrite: OverwriteOptions

    func validate() throws {
        _ = try date.map { text throws(AlbumError) in try LocalPeriod.day(text, option: "--date") }
        guard (320...4096).contains(width) else { throw ValidationError("--width \(width) must be between 320 and 4096") }
    }

    func run() async throws {
        let day = try date.map { text throws(AlbumError) in try LocalPeriod.day(text, option: "--date") } ?? Self.today()
        let (years, json) = try await global.withLibrary(.reading) { library in
            let years = try await library.memories(on: day)
            if let card { try await library.writeMemoriesCard(years, on: day, to: overwrite.output(card, library: global), width: width) }
            let media = PhotoJSON.Media.files { library.url(forStoredPath: $0) }
            return (years, MemoriesJSON(date: day, years: years.map { YearJSON($0, media: media) }))
        }
        if global.json { return try Output.json(json) }
        let title = Library.memoryTitle(day)
        defer { if let card { Output.line("card: \(URL(fileURLWithPath: card).standardizedFileURL.path)") } }
        if years.isEmpty { return Output.line("nothing on \(title) in earlier years") }
        Output.line("on this day, \(title):")
        for year in years {
            let places = year.places.prefix(3).map(TerminalText.inline).joined(separator: ", ")
            Output.line("\(year.date.year) (\(year.yearsAgo) year\(year.yearsAgo == 1 ? "" : "s") ago)  \(places.isEmpty ? "" : places + "  ")"
                + "\(Output.count(year.photos.count, "photo")), \(year.entries.count) entr\(year.entries.count == 1 ? "y" : "ies")")
            for photo in year.photos {
                Output.line("  photo \(photo.id)  \(photo.takenAt.map { String($0.prefix(16).dropFirst(11)) } ?? "")  "
                    + TerminalText.inline(photo.title ?? "") + (photo.place.map { "  (" + TerminalText.inline($0) + ")" } ?? ""))
            }
            for entry in year.entries { Output.line("  " + entry.line) }
        }
    }

    /// Today in the system's zone (ALBUM_NOW replaces the clock, as for reminders).
    static func today() throws -> LocalDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: CommandClock.systemZone) ?? .gmt
        let c = calendar.dateComponents([.year, .month, .day], from: try CommandClock.now())
        return LocalDate.on(c.year ?? 1970, c.month ?? 1, c.day ?? 1) ?? LocalDate(dayNumber: 0)
    }

    /// `{date, years: [{date, yearsAgo, places, photos, entries}]}`.
    struct MemoriesJSON: Encodable {
        let date: LocalDate
        let years: [YearJSON]
    }

    struct YearJSON: Encodable {
        let date: LocalDate
        let yearsAgo: Int
        let places: [String]
        let photos: [PhotoEntry]
        let entries: [EntryJSON]

        init(_ year: MemoryYear, media: PhotoJSON.Media) {
            date = year.date
            yearsAgo = year.yearsAgo
            places = year.places
            photos = year.photos
            entries = year.entries.map { EntryJSON(entry: $0, media: media) }
        }
    }
}
