import Foundation

/// For every cell of a quadtree over 1° tiles, the places that can be nearest to a point of
/// the cell: a lookup reads one short list instead of searching the 3-d tree.
///
/// A cell with centre c (a unit vector) and radius r (the farthest point of the cell from c,
/// as a chord) keeps the places p with |c − p| ≤ min(d + 2r, R + r), d the nearest place to
/// c and R = `radiusChord`. For a point q of the cell whose nearest place p* is within R:
/// |q − p*| ≤ min(|q − n| , R) ≤ min(d + r, R) for n the nearest place to c, so
/// |c − p*| ≤ r + min(d + r, R). Chords are Euclidean distances, so the triangle inequality
/// holds; the nearest by chord is the nearest on the sphere. A child cell filters its parent's
/// list the same way with d taken over that list (a place nearest to a point of the child is
/// nearest to a point of the parent, so it is in the parent's list, and the bound holds with
/// any place of the list for n). Hence: the nearest place of the list, when it is within R, is
/// the nearest of all; when the list has none within R, no place is (`PlaceIndex` then asks
/// the tree, for zones up to 1,000 km).
///
/// A cell whose list is longer than `maxCandidates` is split into four, down to 1/128°.
/// Lists hold row numbers in ascending order, so ties go to the lowest row, as a brute-force
/// scan in row order does.
struct PlaceGrid: Sendable {
    /// Answers are exact for a nearest place within this distance (≥ `placeRadiusKm`).
    static let radiusKm = 120.0
    static let maxCandidates = 12
    static let maxDepth = 7
    /// Rounding allowance on every bound (chord units: ~6 m).
    static let slack = 1e-9

    /// 180 × 360 refs (row = degree of latitude from the south pole, column = degree of
    /// longitude from 180° W). A ref below 2³¹ is a leaf: the offset in `lists` of its count,
    /// followed by its rows. Above, its low 31 bits are the offset in `nodes` of four refs
    /// (SW, SE, NW, NE).
    let tiles: [UInt32]
    let nodes: [UInt32]
    let lists: [UInt32]

    /// The list of the cell holding a position: (offset of the first row, count) in `lists`.
    @inline(__always)
    func cell(latitude: Double, longitude: Double) -> (start: Int, count: Int) {
        var y = latitude + 90, x = longitude + 180
        let ty = min(179, max(0, Int(y))), txRaw = Int(x)
        let tx = txRaw >= 360 ? txRaw - 360 : max(0, txRaw)
        var ref = tiles.withUnsafeBufferPointer { $0[ty &* 360 &+ tx] }
        y -= Double(ty)
        x -= Double(txRaw)
        nodes.withUnsafeBufferPointer { n in
            while ref & 0x8000_0000 != 0 {
                y += y
                x += x
                var quadrant = 0
                if y >= 1 { quadrant = 2; y -= 1 }
                if x >= 1 { quadrant |= 1; x -= 1 }
                ref = n[Int(ref & 0x7FFF_FFFF) &+ quadrant]
            }
        }
        let at = Int(ref)
        return (at + 1, Int(lists.withUnsafeBufferPointer { $0[at] }))
    }

    /// Whether every ref and row is in range (for a grid read from a cache file).
    func isConsistent(places: Int) -> Bool {
        guard tiles.count == 180 * 360, nodes.count % 4 == 0 else { return false }
        func valid(_ ref: UInt32) -> Bool {
            if ref & 0x8000_0000 != 0 { return Int(ref & 0x7FFF_FFFF) + 4 <= nodes.count }
            let at = Int(ref)
            return at < lists.count && at + 1 + Int(lists[at]) <= lists.count
        }
        guard tiles.allSatisfy(valid), nodes.allSatisfy(valid) else { return false }
        // Every row is a place: lists are count, rows… back to back.
        var at = 0
        while at < lists.count {
            let end = at + 1 + Int(lists[at])
            guard end <= lists.count, lists[(at + 1)..<end].allSatisfy({ Int($0) < places }) else { return false }
            at = end
        }
        return true
    }
}

extension PlaceGrid {
    /// Builds the grid of the points of `tree` (whose rows are the places).
    init(tree: UnitVectorTree) {
        let radius = UnitVectorTree.chord(km: Self.radiusKm)
        var tiles = [UInt32](repeating: 0, count: 180 * 360)
        var nodes: [UInt32] = []
        var lists: [UInt32] = [0]  // the shared empty list
        func distance(_ c: (Double, Double, Double), _ i: Int) -> Double { tree.chord2(i, c.0, c.1, c.2).squareRoot() }
        /// The ref of the cell lat0..<lat1 × lon0..<lon1 whose candidates are within `list`.
        func refine(_ list: [Int], _ lat0: Double, _ lat1: Double, _ lon0: Double, _ lon1: Double, _ depth: Int) -> UInt32 {
            let c = UnitVectorTree.unitVector(latitude: (lat0 + lat1) / 2, longitude: (lon0 + lon1) / 2)
            var r = 0.0
            for (lat, lon) in [(lat0, lon0), (lat0, lon1), (lat1, lon0), (lat1, lon1)] {
                let v = UnitVectorTree.unitVector(latitude: lat, longitude: lon)
                let dx = v.0 - c.0, dy = v.1 - c.1, dz = v.2 - c.2
                r = max(r, (dx * dx + dy * dy + dz * dz).squareRoot())
            }
            r = r * 1.0001 + Self.slack
            let distances = list.map { distance(c, $0) }
            let d = distances.min() ?? .infinity
            let limit = min(d + 2 * r, radius + r) + Self.slack
            let kept = zip(list, distances).filter { $0.1 <= limit }.map(\.0)
            if kept.isEmpty { return 0 }
            if kept.count <= Self.maxCandidates || depth == Self.maxDepth {
                let at = lists.count
                lists.append(UInt32(kept.count))
                lists.append(contentsOf: kept.map { UInt32($0) })
                return UInt32(at)
            }
            let at = nodes.count
            nodes.append(contentsOf: [0, 0, 0, 0])
            let latMid = (lat0 + lat1) / 2, lonMid = (lon0 + lon1) / 2
            let sw = refine(kept, lat0, latMid, lon0, lonMid, depth + 1)
            let se = refine(kept, lat0, latMid, lonMid, lon1, depth + 1)
            let nw = refine(kept, latMid, lat1, lon0, lonMid, depth + 1)
            let ne = refine(kept, latMid, lat1, lonMid, lon1, depth + 1)
            nodes[at] = sw; nodes[at + 1] = se; nodes[at + 2] = nw; nodes[at + 3] = ne
            return 0x8000_0000 | UInt32(at)
        }
        // A 1° tile's radius is at most ~79 km: its first list is every place within R + 80 km.
        let tileReach = radius + UnitVectorTree.chord(km: 80)
        for ty in 0..<180 {
            for tx in 0..<360 {
                let lat0 = Double(ty - 90), lon0 = Double(tx - 180)
                let c = UnitVectorTree.unitVector(latitude: lat0 + 0.5, longitude: lon0 + 0.5)
                let near = tree.within(c.0, c.1, c.2, maxChord: tileReach).sorted()
                tiles[ty * 360 + tx] = refine(near, lat0, lat0 + 1, lon0, lon0 + 1, 0)
            }
        }
        self.init(tiles: tiles, nodes: nodes, lists: lists)
    }
}
