import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

struct SummaryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract: "A month, a year or a trip in numbers, optionally as a picture to share.",
        discussion: "Counts are by local date, like the timeline. The card is a PNG; the same library gives the same bytes.")
    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The month to summarise.", valueName: "YYYY-MM")) var month: String?
    @Option(help: Vocabulary.year) var year: String?
    @Option(help: Vocabulary.trip) var trip: Int?
    @Option(help: Vocabulary.card) var card: String?
    @Option(help: Vocabulary.cardWidth) var width = 1080
    @OptionGroup var overwrite: OverwriteOptions

    func run() async throws {
        let period: LocalPeriod?
        switch (month, year, trip) {
        case (let month?, nil, nil): period = try LocalPeriod.month(month)
        case (nil, let year?, nil): period = try LocalPeriod.year(year)
        case (nil, nil, .some): period = nil
        default: throw ValidationError("give --month YYYY-MM, --year YYYY or --trip N (one of them)")
        }
        guard (320...4096).contains(width) else { throw ValidationError("--width \(width) must be between 320 and 4096") }
        let summary = try await global.withLibrary(.reading) { library in
            var summary: Summary
            if let period { summary = try await library.summary(of: period) } else { summary = try await library.summary(ofTrip: trip ?? 0) }
            if let card { try await library.writeCard(summary, to: overwrite.output(card, library: global), width: width) }
            summary.first = summary.first?.resolved(in: library)
            summary.last = summary.last?.resolved(in: library)
            return summary
        }
        if global.json { return try Output.json(summary) }
        for line in Self.text(summary) { Output.line(line) }
        if let card { Output.line("card: \(URL(fileURLWithPath: card).standardizedFileURL.path)") }
    }

    /// `Paris, FR`, a pin's title, or its coordinates.
    static func label(_ place: PlaceCount) -> String {
        if let named = place.place { return TerminalText.inline("\(named.name), \(named.countryCode)") }
        return place.name.map(TerminalText.inline) ?? String(format: "%.4f, %.4f", place.latitude, place.longitude)
    }

    /// The entries' lines (issue 26): counts, voice minutes, music, words, most active days.
    static func entryLines(_ e: EntrySummary) -> [String] {
        func plural(_ n: Int, _ word: String, _ words: String? = nil) -> String { "\(n) " + (n == 1 ? word : words ?? word + "s") }
        guard e.read > 0 else { return [] }
        var lines = ["entries: \(plural(e.notes, "note")), \(plural(e.songs, "song")), \(plural(e.sounds, "voice clip or sound", "voice clips or sounds"))"
            + " (\(String(format: "%.1f", e.voiceMinutes)) min), \(plural(e.checkIns, "check-in"))"]
        if !e.topArtists.isEmpty { lines.append("top artists: " + e.topArtists.map { "\(TerminalText.inline($0.name)) (\($0.count))" }.joined(separator: ", ")) }
        if !e.topSongs.isEmpty { lines.append("top songs: " + e.topSongs.map { "\(TerminalText.inline($0.name)) (\($0.count))" }.joined(separator: ", ")) }
        if !e.words.isEmpty { lines.append("words: " + e.words.prefix(15).map { "\(TerminalText.inline($0.name)) (\($0.count))" }.joined(separator: " ")) }
        if e.moods.total > 0 { lines.append("moods: \(e.moods.positive) positive, \(e.moods.neutral) neutral, \(e.moods.negative) negative") }
        if !e.activeDays.isEmpty { lines.append("most active days: " + e.activeDays.map { "\($0.date) (\($0.photos))" }.joined(separator: ", ")) }
        return lines
    }

    static func text(_ s: Summary) -> [String] {
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        var lines = ["\(s.title): \(plural(s.photos, "photo")) at \(plural(s.places, "place")) (\(s.newPlaces) new), \(plural(s.activeDays, "active day"))"]
        lines += entryLines(s.entries)
        guard s.photos > 0 else {
            if s.period != .trip { lines.append("previous (\(s.previous.key)): \(plural(s.previous.photos, "photo"))") }
            return lines
        }
        if let busiest = s.busiestDay { lines.append("busiest day: \(busiest.date) (\(plural(busiest.photos, "photo")))") }
        if s.unplaced > 0 { lines.append("unplaced: \(plural(s.unplaced, "photo"))") }
        lines.append("per \(s.seriesBy.rawValue): " + s.series.map { "\($0.photos)" }.joined(separator: " "))
        if !s.topPlaces.isEmpty {
            lines.append("top places: " + s.topPlaces.map {
                "\(Self.label($0)) (\($0.photos))\($0.isNew ? " new" : "")"
            }.joined(separator: "; "))
        }
        if !s.topTags.isEmpty { lines.append("top tags: " + s.topTags.map { "\($0.tag) (\($0.photos))" }.joined(separator: ", ")) }
        lines.append("cameras: " + s.cameras.map { "\(TerminalText.inline($0.name)) (\($0.photos))" }.joined(separator: ", "))
        if let first = s.first { lines.append("first: " + first.line) }
        if let last = s.last { lines.append("last: " + last.line) }
        lines.append(String(format: "distance between places: %.1f km", s.distanceKm))
        // A trip is compared with nothing: the days before it are no "previous trip".
        if s.period == .trip { return lines }
        var change = "vs \(s.previous.key): \(s.change.photos >= 0 ? "+" : "")\(s.change.photos) photos"
        if let percent = s.change.photosPercent { change += String(format: " (%@%.1f%%)", percent >= 0 ? "+" : "", percent) }
        change += ", \(s.change.activeDays >= 0 ? "+" : "")\(s.change.activeDays) active days"
        lines.append(change)
        return lines
    }
}

extension LocalPeriod.Kind: ExpressibleByArgument {}
