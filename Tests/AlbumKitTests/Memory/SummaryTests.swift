@testable import AlbumCore
import AlbumModel
import AlbumStore
import Foundation
import Testing

/// Summaries of a generated library against numbers computed here, independently, from the
/// list of photos the test stored.
@Suite struct SummaryTests {
    struct Shot {
        let day: Int  // day of June 2024 (0 and below: May)
        let hour: Int
        let place: Int
        let camera: Int
    }

    static let places: [Coordinate] = [.at(48.8566, 2.3522), .at(45.7640, 4.8357), .at(43.2965, 5.3698), .at(44.8378, -0.5792)]
    static let cameras: [(String, String)] = [("Canon", "Canon EOS R6"), ("SONY", "ILCE-7M3")]

    /// A deterministic walk: a place or two a day, photos at one place, then the other.
    static func shots() -> [Shot] {
        var generator = SplitMix(seed: 7)
        var shots: [Shot] = []
        for day in -5...30 where generator.next() % 3 != 0 {
            let first = Int(generator.next() % 4)
            let second = Int(generator.next() % 4)
            for i in 0..<Int(1 + generator.next() % 4) { shots.append(Shot(day: day, hour: 8 + i, place: first, camera: i % 2)) }
            for i in 0..<Int(generator.next() % 3) { shots.append(Shot(day: day, hour: 14 + i, place: second, camera: 1)) }
        }
        return shots
    }

    static func date(_ day: Int) -> LocalDate { LocalDate.on(2024, 6, 1)!.adding(days: day - 1) }

    @Test func aMonthMatchesNumbersComputedIndependently() async throws {
        let m = try await MemoryLibrary()
        let shots = Self.shots()
        // One pin per place (the first group makes it, later ones join it within 1 km).
        var pins: [Int: Int64] = [:]
        for (place, coordinate) in Self.places.enumerated() {
            let id = try await m.add([("2020-01-01T00:00:00", "seed \(place)")], at: coordinate)[0]
            pins[place] = try await m.library.store.requirePhoto(id: id).pinId
        }
        for shot in shots {
            let (make, model) = Self.cameras[shot.camera]
            let time = "\(Self.date(shot.day))T\(shot.hour < 10 ? "0" : "")\(shot.hour):00:00+02:00"
            _ = try await m.library.store.commitImport([ImportGroup(destination: .pin(id: pins[shot.place]!), photos: [
                ImportedPhotoRecord(
                    contentHash: UUID().uuidString, originalPath: "/x", file: "/x", thumbnail: "t", title: "s", takenAt: time,
                    coordinate: nil, bytes: 1, width: 1, height: 1, make: make, model: model, orientation: 1, altitude: nil),
            ])])
        }
        try await m.library.addTags([TagName("south")], to: .pin(pins[2]!))

        let june = shots.filter { $0.day >= 1 }
        let may = shots.filter { $0.day < 1 }
        let summary = try await m.library.summary(of: LocalPeriod.month("2024-06"))
        #expect(summary.photos == june.count)
        #expect(summary.pins == Set(june.map(\.place)).count)
        #expect(summary.activeDays == Set(june.map(\.day)).count)
        var perDay: [Int: Int] = [:]
        for shot in june { perDay[shot.day, default: 0] += 1 }
        #expect(summary.series.count == 30)
        #expect(summary.series.map(\.photos) == (1...30).map { perDay[$0] ?? 0 })
        let busiest = perDay.max { ($0.value, $1.key) < ($1.value, $0.key) }!
        #expect(summary.busiestDay == DayCount(date: Self.date(busiest.key), photos: busiest.value))
        // Every place has a seed photo in 2020: none is new.
        #expect(summary.newPlaces == 0)
        var perPlace: [Int: Int] = [:]
        for shot in june { perPlace[shot.place, default: 0] += 1 }
        #expect(summary.topPlaces.first?.photos == perPlace.values.max())
        #expect(summary.topTags == [TagCount(tag: TagName(stored: "south"), photos: perPlace[2] ?? 0)].filter { $0.photos > 0 })
        #expect(summary.cameras.reduce(0) { $0 + $1.photos } == june.count)
        #expect(summary.cameras.first { $0.model == "ILCE-7M3" }?.photos == june.filter { $0.camera == 1 }.count)
        #expect(summary.first?.takenAt?.hasPrefix(Self.date(june.first!.day).description) == true)
        #expect(summary.last?.takenAt?.hasPrefix(Self.date(june.last!.day).description) == true)

        // Distance: consecutive different places along the shots in time order.
        var km = 0.0
        var previous: Int?
        for shot in june.sorted(by: { ($0.day, $0.hour) < ($1.day, $1.hour) }) where shot.place != previous {
            if let previous { km += Self.places[previous].distanceKm(to: Self.places[shot.place]) }
            previous = shot.place
        }
        #expect(abs(summary.distanceKm - km) < 0.1, "\(summary.distanceKm) vs \(km)")
        #expect(summary.previous.photos == may.count)
        #expect(summary.change.photos == june.count - may.count)

        // The year: photos per month, and the seeds of 2020 are in no month of 2024.
        let year = try await m.library.summary(of: LocalPeriod.year("2024"))
        #expect(year.series.map(\.photos) == [0, 0, 0, 0, may.count, june.count, 0, 0, 0, 0, 0, 0])
        #expect(year.photos == shots.count)
        #expect(year.newPlaces == 0)

        // Removing a photo updates the roll-up the summary reads.
        let lastId = try await m.library.store.lastPhotoId()
        try await m.library.removePhoto(id: lastId)
        #expect(try await m.library.summary(of: LocalPeriod.month("2024-06")).photos == june.count - 1)
    }

