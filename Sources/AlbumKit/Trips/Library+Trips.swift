import AlbumModel
import AlbumSeam
import Foundation

/// What happened on this day in an earlier year (issue 29, "on this day").
public struct MemoryYear: Sendable, Hashable {
    public var date: LocalDate
    public var yearsAgo: Int
    public var photos: [PhotoEntry]
    public var entries: [Entry]
    /// The places of that day's photos and entries, most recorded first.
    public var places: [String]
}

extension Library {
    /// The homes and trips of the whole library (issue 29, decision 0095-entries): one read of
    /// the days' places (`TripStore.dayPlaces`) and the homes set, then `TripPlanner`.
    /// - Throws: `AlbumError.invalidInput` for a distance out of 1…10,000 km.
    public func trips(awayKm: Double = 50) async throws(AlbumError) -> TripReport {
        guard awayKm.isFinite, (1...10_000).contains(awayKm) else { throw .invalidInput("--away-km \(awayKm) must be between 1 and 10000") }
        let places = try await store.dayPlaces()
        let homes = try await store.homes()
        return TripPlanner(awayKm: awayKm).plan(places, homes: homes)
    }

    /// Trip `number` (as `album trips` numbers them).
    /// - Throws: `AlbumError.notFound` naming the number and how many trips there are.
    public func trip(_ number: Int, awayKm: Double = 50) async throws(AlbumError) -> Trip {
        let report = try await trips(awayKm: awayKm)
        guard number >= 1, number <= report.trips.count else {
            throw .notFound("no trip \(number): the library has \(report.trips.count) trip\(report.trips.count == 1 ? "" : "s") (album trips lists them)")
        }
        return report.trips[number - 1]
    }

    /// The homes set with `album home set`.
    public func homes() async throws(AlbumError) -> [Home] { try await store.homes() }

    /// Sets home (from `since`, or from the start), named from the place data.
    public func setHome(_ coordinate: Coordinate, since: LocalDate?) async throws(AlbumError) -> Home {
        try await store.setHome(coordinate, placeName: EntryClock.placeName(at: coordinate), since: since)
    }

    public func removeHome(id: Int64) async throws(AlbumError) { try await store.removeHome(id: id) }

    /// The years looked back by `memories`.
    public static let memoryYears = 50

    /// Photos and entries of the same month and day in each earlier year (up to `memoryYears`
    /// back; 29 February only in leap years), newest year first, each with its places.
    public func memories(on date: LocalDate, perDay: Int = 100) async throws(AlbumError) -> [MemoryYear] {
        var years: [MemoryYear] = []
        for back in 1...Self.memoryYears {
            guard let day = LocalDate.on(date.year - back, date.month, date.day) else { continue }
            let page = try await timeline(by: .day, filter: PhotoFilter(from: day, to: day), kinds: .all, page: 1, pageSize: perDay)
            let photos = page.groups.flatMap(\.photos)
            let entries = page.groups.flatMap(\.entries)
            guard !photos.isEmpty || !entries.isEmpty else { continue }
            var counts: [String: Int] = [:]
            for name in photos.compactMap(\.place) + entries.compactMap(\.placeName) { counts[name, default: 0] += 1 }
            let places = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map(\.key)
            years.append(MemoryYear(date: day, yearsAgo: back, photos: photos, entries: entries, places: places))
        }
        return years
    }
}
