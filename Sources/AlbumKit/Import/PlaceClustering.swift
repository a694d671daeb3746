#if canImport(Glibc)
import Glibc
#endif
import AlbumModel

/// Groups photo positions into places, the same way whatever order the files were found in.
///
/// Greedy leader clustering on the sphere: the caller gives the points in a stable order (the
/// planner sorts by capture time, then content hash); the first point not yet in a place starts
/// one and takes every other unassigned point within `radiusKm` of it (great-circle distance).
/// Positions are handled as unit vectors in 3-D, so the antimeridian and the poles are not
/// special: two photos 100 m apart either side of ±180° or of a pole are 100 m apart here too.
/// Candidates come from a 3-D grid whose cell is the chord of `radiusKm`, so each point looks
/// at 27 cells, not at every other point.
enum PlaceClustering {
    static let earthRadiusKm = 6371.0088

    /// The places among `points`: each a list of indices into `points`, ascending; places in
    /// the order of their first point.
    static func clusters(_ points: [Coordinate], radiusKm: Double) -> [[Int]] {
        let vectors = points.map(UnitVector.init)
        let cell = max(1e-12, 2 * sin(min(radiusKm / earthRadiusKm, .pi) / 2))
        var grid: [GridCell: [Int]] = [:]
        for (index, vector) in vectors.enumerated() {
            grid[GridCell(vector, cell), default: []].append(index)
        }
        var assigned = [Bool](repeating: false, count: points.count)
        var places: [[Int]] = []
        for seed in points.indices where !assigned[seed] {
            assigned[seed] = true
            var members = [seed]
            for neighbour in GridCell(vectors[seed], cell).neighbourhood {
                for other in grid[neighbour] ?? [] where !assigned[other] {
                    if points[seed].distanceKm(to: points[other]) <= radiusKm {
                        assigned[other] = true
                        members.append(other)
                    }
                }
            }
            places.append(members.sorted())
        }
        return places
    }

    /// The centre of a place: the normalised mean of its unit vectors (right across the
    /// antimeridian and at the poles, unlike a mean of degrees), rounded to 1e-6 degrees (11 cm)
    /// so the pin prints as `-0.3713`, not `-0.37129999999999996`.
    static func centre(of points: [Coordinate]) -> Coordinate? {
        guard let mean = exactCentre(of: points) else { return nil }
        let round = { (degrees: Double) in (degrees * 1e6).rounded() / 1e6 }
        return (try? Coordinate(latitude: round(mean.latitude), longitude: round(mean.longitude))) ?? mean
    }

    private static func exactCentre(of points: [Coordinate]) -> Coordinate? {
        guard let first = points.first else { return nil }
        var sum = UnitVector(x: 0, y: 0, z: 0)
        for point in points {
            let v = UnitVector(point)
            sum = UnitVector(x: sum.x + v.x, y: sum.y + v.y, z: sum.z + v.z)
        }
        let norm = (sum.x * sum.x + sum.y * sum.y + sum.z * sum.z).squareRoot()
        guard norm > 1e-9 else { return first }
        return UnitVector(x: sum.x / norm, y: sum.y / norm, z: sum.z / norm).coordinate ?? first
    }
}

/// A point on the unit sphere.
struct UnitVector: Hashable {
    var x: Double
    var y: Double
    var z: Double

    init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    init(_ c: Coordinate) {
        let φ = c.latitude * .pi / 180, λ = c.longitude * .pi / 180
        self.init(x: cos(φ) * cos(λ), y: cos(φ) * sin(λ), z: sin(φ))
    }

    /// Back to degrees; the longitude of a pole is 0.
    var coordinate: Coordinate? {
        let horizontal = (x * x + y * y).squareRoot()
        let latitude = atan2(z, horizontal) * 180 / .pi
        let longitude = horizontal < 1e-12 ? 0 : atan2(y, x) * 180 / .pi
        return try? Coordinate(latitude: min(90, max(-90, latitude)), longitude: min(180, max(-180, longitude)))
    }
}

/// A cube of the 3-D grid.
private struct GridCell: Hashable {
    let i: Int64, j: Int64, k: Int64

    init(i: Int64, j: Int64, k: Int64) {
        self.i = i
        self.j = j
        self.k = k
    }

    init(_ v: UnitVector, _ size: Double) {
        self.init(i: Int64((v.x / size).rounded(.down)), j: Int64((v.y / size).rounded(.down)), k: Int64((v.z / size).rounded(.down)))
    }

    /// This cell and the 26 around it.
    var neighbourhood: [GridCell] {
        var cells: [GridCell] = []
        cells.reserveCapacity(27)
        for di in -1...1 { for dj in -1...1 { for dk in -1...1 { cells.append(GridCell(i: i + Int64(di), j: j + Int64(dj), k: k + Int64(dk))) } } }
        return cells
    }
}