    @Test func placesAreNamedPlacesAndPinsInOneTownAreOnePlace() async throws {
        let m = try await MemoryLibrary()
        // Two pins in Paris and one in Lyon in June; a third Paris pin had a photo in 2023.
        let eiffel = try await m.add([("2024-06-14T10:00:00", "a"), ("2024-06-14T11:00:00", "b")], at: .at(48.8566, 2.3522))
        let louvre = try await m.add([("2024-06-15T10:00:00", "c")], at: .at(48.8600, 2.3400))
        let lyon = try await m.add([("2024-06-16T10:00:00", "d"), ("2024-06-16T11:00:00", "e"), ("2024-06-16T12:00:00", "f")], at: .at(45.7640, 4.8357))
        let before = try await m.add([("2023-05-01T10:00:00", "g")], at: .at(48.8530, 2.3600))
        try await m.library.nameNewPlaces()

        let june = try await m.library.summary(of: LocalPeriod.month("2024-06"))
        #expect(june.pins == 3)
        #expect(june.places == 2)
        #expect(june.newPlaces == 1)  // Lyon; Paris was seen in 2023 from another pin
        #expect(june.topPlaces.map(\.name) == ["Paris", "Lyon"] || june.topPlaces.map(\.name) == ["Lyon", "Paris"])
        let paris = try #require(june.topPlaces.first { $0.name == "Paris" })
        #expect(paris.photos == 3 && paris.pins == 2 && !paris.isNew)
        #expect(paris.place?.countryCode == "FR")
        #expect(paris.pinId == (try await m.library.store.requirePhoto(id: eiffel[0]).pinId))
        let lyonPlace = try #require(june.topPlaces.first { $0.name == "Lyon" })
        #expect(lyonPlace.photos == 3 && lyonPlace.pins == 1 && lyonPlace.isNew)

        // `find Paris` finds the photos whose place is Paris; the timeline shows the place name.
        #expect(Set(try await m.library.find(SearchText("paris")).photos.map(\.id)) == Set(eiffel + louvre + before))
        #expect(try await m.library.find(SearchText("lyon")).photos.map(\.id).sorted() == lyon)
        let day = try await m.library.timeline(by: .day, filter: PhotoFilter(from: LocalDate("2024-06-16"), to: LocalDate("2024-06-16")))
        #expect(day.groups.flatMap(\.photos).map(\.place) == ["Lyon", "Lyon", "Lyon"])
    }

    @Test func anEmptyMonthIsASummaryNotAnError() async throws {
        let m = try await MemoryLibrary()
        let summary = try await m.library.summary(of: LocalPeriod.month("2024-02"))
        #expect(summary.photos == 0 && summary.busiestDay == nil && summary.series.count == 29)
        #expect(summary.change.photosPercent == nil)
    }
}

/// A small deterministic random number generator.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
