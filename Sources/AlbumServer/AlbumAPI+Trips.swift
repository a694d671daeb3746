import AlbumCore
import AlbumModel
import Foundation
import Hummingbird

/// Trips and "on this day" in `album serve` (issue 29).
extension AlbumAPI {
    /// `GET /trips`.
    func tripsPage() async throws -> Response {
        Reply.html(Pages.trips(try await library.trips()))
    }

    /// `GET /trips/{n}`: a number that is no trip is a page saying so (404).
    func tripPage(_ number: String) async throws -> Response {
        guard let n = Int(number), n >= 1 else { throw APIError.notFound("no trip \(number.prefix(40))") }
        do {
            let map = Pages.mapAttributes(basemap: assets.basemap != nil, tiles: assets.tiles, vector: assets.vectorBasemap)
            let credits = Pages.mapCredits(basemap: assets.basemap != nil, tiles: assets.tiles, vector: assets.vectorBasemap)
            return Reply.html(Pages.trip(try await library.trip(n), map: map, credits: credits))
        } catch AlbumError.notFound(let detail) {
            throw APIError.notFound(detail.description)
        }
    }

    /// The day "on this day" looks back from: `date` (YYYY-MM-DD), else today where the server is.
    func memoryDate(_ query: Query) throws -> LocalDate {
        if let text = query["date"] {
            guard let date = LocalDate(text) else { throw APIError.badRequest("date '\(text.prefix(40))' is not a date that exists (YYYY-MM-DD)") }
            return date
        }
        return today()
    }

    /// Today where the server is (its clock: a test's when set).
    func today() -> LocalDate {
        let c = Calendar(identifier: .gregorian).dateComponents(in: .current, from: Date(timeIntervalSince1970: TimeInterval(clock())))
        return LocalDate.on(c.year ?? 1970, c.month ?? 1, c.day ?? 1) ?? LocalDate(dayNumber: 0)
    }

    /// `GET /api/memories/card?date&theme`: the "on this day" card as a PNG (light by default),
    /// kept in the answer cache as the summary cards are.
    func memoriesCard(_ query: Query) async throws -> Response {
        let theme = try Self.cardTheme(query)
        let date = try memoryDate(query)
        let library = library, stopping = stopping
        return try await cache.answer("memories-card/\(date.dayNumber)/\(theme.rawValue)", at: try await library.version(), type: "image/png") {
            let years = try await library.memories(on: date)
            return try await Self.png(stopping) { file in
                try await library.writeMemoriesCard(years, on: date, to: file, theme: theme, stopped: { stopping.isSet })
            }
        }.response
    }
}
