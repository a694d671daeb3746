import AlbumModel
import AlbumSeam
import AlbumStore

/// Turns a period's facts into a `Summary`: every count, ranking and distance is decided here as
/// plain values (the database only rolls photos up by local day, pin and camera).
public struct SummaryPlanner: Sendable {
    public let period: LocalPeriod

    public init(period: LocalPeriod) { self.period = period }

    /// The headline numbers of some roll-up rows.
    public static func totals(key: String, _ days: [DayPlaceCount], places: [Int64: PlaceInfo]) -> PeriodTotals {
        PeriodTotals(
            key: key, photos: days.reduce(0) { $0 + $1.photos }, pins: Set(days.compactMap(\.pinId)).count,
            activeDays: Set(days.map(\.date)).count, distanceKm: distanceKm(days, places: places))
    }

    /// Kilometres between consecutive places: the pins in the order of their local day, then of
    /// their first photo that day; a pin following itself, or another pin of the same place
    /// (GeoNames: the pins in one town are one place, as `places` counts them), adds nothing, so
    /// a period at one place has 0 km between places.
    public static func distanceKm(_ days: [DayPlaceCount], places: [Int64: PlaceInfo]) -> Double {
        var firsts: [DayPinKey: String] = [:]
        for row in days {
            guard let pin = row.pinId else { continue }
            let key = DayPinKey(date: row.date, pinId: pin)
            let time = row.firstTaken ?? "~"
            if let known = firsts[key], known <= time { continue }
            firsts[key] = time
        }
        let visits = firsts.sorted { ($0.key.date, $0.value, $0.key.pinId) < ($1.key.date, $1.value, $1.key.pinId) }
        var total = 0.0
        var previous: Coordinate?
        var previousPlace: PlaceKey?
        for visit in visits {
            guard let place = places[visit.key.pinId], place.key != previousPlace else { continue }
            if let previous { total += previous.distanceKm(to: place.coordinate) }
            previous = place.coordinate
            previousPlace = place.key
        }
        return (total * 10).rounded() / 10
    }

    struct DayPinKey: Hashable {
        let date: LocalDate
        let pinId: Int64
    }

