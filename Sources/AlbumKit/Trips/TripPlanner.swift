import AlbumModel
import AlbumPlaces
import Foundation

/// A trip found by itself (issue 29): consecutive days away from home beyond a distance.
public struct Trip: Sendable, Hashable, Codable {
    /// 1, 2, … in date order over the whole library (a `--year` list keeps the numbers).
    public var number: Int
    public var from: LocalDate
    public var to: LocalDate
    /// "Lisbon & Sintra, 12-16 May 2024".
    public var name: String
    /// Its places in the order first visited, each with what was recorded there.
    public var places: [TripPlace]
    public var days: [TripDay]
    /// The route's length: place to place in time order, in kilometres (home not included).
    public var distanceKm: Double
    /// The route: the trip's places away from home (each day's 0.1° cells, at their mean
    /// position) in time order, what the trips page draws.
    public var route: [Coordinate] = []
    public var photos: Int
    public var entries: Int

    public var dayCount: Int { to.dayNumber - from.dayNumber + 1 }
}

/// A place of a trip: a town of the place data (or the position's degrees).
public struct TripPlace: Sendable, Hashable, Codable {
    public var name: String
    public var coordinate: Coordinate
    public var items: Int
}

/// One day of a trip: its places in time order and its counts (a day with nothing recorded has
/// none: an overnight flight, a day without a camera).
public struct TripDay: Sendable, Hashable, Codable {
    public var date: LocalDate
    public var places: [String]
    public var photos: Int
    public var entries: Int
}

/// Where home was over a stretch of days: set by the user, or found (most nights there).
public struct HomePeriod: Sendable, Hashable, Codable {
    public var from: LocalDate?
    public var to: LocalDate?
    public var coordinate: Coordinate
    public var name: String
    /// `set` (album home set) or `found` (the place most nights were spent).
    public var source: String
}

/// What `album trips` shows: the homes and the trips.
public struct TripReport: Sendable, Hashable, Codable {
    public var homes: [HomePeriod]
    public var trips: [Trip]
    public var awayKm: Double
}

/// Finds homes and trips from the days' places (`DayPlace`): plain values in, plain values out.
public struct TripPlanner: Sendable {
    /// A day is away when something of it was recorded farther than this from home.
    public var awayKm: Double = 50
    /// Nights counted either side of a day to find its home (a move shows within this).
    public var homeWindowDays = 90
    /// Days with nothing recorded that may lie inside a trip whatever its places (a longer gap
    /// continues the trip only when both sides are near each other).
    public var maxGapDays = 2
    /// Names a position (the place data's town); the planner's tests give their own.
    public var name: @Sendable (Coordinate) -> String

    public init(awayKm: Double = 50, name: @escaping @Sendable (Coordinate) -> String = TripPlanner.placeName) {
        self.awayKm = awayKm
        self.name = name
    }

    /// How far a town may be for its region (else its country) to name a place the place data
    /// knows no town near (the outback, a coast, at sea near land).
    public static let regionReachKm = 300.0

    /// The town at a position from the offline place data; where no town is within 100 km, the
    /// region (else the country) of the nearest town within `regionReachKm`; else the degrees,
    /// written as people read them ("35.9°S 97.0°W").
    public static let placeName: @Sendable (Coordinate) -> String = { c in
        if case .success(let index) = Places.standard {
            if let place = index.lookup(c).place { return place.name }
            if let near = index.nearestPlace(c, withinKm: regionReachKm), let name = near.region ?? near.country { return name }
        }
        return degrees(c)
    }

    /// "35.9°S 97.0°W", "48.9°N 2.4°E": a position without a name, to a tenth of a degree.
    public static func degrees(_ c: Coordinate) -> String {
        let lat = String(format: "%.1f°%@", abs(c.latitude), c.latitude < 0 ? "S" : "N")
        let lon = String(format: "%.1f°%@", abs(c.longitude), c.longitude < 0 ? "W" : "E")
        return lat + " " + lon
    }

