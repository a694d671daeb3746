import AlbumModel
import Foundation
import Testing
import TestSupport

@testable import AlbumPlaces

/// The candidate grid answers exactly what a scan of every place answers (decision 0008, the
/// 2026-11-24 section): the same row, at the same chord, on random points and on the places the
/// grid could get wrong (poles, the antimeridian, cell edges, open sea, dense clusters).
@Suite struct PlaceGridTests {
    /// The nearest row to q by a scan in row order (ties: the lowest row), within `maxChord`.
    static func bruteForce(_ index: PlaceIndex, latitude: Double, longitude: Double, maxChord: Double) -> (Int, Double)? {
        let (qx, qy, qz) = UnitVectorTree.unitVector(latitude: latitude, longitude: longitude)
        var best = -1, bestD2 = maxChord * maxChord
        let t = index.tree
        for i in 0..<t.count {
            let d2 = t.chord2(i, qx, qy, qz)
            if d2 < bestD2 { bestD2 = d2; best = i }
        }
        return best < 0 ? nil : (best, bestD2)
    }

    /// Random points uniform on the sphere, then the hard ones.
    static func points(count: Int, seed: UInt64, near index: PlaceIndex) -> [(Double, Double)] {
        var g = SeededGenerator(seed: seed)
        var points: [(Double, Double)] = []
        for _ in 0..<count {
            points.append((asin(Double.random(in: -1...1, using: &g)) * 180 / .pi, Double.random(in: -180...180, using: &g)))
        }
        // Within a few km of a random place (where lists are long and ties close).
        for _ in 0..<count {
            let i = Int.random(in: 0..<index.count, using: &g)
            points.append((
                min(90, max(-90, index.data.latitudes[i] + Double.random(in: -0.05...0.05, using: &g))),
                min(180, max(-180, index.data.longitudes[i] + Double.random(in: -0.05...0.05, using: &g)))))
        }
        // On the edges and corners of cells (degrees, halves, 1/128ths), poles and antimeridian.
        for _ in 0..<(count / 4) {
            let lat = Double(Int.random(in: -90 * 128...90 * 128, using: &g)) / 128
            let lon = Double(Int.random(in: -180 * 128...180 * 128, using: &g)) / 128
            points.append((lat, lon))
            points.append((lat, Double.random(in: -180...180, using: &g)))
        }
        points += [
            (90, 0), (-90, 0), (90, 180), (-90, -180), (89.99, 45), (-89.9, 179.9), (0, 180), (0, -180),
            (-16.83, -179.97), (-16.83, 179.97), (-16.8, 180), (80, 22), (78.22, 15.63), (79.5, 10),
            (0, -140), (-48.88, -123.39), (30, -40), (-60, 0), (64.1, -21.9), (71.29, -156.79),
        ]
        return points
    }

    static func expectSameAsBruteForce(_ index: PlaceIndex, _ points: [(Double, Double)]) {
        var mismatches = 0
        for (lat, lon) in points {
            let (qx, qy, qz) = UnitVectorTree.unitVector(latitude: lat, longitude: lon)
            for maxChord in [PlaceIndex.placeChord, PlaceIndex.zoneChord] {
                let grid = index.nearest(qx, qy, qz, latitude: lat, longitude: lon, maxChord: maxChord)
                let scan = bruteForce(index, latitude: lat, longitude: lon, maxChord: maxChord)
                let same: Bool
                switch (grid, scan) {
                case (nil, nil): same = true
                // Ties only from the tree (beyond the grid's radius), which visits rows in its own order.
                case let (g?, s?): same = g.index == s.0 || (g.chord2 == s.1 && s.1 > PlaceIndex.gridChord * PlaceIndex.gridChord)
                default: same = false
                }
                if !same {
                    mismatches += 1
                    Issue.record("at \(lat), \(lon) (max chord \(maxChord)): grid \(String(describing: grid)), scan \(String(describing: scan))")
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test func debianPlacesAnswerAsAScanOfEveryPlace() {
        let index = DebianPlaces.index
        Self.expectSameAsBruteForce(index, Self.points(count: 3000, seed: 7, near: index))
    }

    /// A dense cluster (thousands of places within a few km, cells split to the last level and
    /// lists longer than the split threshold) and lone places across the antimeridian.
    @Test func aDenseClusterAnswersAsAScan() throws {
        let folder = TemporaryFolder("places-grid")
        var g = SeededGenerator(seed: 3)
        var lines: [String] = []
        func row(_ id: Int, _ lat: Double, _ lon: Double) -> String {
            "\(id)\tPlace \(id)\tPlace \(id)\t\t\(String(format: "%.5f", lat))\t\(String(format: "%.5f", lon))\tP\tPPL\tKE\t\t05\t\t\t\t1000\t\t0\tAfrica/Nairobi\t2020-01-01"
        }
        for id in 0..<3000 {
            lines.append(row(id, -1.3 + Double.random(in: -0.05...0.05, using: &g), 36.8 + Double.random(in: -0.05...0.05, using: &g)))
        }
        for id in 3000..<3400 {
            lines.append(row(id, Double.random(in: -89...89, using: &g), Double.random(in: -180...180, using: &g)))
        }
        // Five places at the same position: ties go to the lowest row.
        for id in 3400..<3405 { lines.append(row(id, -16.8, 179.99)) }
        let path = folder.child("cities500.txt").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let index = try PlaceIndex.load(PlaceSource(cities: path), cacheFolder: folder.child("cache"))
        var points = Self.points(count: 1500, seed: 9, near: index)
        for _ in 0..<2000 {
            points.append((-1.3 + Double.random(in: -0.1...0.1, using: &g), 36.8 + Double.random(in: -0.1...0.1, using: &g)))
        }
        Self.expectSameAsBruteForce(index, points)
        // The same grid read back from the cache.
        let cached = try PlaceIndex.load(PlaceSource(cities: path), cacheFolder: folder.child("cache"))
        #expect(cached.grid.lists == index.grid.lists && cached.grid.cells == index.grid.cells && cached.grid.tiles == index.grid.tiles)
        // The cluster's tile is laid out at the last level: 128 × 128 cells.
        let tile = index.grid.tile(TilePosition(latitude: -1.3, longitude: 36.8))
        #expect(tile & 0x8000_0000 != 0 && (tile >> 28) & 7 == UInt32(PlaceGrid.maxDepth))
        #expect(index.grid.isConsistent(places: index.count))
    }
}