    /// - Parameters:
    ///   - facts: this period's facts.
    ///   - previous: the previous period's roll-up rows and their places.
    public func summary(_ facts: PeriodFacts, previous: (days: [DayPlaceCount], places: [Int64: PlaceInfo])) -> Summary {
        let key = Self.key(period)
        let totals = Self.totals(key: key, facts.days, places: facts.places)
        var perDay: [LocalDate: Int] = [:]
        var perPin: [Int64: Int] = [:]
        var perCamera: [CameraKey: Int] = [:]
        var unplaced = 0
        for row in facts.days {
            perDay[row.date, default: 0] += row.photos
            if let pin = row.pinId { perPin[pin, default: 0] += row.photos } else { unplaced += row.photos }
            perCamera[CameraKey(make: row.make, model: row.model), default: 0] += row.photos
        }
        let busiest = perDay.max { ($0.value, $1.key) < ($1.value, $0.key) }.map { DayCount(date: $0.key, photos: $0.value) }

        var series: [PeriodCount] = []
        if period.kind == .month || period.kind == .trip {
            var day = period.from
            while day <= period.to {
                series.append(PeriodCount(key: day.description, photos: perDay[day] ?? 0))
                day = day.adding(days: 1)
            }
        } else {
            for month in 1...12 {
                let first = LocalDate.on(period.from.year, month, 1)!
                let count = perDay.reduce(0) { $0 + (($1.key.month == month) ? $1.value : 0) }
                series.append(PeriodCount(key: TimelineGrouping.month.group(of: first).key, photos: count))
            }
        }
        // Pins in one named place are one place; the place is shown by its busiest pin.
        var perPlace: [PlaceKey: (photos: Int, pins: [(id: Int64, photos: Int)])] = [:]
        for (pin, photos) in perPin {
            guard let place = facts.places[pin] else { continue }
            perPlace[place.key, default: (0, [])].photos += photos
            perPlace[place.key, default: (0, [])].pins.append((pin, photos))
        }
        let ranked = perPlace.map { key, value in
            (key: key, photos: value.photos, pins: value.pins.count,
             top: value.pins.min { ($1.photos, $0.id) < ($0.photos, $1.id) }!.id)
        }.sorted { ($1.photos, $0.top) < ($0.photos, $1.top) }
        let newPlaces = ranked.filter { !facts.placesSeenBefore.contains($0.key) }.count
        let topPlaces = ranked.prefix(5).compactMap { group -> PlaceCount? in
            guard let place = facts.places[group.top] else { return nil }
            return PlaceCount(
                pinId: group.top, name: place.name, latitude: place.coordinate.latitude, longitude: place.coordinate.longitude,
                place: place.place, pins: group.pins, photos: group.photos, isNew: !facts.placesSeenBefore.contains(group.key))
        }
        let topTags = facts.tags.filter { $0.value > 0 }.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(5)
            .map { TagCount(tag: $0.key, photos: $0.value) }
        let cameras = perCamera.sorted { ($1.value, $0.key.sortKey) < ($0.value, $1.key.sortKey) }
            .map { CameraCount(make: $0.key.make, model: $0.key.model, photos: $0.value) }
        let previousKey = Self.key(period.previous)
        let before = Self.totals(key: previousKey, previous.days, places: previous.places)
        let change = SummaryChange(
            photos: totals.photos - before.photos, pins: totals.pins - before.pins,
            activeDays: totals.activeDays - before.activeDays,
            distanceKm: ((totals.distanceKm - before.distanceKm) * 10).rounded() / 10,
            photosPercent: before.photos == 0
                ? nil : (Double(totals.photos - before.photos) / Double(before.photos) * 1000).rounded() / 10)
        return Summary(
            period: period.kind, key: key, title: period.title, from: period.from, to: period.to, photos: totals.photos,
            pins: totals.pins, places: ranked.count, newPlaces: newPlaces, unplaced: unplaced, activeDays: totals.activeDays,
            busiestDay: busiest, seriesBy: period.kind == .year ? .month : .day, series: series,
            topPlaces: Array(topPlaces), topTags: Array(topTags), cameras: cameras, first: facts.first, last: facts.last,
            distanceKm: totals.distanceKm, previous: before, change: change)
    }

    /// `2024-06`, `2024`, or a trip's `2024-05-12..2024-05-16`.
    static func key(_ period: LocalPeriod) -> String {
        switch period.kind {
        case .month: TimelineGrouping.month.group(of: period.from).key
        case .year: "\(period.from.year)"
        default: period.title
        }
    }

    struct CameraKey: Hashable {
        let make: String?
        let model: String?
        var sortKey: String { "\(make ?? "~")\u{0}\(model ?? "~")" }
    }
}

extension Library {
    /// The summary of a month or a year.
    /// - Throws: `AlbumError.invalidInput` for a period that is not a month or a year.
    public func summary(of period: LocalPeriod) async throws(AlbumError) -> Summary {
        guard period.kind == .month || period.kind == .year || period.kind == .trip else {
            throw .invalidInput("a summary covers a month, a year or a trip, not a \(period.kind.rawValue)")
        }
        let facts = try await store.periodFacts(from: period.from, to: period.to)
        let before = period.previous
        let previousDays = try await store.dayPlaceCounts(from: before.from, to: before.to)
        let previousPlaces = try await store.places(Set(previousDays.compactMap(\.pinId)))
        var summary = SummaryPlanner(period: period).summary(facts, previous: (previousDays, previousPlaces))
        var perDay: [LocalDate: Int] = [:]
        for row in facts.days { perDay[row.date, default: 0] += row.photos }
        summary.entries = try await entrySummary(from: period.from, to: period.to, photosPerDay: perDay)
        return summary
    }

    /// The summary of trip `number` (as `album trips` numbers them, issue 29): its days, titled
    /// with its name, by day; compared with nothing (the days before a trip are no "previous trip").
    /// - Throws: `AlbumError.notFound` for a trip number that does not exist.
    public func summary(ofTrip number: Int, awayKm: Double = 50) async throws(AlbumError) -> Summary {
        let trip = try await trip(number, awayKm: awayKm)
        var summary = try await summary(of: LocalPeriod(kind: .trip, from: trip.from, to: trip.to))
        summary.title = trip.name
        summary.change.photosPercent = nil
        return summary
    }
}
