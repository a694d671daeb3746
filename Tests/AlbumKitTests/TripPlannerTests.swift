import AlbumCore
import AlbumModel
import Foundation
import Testing

/// Trips found by themselves (issue 29) on a generated three-year history: 50 trips of 1-20
/// days with home days between, a move of home, two trips back to back, an overnight flight, day
/// trips, photos without a position on trips. Boundaries within a day for ≥ 95 % of the trips,
/// and no trip in home weeks.
@Suite struct TripPlannerTests {
    struct City { let name: String; let lat: Double; let lon: Double }
    static let lyon = City(name: "Lyon", lat: 45.764, lon: 4.8357)
    static let berlin = City(name: "Berlin", lat: 52.52, lon: 13.405)
    static let cities = [
        City(name: "Lisbon", lat: 38.7223, lon: -9.1393), City(name: "Sintra", lat: 38.8029, lon: -9.3817),
        City(name: "Rome", lat: 41.9028, lon: 12.4964), City(name: "Florence", lat: 43.7696, lon: 11.2558),
        City(name: "Madrid", lat: 40.4168, lon: -3.7038), City(name: "Athens", lat: 37.9838, lon: 23.7275),
        City(name: "Oslo", lat: 59.9139, lon: 10.7522), City(name: "Vienna", lat: 48.2082, lon: 16.3738),
        City(name: "Prague", lat: 50.0755, lon: 14.4378), City(name: "Edinburgh", lat: 55.9533, lon: -3.1883),
        City(name: "Tokyo", lat: 35.6762, lon: 139.6503), City(name: "Kyoto", lat: 35.0116, lon: 135.7681),
    ]
    /// Day trips: 60-100 km from each home.
    static let near = [
        "Lyon": City(name: "Grenoble", lat: 45.1885, lon: 5.7245), "Berlin": City(name: "Potsdam-far", lat: 52.0, lon: 13.9),
    ]

