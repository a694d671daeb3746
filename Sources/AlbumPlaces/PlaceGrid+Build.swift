import Foundation

extension PlaceGrid {
    /// Builds the grid of the points of `tree` (whose rows are the places): a quadtree of
    /// cells per tile, then laid out flat.
    init(tree: UnitVectorTree) {
        let radius = UnitVectorTree.chord(km: Self.radiusKm)
        var tiles = [UInt32](repeating: 0, count: 180 * 360)
        var cells: [UInt32] = []
        var lists: [UInt32] = [0]  // the shared empty list
        func distance(_ c: (Double, Double, Double), _ i: Int) -> Double { tree.chord2(i, c.0, c.1, c.2).squareRoot() }
        /// The cell lat0..<lat1 × lon0..<lon1 whose candidates are within `list`: its list's
        /// offset, or its four quarters (SW, SE, NW, NE).
        func refine(_ list: [Int], _ lat0: Double, _ lat1: Double, _ lon0: Double, _ lon1: Double, _ depth: Int) -> QuadCell {
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
            if kept.isEmpty { return .list(0) }
            if kept.count <= Self.maxCandidates || depth == Self.maxDepth {
                let at = lists.count
                lists.append(UInt32(kept.count))
                lists.append(contentsOf: kept.map { UInt32($0) })
                return .list(UInt32(at))
            }
            let latMid = (lat0 + lat1) / 2, lonMid = (lon0 + lon1) / 2
            return .split([
                refine(kept, lat0, latMid, lon0, lonMid, depth + 1), refine(kept, lat0, latMid, lonMid, lon1, depth + 1),
                refine(kept, latMid, lat1, lon0, lonMid, depth + 1), refine(kept, latMid, lat1, lonMid, lon1, depth + 1),
            ])
        }
        // A 1° tile's radius is at most ~79 km: its first list is every place within R + 80 km.
        let tileReach = radius + UnitVectorTree.chord(km: 80)
        for ty in 0..<180 {
            for tx in 0..<360 {
                let lat0 = Double(ty - 90), lon0 = Double(tx - 180)
                let c = UnitVectorTree.unitVector(latitude: lat0 + 0.5, longitude: lon0 + 0.5)
                let near = tree.within(c.0, c.1, c.2, maxChord: tileReach).sorted()
                let root = refine(near, lat0, lat0 + 1, lon0, lon0 + 1, 0)
                guard case .split = root else {
                    if case .list(let at) = root { tiles[ty * 360 + tx] = at }
                    continue
                }
                let level = root.depth, side = 1 << level, base = cells.count
                cells.append(contentsOf: repeatElement(0, count: side * side))
                root.fill(&cells, base: base, level: level, iy: 0, ix: 0, side: side)
                tiles[ty * 360 + tx] = 0x8000_0000 | UInt32(level) << 28 | UInt32(base)
            }
        }
        precondition(cells.count < 1 << 28, "place grid too large")
        self.init(tiles: tiles, cells: cells, lists: lists)
    }
}

/// A cell of a tile's quadtree while the grid is built.
private indirect enum QuadCell {
    /// The offset of the cell's list.
    case list(UInt32)
    /// SW, SE, NW, NE.
    case split([QuadCell])

    var depth: Int {
        guard case .split(let quarters) = self else { return 0 }
        return 1 + quarters.map(\.depth).max()!
    }

    /// Writes this cell's list into the side × side block at (iy, ix) of a tile's 2ᵏ × 2ᵏ cells.
    func fill(_ cells: inout [UInt32], base: Int, level: Int, iy: Int, ix: Int, side: Int) {
        switch self {
        case .list(let at):
            for y in iy..<(iy + side) { for x in ix..<(ix + side) { cells[base + (y << level) + x] = at } }
        case .split(let quarters):
            let half = side / 2
            for (q, quarter) in quarters.enumerated() {
                quarter.fill(&cells, base: base, level: level, iy: iy + (q >> 1) * half, ix: ix + (q & 1) * half, side: half)
            }
        }
    }
}
