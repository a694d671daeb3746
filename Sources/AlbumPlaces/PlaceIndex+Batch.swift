import AlbumModel

extension PlaceIndex {
    /// The places and zones of many positions (degrees, in range), answer i for position i: the
    /// same answers as `lookup` one by one, made tile by tile (1° of latitude and longitude) so
    /// that the zone map, the candidate grid and the places of one tile are read while they are
    /// in the processor's cache, instead of one random tile per position.
    public func lookup(latitudes: [Double], longitudes: [Double]) -> [PlaceLookup] {
        precondition(latitudes.count == longitudes.count, "one longitude per latitude")
        let n = latitudes.count
        if n < 64 { return zip(latitudes, longitudes).map { lookup(latitude: $0, longitude: $1) } }
        // Counting sort of the positions by tile.
        var tiles = [Int32](repeating: 0, count: n)
        var starts = [Int32](repeating: 0, count: 180 * 360 + 1)
        for i in 0..<n {
            let tile = Self.tile(latitude: latitudes[i], longitude: longitudes[i])
            tiles[i] = Int32(tile)
            starts[tile + 1] += 1
        }
        for t in 0..<(180 * 360) { starts[t + 1] += starts[t] }
        // The positions in tile order, with where each came from (read in order, written scattered).
        var sorted = [(latitude: Double, longitude: Double, from: Int)](repeating: (0, 0, 0), count: n)
        for i in 0..<n {
            let t = Int(tiles[i])
            sorted[Int(starts[t])] = (latitudes[i], longitudes[i], i)
            starts[t] += 1
        }
        // Answers are written in place, each slot once (`from` is a permutation): no old value
        // to read and release at a random address.
        return [PlaceLookup](unsafeUninitializedCapacity: n) { buffer, initialized in
            for p in sorted {
                (buffer.baseAddress! + p.from).initialize(to: lookup(latitude: p.latitude, longitude: p.longitude))
            }
            initialized = n
        }
    }

    /// The 1° tile of a position, as `PlaceGrid` and `ZoneMap` number them.
    @inline(__always)
    static func tile(latitude: Double, longitude: Double) -> Int {
        let ty = min(179, max(0, Int(latitude + 90))), tx = Int(longitude + 180)
        return ty * 360 + (tx >= 360 ? tx - 360 : max(0, tx))
    }
}