    /// The trips of `places` (in date order, then first time), with `homes` set by the user
    /// (else found from the nights).
    public func plan(_ places: [DayPlace], homes: [Home]) -> TripReport {
        let days = Dictionary(grouping: places, by: \.date).mapValues { $0.sorted { $0.first < $1.first } }
        let dates = days.keys.sorted()
        let located = dates.filter { days[$0]!.contains { $0.coordinate != nil } }
        let (homeOf, periods) = homes.isEmpty ? foundHomes(located, days) : setHomes(homes, located)
        var trips: [Trip] = []
        var current: [LocalDate] = []
        var lastAway: (date: LocalDate, place: Coordinate, endedHome: Bool)?
        func close() {
            if !current.isEmpty { trips.append(trip(number: trips.count + 1, current, days, homeOf)) }
            current = []
        }
        for date in located {
            guard let home = homeOf(date) else { continue }
            let here = days[date]!.filter { $0.coordinate != nil }
            let away = here.filter { Self.km($0.coordinate!, home) > awayKm }
            if away.isEmpty {
                close()
                lastAway = nil
                continue
            }
            let firstAway = away.first!.coordinate!
            if let last = lastAway, !current.isEmpty {
                let gap = date.dayNumber - last.date.dayNumber - 1
                let continues = !last.endedHome && (gap <= maxGapDays || Self.km(last.place, firstAway) <= awayKm)
                if !continues { close() }
            }
            current.append(date)
            let lastPlace = here.last!.coordinate!
            lastAway = (date, away.last!.coordinate!, Self.km(lastPlace, home) <= awayKm)
        }
        close()
        return TripReport(homes: periods, trips: trips, awayKm: awayKm)
    }

    /// A trip of these (away) days: its places, days, distance and name.
    func trip(number: Int, _ dates: [LocalDate], _ days: [LocalDate: [DayPlace]], _ homeOf: (LocalDate) -> Coordinate?) -> Trip {
        var tripDays: [TripDay] = []
        var places: [TripPlace] = []
        var route: [Coordinate] = []
        var photos = 0, entries = 0
        var names: [Coordinate: String] = [:]
        for date in (dates.first!.dayNumber...dates.last!.dayNumber).map(LocalDate.init(dayNumber:)) {
            let here = days[date] ?? []
            var dayNames: [String] = []
            for place in here {
                photos += place.photos
                entries += place.entries
                guard let c = place.coordinate, let home = homeOf(date), Self.km(c, home) > awayKm else { continue }
                let name = names[c] ?? self.name(c)
                names[c] = name
                route.append(c)
                if dayNames.last != name { dayNames.append(name) }
                if let i = places.firstIndex(where: { $0.name == name }) {
                    places[i].items += place.photos + place.entries
                } else {
                    places.append(TripPlace(name: name, coordinate: c, items: place.photos + place.entries))
                }
            }
            tripDays.append(TripDay(date: date, places: dayNames, photos: here.reduce(0) { $0 + $1.photos }, entries: here.reduce(0) { $0 + $1.entries }))
        }
        let distance = zip(route, route.dropFirst()).reduce(0.0) { $0 + Self.km($1.0, $1.1) }
        let from = dates.first!, to = dates.last!
        return Trip(
            number: number, from: from, to: to, name: Self.title(places, from: from, to: to), places: places, days: tripDays,
            distanceKm: (distance * 10).rounded() / 10, route: route, photos: photos, entries: entries)
    }

    /// "Lisbon & Sintra, 12-16 May 2024": the places with at least a sixth of what was recorded
    /// (at most three, in visit order; the most recorded when none has), then the dates.
    static func title(_ places: [TripPlace], from: LocalDate, to: LocalDate) -> String {
        let total = places.reduce(0) { $0 + $1.items }
        var named = places.filter { $0.items * 6 >= total }
        if named.isEmpty, let top = places.max(by: { $0.items < $1.items }) { named = [top] }
        if named.count > 3 {
            let kept = Set(named.sorted { $0.items > $1.items }.prefix(3).map(\.name))
            named = named.filter { kept.contains($0.name) }
        }
        let names = named.map(\.name)
        let joined = names.count <= 1 ? names.first ?? "Away"
            : names.dropLast().joined(separator: ", ") + " & " + names.last!
        return joined + ", " + dates(from, to)
    }

    /// "12 May 2024", "12-16 May 2024", "28 Apr-3 May 2024", "30 Dec 2024-2 Jan 2025".
    public static func dates(_ from: LocalDate, _ to: LocalDate) -> String {
        let month = { (d: LocalDate) in String(LocalPeriod.monthNames[d.month - 1].prefix(3)) }
        let long = { (d: LocalDate) in LocalPeriod.monthNames[d.month - 1] }
        if from == to { return "\(from.day) \(long(from)) \(from.year)" }
        if from.year != to.year { return "\(from.day) \(month(from)) \(from.year)-\(to.day) \(month(to)) \(to.year)" }
        if from.month != to.month { return "\(from.day) \(month(from))-\(to.day) \(month(to)) \(to.year)" }
        return "\(from.day)-\(to.day) \(long(from)) \(to.year)"
    }

