import Foundation

/// For every cell of a grid over 1° tiles, the places that can be nearest to a point of the
/// cell: a lookup reads one short list instead of searching the 3-d tree.
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
/// Cells are found by splitting a tile in four while its list is longer than `maxCandidates`,
/// down to 1/128° (a quadtree); the tree is then laid out flat (`PlaceGrid+Build`): a tile
/// whose deepest cell is at level k holds 2ᵏ × 2ᵏ cells, so a lookup reads the tile, one cell
/// and the list, whatever the depth. Lists hold row numbers in ascending order, so ties go to
/// the lowest row, as a brute-force scan in row order does.
struct PlaceGrid: Sendable {
    /// Answers are exact for a nearest place within this distance (≥ `placeRadiusKm`).
    static let radiusKm = 120.0
    static let maxCandidates = 12
    static let maxDepth = 7
    /// Rounding allowance on every bound (chord units: ~6 m).
    static let slack = 1e-9

    /// 180 × 360 tiles (row = degree of latitude from the south pole, column = degree of
    /// longitude from 180° W). A tile below 2³¹ is one cell: the offset in `lists` of its
    /// header. Above, bits 28–30 are its level k (1…7) and bits 0–27 the offset in `cells` of
    /// its 2ᵏ × 2ᵏ cells, row by row from the south-west, each the offset of a header.
    let tiles: [UInt32]
    let cells: [UInt32]
    /// Each list: its row count, then its rows.
    let lists: [UInt32]

    /// The list of the cell holding a position: (offset of the first row, count).
    @inline(__always)
    func cell(latitude: Double, longitude: Double) -> (start: Int, count: Int) {
        let position = TilePosition(latitude: latitude, longitude: longitude)
        return list(at: header(tile: tile(position), position))
    }

    /// A position's tile ref (the first read of a lookup).
    @inline(__always)
    func tile(_ position: TilePosition) -> UInt32 {
        tiles.withUnsafeBufferPointer { $0[position.tile] }
    }

    /// The offset in `lists` of the cell of `position` in the tile `ref` (the second read, for
    /// a tile laid out in cells).
    @inline(__always)
    func header(tile ref: UInt32, _ position: TilePosition) -> Int {
        guard ref & 0x8000_0000 != 0 else { return Int(ref) }
        // The first k bits of the position within the tile: what k halvings choose.
        let level = Int((ref &>> 28) & 7), side = 1 &<< level, scale = Double(side)
        let iy = min(side &- 1, max(0, Int(position.y * scale))), ix = min(side &- 1, max(0, Int(position.x * scale)))
        return Int(cells.withUnsafeBufferPointer { $0[Int(ref & 0x0FFF_FFFF) &+ (iy &<< level) &+ ix] })
    }

    /// The rows of the list at `header`: (offset of the first, count) (the third read).
    @inline(__always)
    func list(at header: Int) -> (start: Int, count: Int) {
        (header &+ 1, Int(lists.withUnsafeBufferPointer { $0[header] }))
    }

    /// Whether every ref and row is in range (for a grid read from a cache file).
    func isConsistent(places: Int) -> Bool {
        guard tiles.count == 180 * 360 else { return false }
        var isHeader = [Bool](repeating: false, count: lists.count)
        var at = 0
        while at < lists.count {
            let end = at + 1 + Int(lists[at])
            guard end <= lists.count, lists[(at + 1)..<end].allSatisfy({ Int($0) < places }) else { return false }
            isHeader[at] = true
            at = end
        }
        func valid(_ header: UInt32) -> Bool { Int(header) < isHeader.count && isHeader[Int(header)] }
        for tile in tiles {
            if tile & 0x8000_0000 == 0 { guard valid(tile) else { return false }; continue }
            let level = Int((tile >> 28) & 7), base = Int(tile & 0x0FFF_FFFF)
            guard level >= 1, base + (1 << (2 * level)) <= cells.count else { return false }
        }
        return cells.allSatisfy(valid)
    }
}

/// A position's 1° tile and where in it: the first step of the grid's and the zone map's reads.
struct TilePosition {
    /// Row (degree of latitude from the south pole) × 360 + column (degree of longitude from
    /// 180° W).
    let tile: Int
    /// Within the tile, 0..<1 (1 at the north pole and the antimeridian's east edge).
    let y: Double, x: Double

    @inline(__always)
    init(latitude: Double, longitude: Double) {
        let y = latitude + 90, x = longitude + 180
        let ty = min(179, max(0, Int(y))), txRaw = Int(x)
        let tx = txRaw >= 360 ? txRaw - 360 : max(0, txRaw)
        tile = ty &* 360 &+ tx
        self.y = y - Double(ty)
        self.x = x - Double(txRaw)
    }
}
