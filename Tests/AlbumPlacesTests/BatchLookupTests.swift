import AlbumModel
import Foundation
import Testing
import TestSupport

@testable import AlbumPlaces

/// Lookups of many positions at once (stage by stage, decision 0045-places) answer
/// what a scan of every place and the zone map's own answer say, position by position.
@Suite struct BatchLookupTests {
    /// The answer from first principles: the nearest place by a scan of every row, the zone from
    /// the map's `zone`, else the nearest place's within 1,000 km, else the nautical zone.
    static func reference(_ index: PlaceIndex, latitude: Double, longitude: Double) -> PlaceLookup {
        let near = PlaceGridTests.bruteForce(index, latitude: latitude, longitude: longitude, maxChord: PlaceIndex.zoneChord)
        let km = near.map { UnitVectorTree.km(chord: $0.1.squareRoot()) }
        let place = near.flatMap { km! <= PlaceIndex.placeRadiusKm ? index.place($0.0, distanceKm: km!) : nil }
        if let zone = index.mapZone(latitude: latitude, longitude: longitude) {
            return PlaceLookup(place: place, timeZone: index.zoneNames[zone])
        }
        guard let near else { return PlaceLookup(place: nil, timeZone: PlaceIndex.nauticalZone(longitude: longitude)) }
        return PlaceLookup(place: place, timeZone: index.data.zones[Int(index.data.zoneIndexes[near.0])])
    }

    static func expectReferenceAnswers(_ index: PlaceIndex, _ points: [(Double, Double)]) throws {
        let coordinates = try points.map { try Coordinate(latitude: $0.0, longitude: $0.1) }
        let batch = index.lookup(coordinates)
        var answers = [PlaceLookup](repeating: PlaceLookup(place: nil, timeZone: "before"), count: points.count + 3)
        index.lookup(latitudes: points.map(\.0), longitudes: points.map(\.1), into: &answers)
        #expect(answers.suffix(3).allSatisfy { $0.timeZone == "before" })
        var mismatches = 0
        for (i, (lat, lon)) in points.enumerated() {
            let expected = reference(index, latitude: lat, longitude: lon)
            let one = index.lookup(latitude: lat, longitude: lon)
            guard batch[i] != expected || answers[i] != expected || one != expected else { continue }
            mismatches += 1
            if mismatches <= 20 {
                Issue.record("at \(lat), \(lon): batch \(batch[i]), into \(answers[i]), one \(one), reference \(expected)")
            }
        }
        #expect(mismatches == 0)
    }

    /// With the zone map: random points, points near places, on cell edges, poles, the
    /// antimeridian, borders where the map's quadtree is deep (Strasbourg and Kehl, El Paso and
    /// Ciudad Juárez), open sea; in blocks that mix all of them.
    @Test func withTheZoneMapBlocksAnswerAsTheReference() throws {
        let index = MappedPlaces.index
        var points = PlaceGridTests.points(count: 1200, seed: 21, near: index)
        var g = SeededGenerator(seed: 22)
        for (lat, lon) in [(48.58, 7.78), (31.74, -106.47), (46.2, 6.1), (-16.8, 180.0)] {
            for _ in 0..<150 {
                points.append((lat + Double.random(in: -0.1...0.1, using: &g), min(180, lon + Double.random(in: -0.1...0.1, using: &g))))
            }
        }
        points.shuffle(using: &g)
        try Self.expectReferenceAnswers(index, points)
    }

    /// Without it: zones from the nearest place, the tree beyond the grid's radius, nautical
    /// zones far out at sea.
    @Test func withoutTheZoneMapBlocksAnswerAsTheReference() throws {
        let index = DebianPlaces.index
        try Self.expectReferenceAnswers(index, PlaceGridTests.points(count: 1200, seed: 23, near: index))
    }

    @Test func noPositionsNoAnswers() {
        #expect(DebianPlaces.index.lookup([Coordinate]()).isEmpty)
        var none: [PlaceLookup] = []
        DebianPlaces.index.lookup(latitudes: [], longitudes: [], into: &none)
        #expect(none.isEmpty)
    }

    /// The unit vector from the table of whole degrees and the series is within a few ulp of the
    /// library's sin and cos, at whole degrees, halves, the ends of the range and at random.
    @Test func unitVectorsAgreeWithTheLibrary() {
        var g = SeededGenerator(seed: 5)
        var positions: [(Double, Double)] = [(90, 180), (-90, -180), (0, 0), (-0.5, -0.5), (89.999999, 179.999999), (-1e-300, -1e-300)]
        for d in -90...90 { positions.append((Double(d), Double(2 * d))) }
        for _ in 0..<20000 { positions.append((Double.random(in: -90...90, using: &g), Double.random(in: -180...180, using: &g))) }
        var worst = 0.0
        for (lat, lon) in positions {
            let v = UnitVectorTree.unitVector(latitude: lat, longitude: lon)
            let φ = lat * .pi / 180, λ = lon * .pi / 180
            let w = (cos(φ) * cos(λ), cos(φ) * sin(λ), sin(φ))
            worst = max(worst, abs(v.0 - w.0), abs(v.1 - w.1), abs(v.2 - w.2))
        }
        #expect(worst < 1e-15)
        // Out of range (never a valid position): the library's answer, not a read past the table.
        let far = UnitVectorTree.unitVector(latitude: 0, longitude: 540)
        #expect(abs(far.0 + 1) < 1e-12)
    }
}