    // MARK: Homes

    /// Homes the user set: each from its `since` (the first also before it).
    func setHomes(_ homes: [Home], _ dates: [LocalDate]) -> ((LocalDate) -> Coordinate?, [HomePeriod]) {
        let sorted = homes.sorted { ($0.since?.dayNumber ?? Int.min) < ($1.since?.dayNumber ?? Int.min) }
        let homeOf: (LocalDate) -> Coordinate? = { date in
            (sorted.last { ($0.since?.dayNumber ?? Int.min) <= date.dayNumber } ?? sorted.first)?.coordinate
        }
        let periods = sorted.enumerated().map { i, home in
            HomePeriod(
                from: i == 0 ? nil : home.since, to: i + 1 < sorted.count ? sorted[i + 1].since.map { $0.adding(days: -1) } : nil,
                coordinate: home.coordinate, name: home.placeName ?? name(home.coordinate), source: "set")
        }
        return (homeOf, periods)
    }

    /// Homes found from the nights: each day's last place is its night; nights within half the
    /// away distance are one place; a day's home is the place of most nights within
    /// `homeWindowDays` either side.
    func foundHomes(_ dates: [LocalDate], _ days: [LocalDate: [DayPlace]]) -> ((LocalDate) -> Coordinate?, [HomePeriod]) {
        var centres: [Coordinate] = []
        var night: [Int] = []  // the cluster of each date's night, by index in `dates`
        for date in dates {
            let last = days[date]!.filter { $0.coordinate != nil }.max { $0.last < $1.last }!.coordinate!
            if let i = centres.firstIndex(where: { Self.km($0, last) <= awayKm / 2 }) {
                night.append(i)
            } else {
                centres.append(last)
                night.append(centres.count - 1)
            }
        }
        // A sliding window over the dates: counts of nights per place; the most counted is home.
        var counts = [Int](repeating: 0, count: centres.count)
        var homeIndex = [Int](repeating: 0, count: dates.count)
        var lo = 0, hi = 0
        for (i, date) in dates.enumerated() {
            while hi < dates.count && dates[hi].dayNumber <= date.dayNumber + homeWindowDays { counts[night[hi]] += 1; hi += 1 }
            while dates[lo].dayNumber < date.dayNumber - homeWindowDays { counts[night[lo]] -= 1; lo += 1 }
            var best = night[i]
            for (c, n) in counts.enumerated() where n > counts[best] { best = c }
            homeIndex[i] = best
        }
        var byDate: [LocalDate: Coordinate] = [:]
        var periods: [HomePeriod] = []
        for (i, date) in dates.enumerated() {
            let c = centres[homeIndex[i]]
            byDate[date] = c
            if let last = periods.last, last.coordinate == c {
                periods[periods.count - 1].to = date
            } else {
                periods.append(HomePeriod(from: date, to: date, coordinate: c, name: name(c), source: "found"))
            }
        }
        // A home lasts until the next one begins; the first from the start, the last until now.
        for i in periods.indices {
            periods[i].to = i + 1 < periods.count ? periods[i + 1].from.map { $0.adding(days: -1) } : nil
        }
        if !periods.isEmpty { periods[0].from = nil }
        let sortedDates = dates
        let homeOf: (LocalDate) -> Coordinate? = { date in
            if let c = byDate[date] { return c }
            // A day without a located night: the home of the nearest date before it.
            guard let i = sortedDates.lastIndex(where: { $0 < date }) ?? (sortedDates.isEmpty ? nil : 0) else { return nil }
            return byDate[sortedDates[i]]
        }
        return (homeOf, periods)
    }

    /// Great-circle distance in kilometres.
    static func km(_ a: Coordinate, _ b: Coordinate) -> Double {
        let r = 6371.0088, rad = Double.pi / 180
        let dlat = (b.latitude - a.latitude) * rad, dlon = (b.longitude - a.longitude) * rad
        let h = sin(dlat / 2) * sin(dlat / 2) + cos(a.latitude * rad) * cos(b.latitude * rad) * sin(dlon / 2) * sin(dlon / 2)
        return 2 * r * asin(min(1, h.squareRoot()))
    }
}
