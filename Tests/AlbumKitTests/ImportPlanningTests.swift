import AlbumModel
import AlbumSeam
import Foundation
import Testing

@testable import AlbumCore

/// Clustering, date ranges and place suggestions as plain values.
@Suite struct ImportPlanningTests {
    static func photo(
        _ name: String, _ lat: Double?, _ lon: Double?, at takenAt: String? = nil, camera: String? = nil
    ) -> ImportedPhotoRecord {
        let coordinate = lat.flatMap { lat in lon.flatMap { try? Coordinate(latitude: lat, longitude: $0) } }
        return ImportedPhotoRecord(
            scanned: "/photos/\(name)", contentHash: name.utf8.map { String(format: "%02x", $0) }.joined().padding(toLength: 64, withPad: "0", startingAt: 0),
            bytes: 1000, width: 10, height: 10, takenAt: takenAt, coordinate: coordinate,
            camera: Camera(make: camera, model: camera.map { "\($0) model" }, orientation: nil, altitude: nil).nonEmpty,
            known: nil, warnings: [])
    }

    static func planner(radiusKm: Double = 1) -> ImportPlanner {
        ImportPlanner(radiusKm: radiusKm, suggestionWindowSeconds: 1800, nearestPin: { _ in nil }, pin: { _ in nil })
    }

    /// Each place as the set of its photos' names.
    static func places(_ plan: ImportPlan) -> Set<Set<String>> {
        Set(plan.places.map { Set($0.newPhotos.map(\.path)) })
    }

