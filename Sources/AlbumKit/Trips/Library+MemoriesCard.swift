import AlbumCards
import AlbumFiles
import AlbumModel
import Foundation

/// The "on this day" card (issue 29): the summary card's layout with the day's earlier years —
/// a title, the numbers, one bar per year back, a collage of that day's photos.
extension Library {
    /// "14 June".
    public static func memoryTitle(_ date: LocalDate) -> String { "\(date.day) \(LocalPeriod.monthNames[date.month - 1])" }

    /// Draws the card into `file`, replacing it (the server's temporary file).
    /// - Parameter stopped: as `writeCard`'s: true between photos gives the card up.
    public func writeMemoriesCard(_ years: [MemoryYear], on date: LocalDate, to file: URL, width: Int = 1080,
                                  theme: CardTheme = .light, stopped: @escaping @Sendable () -> Bool = { false }) async throws(AlbumError) {
        try await writeMemoriesCard(years, on: date, to: OutputFile(file, replacing: true), width: width, theme: theme, stopped: stopped)
    }

    /// Draws the card of `years` (what `memories(on:)` found for `date`) into `output`.
    public func writeMemoriesCard(_ years: [MemoryYear], on date: LocalDate, to output: OutputFile, width: Int = 1080,
                                  theme: CardTheme = .light, stopped: @escaping @Sendable () -> Bool = { false }) async throws(AlbumError) {
        try Self.checkCardTarget(output)
        let photos = years.flatMap(\.photos)
        try await CardStop.run(also: stopped) { stop throws(AlbumError) in
            try await makeCollageThumbnails(photos, stop: stop)
            try await BlockingPool.shared.run { () throws(AlbumError) in
                let content = self.memoriesCardContent(years, on: date, photos: photos, stop: stop)
                try stop.check("the card of \(Self.memoryTitle(date))")
                let png = try SummaryCard.png(content, width: width, theme: theme)
                try stop.check("the card of \(Self.memoryTitle(date))")
                try output.write(png)
            }
        }
    }

    /// The card's content: one bar per year back (oldest first) from the oldest year found.
    func memoriesCardContent(_ years: [MemoryYear], on date: LocalDate, photos: [PhotoEntry], stop: CardStop? = nil) -> CardContent {
        let entries = years.reduce(0) { $0 + $1.entries.count }
        var places: [String] = []
        for name in years.flatMap(\.places) where !places.contains(name) { places.append(name) }
        let oldest = years.map(\.yearsAgo).max() ?? 1
        let bars = (1...oldest).reversed().map { back in years.first { $0.yearsAgo == back }.map { $0.photos.count + $0.entries.count } ?? 0 }
        let firstYear = date.year - oldest, lastYear = date.year - 1
        let labels = bars.count == 1 ? [(0, "\(lastYear)")] : [(0, "\(firstYear)"), (bars.count - 1, "\(lastYear)")]
        // The title is the day alone ("27 November"): "On this day, 27 November" is wider than the card.
        let subtitle = (["On this day"] + years.prefix(3).map { year in
            "\(year.yearsAgo) year\(year.yearsAgo == 1 ? "" : "s") ago" + (year.places.first.map { ": \($0)" } ?? "")
        }).joined(separator: " · ")
        let footer = years.isEmpty ? "" : "from \(years.map(\.date.year).sorted().map(String.init).joined(separator: ", "))"
        return CardContent(
            title: Self.memoryTitle(date), subtitle: subtitle,
            numbers: [
                ("\(photos.count)", photos.count == 1 ? "photo" : "photos"), ("\(entries)", entries == 1 ? "entry" : "entries"),
                ("\(years.count)", years.count == 1 ? "year" : "years"), ("\(places.count)", places.count == 1 ? "place" : "places"),
            ],
            bars: bars, barLabels: labels, tiles: collageTiles(photos, stop: stop), footer: footer,
            emptyMessage: years.isEmpty ? "Nothing on \(Self.memoryTitle(date)) in earlier years" : nil)
    }
}