    /// A seeded generator (SplitMix64).
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    }

    struct Point { let date: LocalDate; let time: String; let lat: Double?; let lon: Double? }

    /// The history: its points and the true trips (first and last day away).
    static func history() -> (points: [Point], trips: [(from: LocalDate, to: LocalDate)], homeWeeks: [ClosedRange<Int>]) {
        var rng = Random(state: 29)
        var points: [Point] = []
        var trips: [(LocalDate, LocalDate)] = []
        let start = LocalDate.on(2021, 1, 1)!
        let move = LocalDate.on(2022, 7, 1)!
        var day = start.dayNumber
        func home(_ d: Int) -> City { d < move.dayNumber ? lyon : berlin }
        func add(_ d: Int, _ hour: Int, _ city: City?, jitterKm: Double = 4) {
            let date = LocalDate(dayNumber: d)
            let time = String(format: "%@T%02d:%02d:00", date.description, hour, rng.int(0...59))
            guard let city else { return points.append(Point(date: date, time: time, lat: nil, lon: nil)) }
            let k = jitterKm / 111
            points.append(Point(date: date, time: time, lat: city.lat + (rng.unit() - 0.5) * k, lon: city.lon + (rng.unit() - 0.5) * k))
        }
        func homeDays(_ n: Int) {
            for _ in 0..<n {
                if rng.unit() < 0.6 { for _ in 0..<rng.int(1...4) { add(day, rng.int(8...21), home(day)) } }
                day += 1
            }
        }
        var homeWeeks: [ClosedRange<Int>] = []
        for t in 0..<50 {
            let gap = t == 20 ? 0 : rng.int(4...14)  // trip 21 starts the morning after trip 20's return
            let gapStart = day
            homeDays(gap)
            if gap >= 7 { homeWeeks.append((gapStart + 1)...(day - 2)) }
            let from = day
            if t % 7 == 3 {
                // A day trip: home in the morning, 60-100 km away, home in the evening.
                add(day, 7, home(day)); add(day, 12, near[home(day).name]!); add(day, 15, near[home(day).name]!); add(day, 21, home(day))
                trips.append((LocalDate(dayNumber: from), LocalDate(dayNumber: from)))
                day += 1
                continue
            }
            let length = t % 5 == 0 ? rng.int(12...20) : rng.int(2...9)
            var stops = [cities[rng.int(0...(cities.count - 1))]]
            if length >= 7 { stops.append(cities[(cities.firstIndex { $0.name == stops[0].name }! + 1) % cities.count]) }
            if rng.unit() < 0.4 { add(day, 7, home(day)) }  // a photo at home before leaving
            for i in 0..<length {
                let city = stops[min(stops.count - 1, i * stops.count / length)]
                if t == 10 && i == length / 2 {
                    day += 1  // an overnight flight between two cities: nothing that day
                    continue
                }
                for _ in 0..<rng.int(3...9) { add(day, rng.int(9...21), city) }
                if rng.unit() < 0.2 { add(day, rng.int(9...21), nil) }  // a photo without a position
                day += 1
            }
            let last = day - 1
            if t == 20 || rng.unit() < 0.5 {
                add(last, 23, home(last))  // back home that evening
            } else if t == 30 {
                // An overnight flight home: nothing that night, home the next morning.
                add(day, 9, home(day))
                day += 1
            }
            trips.append((LocalDate(dayNumber: from), LocalDate(dayNumber: last)))
        }
        homeDays(20)
        return (points, trips, homeWeeks)
    }

    /// The points folded as the store folds them (`TripStore.dayPlaces`): by day and 0.1° cell.
    static func dayPlaces(_ points: [Point]) -> [DayPlace] {
        struct Key: Hashable { let date: LocalDate; let la: Int?; let lo: Int? }
        var groups: [Key: [Point]] = [:]
        for p in points {
            groups[Key(date: p.date, la: p.lat.map { Int(($0 * 10).rounded()) }, lo: p.lon.map { Int(($0 * 10).rounded()) }), default: []].append(p)
        }
        return groups.map { key, ps in
            let located = ps.compactMap { p in p.lat.map { ($0, p.lon!) } }
            let coordinate = located.isEmpty ? nil : try? Coordinate(
                latitude: located.map(\.0).reduce(0, +) / Double(located.count), longitude: located.map(\.1).reduce(0, +) / Double(located.count))
            let times = ps.map(\.time).sorted()
            return DayPlace(date: key.date, coordinate: coordinate, photos: ps.count, entries: 0, first: times.first!, last: times.last!)
        }.sorted { ($0.date, $0.first) < ($1.date, $1.first) }
    }

    static let names: @Sendable (Coordinate) -> String = { c in
        let all = TripPlannerTests.cities + [lyon, berlin] + Array(near.values)
        return all.min { hypot($0.lat - c.latitude, $0.lon - c.longitude) < hypot($1.lat - c.latitude, $1.lon - c.longitude) }!.name
    }

    @Test func aGeneratedThreeYearHistoryHasItsTripsWithinADay() throws {
        let (points, truth, homeWeeks) = Self.history()
        #expect(truth.count == 50)
        let report = TripPlanner(name: Self.names).plan(Self.dayPlaces(points), homes: [])
        var matched = 0
        var misses: [String] = []
        for t in truth {
            let found = report.trips.first { $0.from.dayNumber <= t.to.dayNumber + 1 && $0.to.dayNumber >= t.from.dayNumber - 1 }
            if let found, abs(found.from.dayNumber - t.from.dayNumber) <= 1, abs(found.to.dayNumber - t.to.dayNumber) <= 1 {
                matched += 1
            } else {
                misses.append("\(t.from)…\(t.to): \(found.map { "\($0.from)…\($0.to)" } ?? "none")")
            }
        }
        #expect(matched * 100 >= 95 * truth.count, "\(matched) of \(truth.count) within a day; missed \(misses)")
        // No trip invented in the weeks at home.
        let invented = report.trips.filter { trip in homeWeeks.contains { $0.contains(trip.from.dayNumber) && $0.contains(trip.to.dayNumber) } }
        #expect(invented.isEmpty, "\(invented.map { "\($0.from)…\($0.to) \($0.name)" })")
        #expect(report.trips.count <= truth.count + 1, "\(report.trips.count) trips found")
        // The move of home is found.
        #expect(report.homes.map(\.name) == ["Lyon", "Berlin"], "\(report.homes)")
        #expect(report.homes.first.map { $0.source } == "found")
    }

    /// Where the place data knows no town within 100 km: the region (else country) of the nearest
    /// town within 300 km, else the degrees as people write them, never "-35.86, -97.00".
    @Test func aPlaceWithoutATownIsNamedByItsRegionElseItsDegrees() throws {
        let sea = try Coordinate(latitude: -35.86, longitude: -97.0)
        #expect(TripPlanner.degrees(sea) == "35.9°S 97.0°W")
        #expect(TripPlanner.degrees(try Coordinate(latitude: 48.86, longitude: 2.35)) == "48.9°N 2.4°E")
        #expect(TripPlanner.placeName(sea) == "35.9°S 97.0°W")
        #expect(TripPlanner.placeName(try Coordinate(latitude: 45.764, longitude: 4.8357)) == "Lyon")
        #expect(TripPlanner.placeName(try Coordinate(latitude: -22.0, longitude: 133.5)) == "Northern Territory")
    }

    @Test func aTripIsNamedFromItsPlacesAndDates() throws {
        let d = { (text: String) in LocalDate(text)! }
        let lisbon = try Coordinate(latitude: 38.7223, longitude: -9.1393), sintra = try Coordinate(latitude: 38.8029, longitude: -9.3817)
        let home = try Coordinate(latitude: 45.764, longitude: 4.8357)
        let places = [
            DayPlace(date: d("2024-05-11"), coordinate: home, photos: 2, entries: 0, first: "2024-05-11T10:00:00", last: "2024-05-11T20:00:00"),
            DayPlace(date: d("2024-05-12"), coordinate: home, photos: 1, entries: 0, first: "2024-05-12T07:00:00", last: "2024-05-12T07:00:00"),
            DayPlace(date: d("2024-05-12"), coordinate: lisbon, photos: 30, entries: 1, first: "2024-05-12T12:00:00", last: "2024-05-12T22:00:00"),
            DayPlace(date: d("2024-05-14"), coordinate: sintra, photos: 20, entries: 0, first: "2024-05-14T10:00:00", last: "2024-05-14T18:00:00"),
            DayPlace(date: d("2024-05-16"), coordinate: lisbon, photos: 5, entries: 0, first: "2024-05-16T09:00:00", last: "2024-05-16T12:00:00"),
            DayPlace(date: d("2024-05-16"), coordinate: home, photos: 1, entries: 0, first: "2024-05-16T22:00:00", last: "2024-05-16T22:00:00"),
            DayPlace(date: d("2024-05-18"), coordinate: home, photos: 3, entries: 0, first: "2024-05-18T10:00:00", last: "2024-05-18T20:00:00"),
        ]
        let report = TripPlanner(name: Self.names).plan(places, homes: [Home(id: 1, coordinate: home, placeName: "Lyon", since: nil)])
        #expect(report.trips.count == 1)
        let trip = try #require(report.trips.first)
        #expect(trip.name == "Lisbon & Sintra, 12-16 May 2024" && trip.dayCount == 5, "\(trip.name)")
        #expect(trip.days.map(\.places) == [["Lisbon"], [], ["Sintra"], [], ["Lisbon"]], "\(trip.days)")
        #expect(trip.photos == 57 && trip.entries == 1)
        #expect(abs(trip.distanceKm - 45) < 5, "Lisbon → Sintra → Lisbon: \(trip.distanceKm) km")
        #expect(TripPlanner.dates(d("2024-04-28"), d("2024-05-03")) == "28 Apr-3 May 2024")
        #expect(TripPlanner.dates(d("2024-12-30"), d("2025-01-02")) == "30 Dec 2024-2 Jan 2025")
        #expect(TripPlanner.dates(d("2024-05-12"), d("2024-05-12")) == "12 May 2024")
    }
}