    /// Random points in a few tight groups and a scatter, with dates.
    static func scatter(seed: UInt64, count: Int) -> [ImportedPhotoRecord] {
        var state = seed
        func random() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        let centres = [(48.85, 2.35), (-33.86, 151.2), (-16.5, 179.999), (89.9995, 10), (-89.9995, -100), (0, 0)]
        return (0..<count).map { i in
            let (lat, lon) = centres[i % centres.count]
            let dLat = (random() - 0.5) * 0.04, dLon = (random() - 0.5) * 0.04
            var longitude = lon + dLon
            if longitude > 180 { longitude -= 360 }
            return photo("p\(i)", max(-90, min(90, lat + dLat)), longitude, at: String(format: "2024-01-01T%02d:%02d:00", i / 60 % 24, i % 60))
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func placesDoNotDependOnFileOrder(seed: UInt64) async throws {
        let photos = Self.scatter(seed: 42, count: 300)
        var shuffler = SystemRandomNumberGenerator()
        let reference = try await Self.planner().plan(photos)
        let shuffled = try await Self.planner().plan(photos.shuffled(using: &shuffler))
        let reversed = try await Self.planner().plan(photos.reversed())
        #expect(Self.places(shuffled) == Self.places(reference))
        #expect(Self.places(reversed) == Self.places(reference))
        #expect(reference.places.map(\.coordinate) == shuffled.places.map(\.coordinate))
    }

    @Test func gridClusteringEqualsBruteForceGreedy() {
        let points = Self.scatter(seed: 7, count: 600).compactMap(\.coordinate)
        for radius in [0.3, 1.0, 5.0] {
            var assigned = Set<Int>()
            var expected: [[Int]] = []
            for seed in points.indices where !assigned.contains(seed) {
                let members = points.indices.filter { !assigned.contains($0) && points[seed].distanceKm(to: points[$0]) <= radius }
                assigned.formUnion(members)
                expected.append(members)
            }
            #expect(PlaceClustering.clusters(points, radiusKm: radius) == expected, "radius \(radius)")
        }
    }

    @Test func photosEitherSideOfTheAntimeridianAreOnePlace() async throws {
        let plan = try await Self.planner().plan([Self.photo("east", -16.5, 179.9995), Self.photo("west", -16.5, -179.9995)])
        #expect(plan.places.count == 1)
        let centre = try #require(plan.places.first?.coordinate)
        #expect(abs(centre.longitude) > 179.999, "a mean of degrees would put it at 0: \(centre)")
        #expect(abs(centre.latitude + 16.5) < 1e-6)
    }

    @Test func photosAroundThePoleAreOnePlaceCentredOnIt() async throws {
        let plan = try await Self.planner().plan([0.0, 120, -120].map { (lon: Double) in Self.photo("pole\(Int(lon))", 89.9995, lon) })
        #expect(plan.places.count == 1)
        #expect(try #require(plan.places.first?.coordinate.latitude) > 89.9999)
        // Across the south pole too, with longitudes 180° apart.
        let south = try await Self.planner().plan([Self.photo("s1", -89.9996, 10), Self.photo("s2", -89.9996, -170)])
        #expect(south.places.count == 1)
    }

    @Test func placesFartherApartThanTheRadiusStaySeparate() async throws {
        let photos = [Self.photo("a", 48.8566, 2.3522), Self.photo("b", 48.8700, 2.3522)]  // 1.5 km apart
        #expect(try await Self.planner(radiusKm: 1).plan(photos).places.count == 2)
        #expect(try await Self.planner(radiusKm: 2).plan(photos).places.count == 1)
    }

    @Test func existingPinsNearbyAreReused() async throws {
        let pin = Pin(id: 9, coordinate: try Coordinate(latitude: 48.8566, longitude: 2.3522), createdAt: Date(), updatedAt: Date())
        let planner = ImportPlanner(
            radiusKm: 1, suggestionWindowSeconds: 1800,
            nearestPin: { c in c.distanceKm(to: pin.coordinate) <= 1 ? pin : nil }, pin: { _ in pin })
        let plan = try await planner.plan([Self.photo("near", 48.857, 2.353), Self.photo("far", 48.9, 2.5)])
        #expect(plan.places.count == 2)
        #expect(plan.places.first?.destination == .existing(pin))
        #expect(plan.places.first?.newPhotos.map(\.path) == ["/photos/near"])
    }

    @Test func sameCameraWithinTheWindowSuggestsAPlace() async throws {
        let photos = [
            Self.photo("located-0900", 48.8566, 2.3522, at: "2024-06-14T09:00:00+02:00", camera: "Canon"),
            Self.photo("located-1000", -33.8568, 151.2153, at: "2024-06-14T10:00:00+02:00", camera: "Canon"),
            Self.photo("nogps-0925", nil, nil, at: "2024-06-14T09:25:00+02:00", camera: "Canon"),
            Self.photo("nogps-0945", nil, nil, at: "2024-06-14T09:45:00+02:00", camera: "Canon"),
            Self.photo("nogps-1031", nil, nil, at: "2024-06-14T10:31:00+02:00", camera: "Canon"),
            Self.photo("nogps-other", nil, nil, at: "2024-06-14T09:01:00+02:00", camera: "Nikon"),
            Self.photo("nogps-undated", nil, nil, camera: "Canon"),
        ]
        let plan = try await Self.planner().plan(photos)
        let suggested = Dictionary(uniqueKeysWithValues: plan.unplaced.map { ($0.photo.path, $0.suggestion?.basedOn.path) })
        #expect(suggested["/photos/nogps-0925"] == "/photos/located-0900")
        #expect(suggested["/photos/nogps-0945"] == "/photos/located-1000", "the nearest in time wins")
        #expect(suggested["/photos/nogps-1031"] == .some(nil), "31 minutes is outside the window")
        #expect(suggested["/photos/nogps-other"] == .some(nil), "another camera")
        #expect(suggested["/photos/nogps-undated"] == .some(nil))
        #expect(plan.unplaced.first { $0.photo.path == "/photos/nogps-0925" }?.suggestion?.secondsApart == Int64(25 * 60))
    }

    @Test func duplicatesKeepTheFirstPathWhateverTheOrder() async throws {
        let original = Self.photo("b/original.jpg", 48.8566, 2.3522)
        let copy = ImportedPhotoRecord(
            scanned: "/photos/a/copy.jpg", contentHash: original.contentHash, bytes: 1000, width: 10, height: 10, takenAt: nil,
            coordinate: original.coordinate, camera: nil, known: nil, warnings: [])
        for order in [[original, copy], [copy, original]] {
            let plan = try await Self.planner().plan(order)
            #expect(plan.duplicates.map(\.file) == ["/photos/b/original.jpg"])
            #expect(plan.duplicates.first?.duplicateOf == "/photos/a/copy.jpg")
            #expect(plan.places.flatMap(\.newPhotos).map(\.path) == ["/photos/a/copy.jpg"])
        }
    }

    @Test func dateRangesUseOffsetsAndSayWhenTheyAreMissing() {
        // 08:30 UTC is later than 09:00+02:00 (07:00 UTC): instants, not clock readings.
        let zoned = DateRange.of(["2024-06-14T09:00:00+02:00", "2024-06-14T08:30:00+00:00", nil])
        #expect(zoned.from == "2024-06-14T09:00:00+02:00")
        #expect(zoned.to == "2024-06-14T08:30:00+00:00")
        #expect(!zoned.isLocalTime)
        #expect(zoned.undated == 1)

        let local = DateRange.of(["2024-06-14T09:00:00+02:00", "2024-06-14T08:30:00"])
        #expect(local.isLocalTime)
        #expect(local.missingOffsets == 1)
        #expect(local.from == "2024-06-14T08:30:00")
        #expect(local.to == "2024-06-14T09:00:00")

        #expect(DateRange.of([nil, "not a date"]) == DateRange(undated: 2))
    }

    @Test func captureTimesParseStrictly() throws {
        let t = try #require(PhotoTime(parsing: "2024-02-29T23:59:59-05:30"))
        #expect(t.utcSeconds == Int64(1_709_251_199 + 5 * 3600 + 1800))
        #expect(PhotoTime(parsing: "2024-13-01T00:00:00") == nil)
        #expect(PhotoTime(parsing: "2024-01-01 00:00:00") == nil)
        #expect(PhotoTime(parsing: "2023-02-29T00:00:00") == nil, "no such day")
        #expect(PhotoTime(parsing: "2024-01-01T00:00:00+15:00") == nil, "no such offset")
        #expect(try #require(PhotoTime(parsing: "1970-01-01T00:00:10")).localSeconds == 10)
    }

    /// The import's place suggestion (same camera, nearest in time) measures with `PhotoTime`:
    /// instants when both offsets are known, camera clock readings otherwise.
    @Test func captureTimesAreApartAsInstantsOnlyWhenBothOffsetsAreKnown() throws {
        let paris = try #require(PhotoTime(parsing: "2024-06-14T09:00:00+02:00"))
        let london = try #require(PhotoTime(parsing: "2024-06-14T08:00:00+01:00"))
        let unknown = try #require(PhotoTime(parsing: "2024-06-14T08:00:00"))
        #expect(paris.secondsApart(from: london) == 0)
        #expect(paris.secondsApart(from: unknown) == 3600)
        #expect(unknown.secondsApart(from: paris) == 3600)
    }
}
