import AlbumModel
import Foundation

/// Reverse geocoding: the place and zone of positions, one or many at a time.
///
/// A lookup is a chain of dependent reads (the grid's tile, its cell, the cell's list, the
/// candidates' vectors, the answer's row), most of them cache misses: alone, a lookup waits for
/// each in turn. Positions are therefore looked up in blocks of `batchSize`, stage by stage:
/// the tiles of every position of the block, then their cells, then their lists… so the misses
/// of a stage overlap instead of following one another (decision 0045-places). The
/// answers are the same as one at a time.
extension PlaceIndex {
    /// Positions whose reads are issued together.
    static let batchSize = 16

    /// The place and the zone of a position.
    public func lookup(_ coordinate: Coordinate) -> PlaceLookup {
        lookup(latitude: coordinate.latitude, longitude: coordinate.longitude)
    }

    /// The place and the zone of a position given in degrees (assumed in range).
    public func lookup(latitude: Double, longitude: Double) -> PlaceLookup {
        withUnsafeTemporaryAllocation(of: PlaceLookup.self, capacity: 1) { out in
            lookup(1, into: out.baseAddress!) { _ in (latitude, longitude) }
            return out.baseAddress!.move()
        }
    }

    /// The places and zones of many positions, in order (what naming a library's pins and photos
    /// does): the same answers as one at a time, several times faster.
    public func lookup(_ coordinates: [Coordinate]) -> [PlaceLookup] {
        guard !coordinates.isEmpty else { return [] }
        return coordinates.withUnsafeBufferPointer { c in
            [PlaceLookup](unsafeUninitializedCapacity: c.count) { out, count in
                lookup(c.count, into: out.baseAddress!) { (c[$0].latitude, c[$0].longitude) }
                count = c.count
            }
        }
    }

    /// The same for positions in degrees (assumed in range), written over the first
    /// `latitudes.count` answers (`answers` must hold as many).
    public func lookup(latitudes: [Double], longitudes: [Double], into answers: inout [PlaceLookup]) {
        precondition(latitudes.count == longitudes.count && answers.count >= latitudes.count)
        guard !latitudes.isEmpty else { return }
        latitudes.withUnsafeBufferPointer { lat in
            longitudes.withUnsafeBufferPointer { lon in
                answers.withUnsafeMutableBufferPointer { out in
                    out.baseAddress!.deinitialize(count: lat.count)
                    lookup(lat.count, into: out.baseAddress!) { (lat[$0], lon[$0]) }
                }
            }
        }
    }

    /// Initialises `out[0..<count]` with the answers for the positions `position(0..<count)`.
    @inline(__always)
    func lookup(_ count: Int, into out: UnsafeMutablePointer<PlaceLookup>, position: (Int) -> (Double, Double)) {
        withUnsafeTemporaryAllocation(of: LookupStep.self, capacity: Self.batchSize) { steps in
            let s = steps.baseAddress!
            var at = 0
            while at < count {
                let n = min(Self.batchSize, count &- at)
                for i in 0..<n {
                    let (latitude, longitude) = position(at &+ i)
                    (s + i).initialize(to: LookupStep(latitude: latitude, longitude: longitude))
                }
                block(s, n, into: out + at)
                at &+= n
            }
        }
    }

    /// The answers of `n` positions, read stage by stage.
    @inline(__always)
    private func block(_ s: UnsafeMutablePointer<LookupStep>, _ n: Int, into out: UnsafeMutablePointer<PlaceLookup>) {
        // 1. The grid's tiles, and the zone map's.
        for i in 0..<n {
            s[i].gridRef = grid.tile(s[i].position)
            if let zoneMap { s[i].zoneRef = zoneMap.tile(s[i].position) }
        }
        // 2. The cells of tiles laid out in cells. The trigonometry, while those reads are
        //    under way.
        for i in 0..<n { s[i].header = grid.header(tile: s[i].gridRef, s[i].position) }
        let degrees = UnitVectorTree.degreeTable
        for i in 0..<n { s[i].q = UnitVectorTree.unitVector(latitude: s[i].latitude, longitude: s[i].longitude, degrees: degrees) }
        // 3. The lists' lengths; the zones from the map's quadtrees, a level at a time.
        for i in 0..<n { s[i].count = grid.list(at: s[i].header).count }
        if let zoneMap {
            var pending = false
            for i in 0..<n {
                s[i].walk = ZoneWalk(tile: s[i].zoneRef, s[i].position)
                pending = pending || !s[i].walk.isDone
            }
            while pending {
                pending = false
                for i in 0..<n where !s[i].walk.isDone {
                    zoneMap.step(&s[i].walk)
                    pending = pending || !s[i].walk.isDone
                }
            }
            for i in 0..<n { s[i].zone = mapZone(s[i].walk.zone) }
        }
        // 4. The nearest candidate of each list; then the rows found, so that step 5 finds them
        //    in the cache.
        for i in 0..<n {
            let (qx, qy, qz) = s[i].q
            (s[i].best, s[i].chord2) = nearestCandidate(qx, qy, qz, in: (s[i].header &+ 1, s[i].count))
        }
        templates.withUnsafeBufferPointer { t in
            for i in 0..<n where s[i].best >= 0 { s[i].touched = t[s[i].best].distanceKm }
        }
        // 5. The answers.
        for i in 0..<n { answer(s[i], into: out + i) }
    }

    /// Initialises `out` with the answer of a position whose steps are done. (Built in place:
    /// a `PlaceLookup` returned and copied would retain and release each string twice more.)
    @inline(__always)
    private func answer(_ step: LookupStep, into out: UnsafeMutablePointer<PlaceLookup>) {
        let (qx, qy, qz) = step.q
        let zone: String
        var row = -1, km = 0.0
        if step.zone >= 0 {
            // The zone is the polygons': only a place within placeRadiusKm is wanted.
            zone = zoneNames[step.zone]
            if let hit = nearest(qx, qy, qz, candidate: step.best, chord2: step.chord2, maxChord: placeChord) {
                row = hit.index
                km = UnitVectorTree.km(chord: hit.chord2.squareRoot())
            }
        } else if let hit = nearest(qx, qy, qz, candidate: step.best, chord2: step.chord2, maxChord: zoneChord) {
            km = UnitVectorTree.km(chord: hit.chord2.squareRoot())
            zone = data.zones[Int(data.zoneIndexes[hit.index])]
            if km <= Self.placeRadiusKm { row = hit.index }
        } else {
            zone = Self.nauticalZone(longitude: step.longitude)
        }
        out.initialize(to: PlaceLookup(place: nil, timeZone: ""))
        out.pointee.timeZone = zone
        if row >= 0 {
            out.pointee.place = templates[row]
            out.pointee.place!.distanceKm = Self.roundedKm(km)
        }
    }

    /// The map's zone `z` as an index into `zoneNames`; -1 for none (at sea) or for a zone
    /// tzdata does not know here.
    @inline(__always)
    func mapZone(_ z: Int?) -> Int {
        guard let z else { return -1 }
        return Int(mapZoneIndexes.withUnsafeBufferPointer { $0[z] })
    }
}

/// One position of a block of lookups, stage by stage.
struct LookupStep {
    let latitude: Double, longitude: Double
    let position: TilePosition
    var gridRef: UInt32 = 0, zoneRef: UInt32 = 0
    var header = 0, count = 0
    /// An index into `zoneNames`; -1: none from the map (the nearest place's zone).
    var zone = -1
    var walk = ZoneWalk(tile: 0, TilePosition(latitude: 0, longitude: 0))
    var q = (0.0, 0.0, 0.0)
    var best = -1, chord2 = Double.infinity
    /// A value of the answer's row, read ahead.
    var touched = 0.0

    init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
        position = TilePosition(latitude: latitude, longitude: longitude)
    }
}

extension PlaceIndex {
    /// The nearest place within `km` (beyond `placeRadiusKm` too, up to the zone radius), with its
    /// distance: what names a region or country where no town is within `placeRadiusKm` (a trip's
    /// place in the outback or off a coast, issue 29). Nil when none is that near.
    public func nearestPlace(_ coordinate: Coordinate, withinKm km: Double) -> Place? {
        let (qx, qy, qz) = UnitVectorTree.unitVector(latitude: coordinate.latitude, longitude: coordinate.longitude)
        let reach = UnitVectorTree.chord(km: min(km, Self.zoneRadiusKm))
        guard let hit = nearest(qx, qy, qz, latitude: coordinate.latitude, longitude: coordinate.longitude, maxChord: reach) else { return nil }
        return place(hit.index, distanceKm: UnitVectorTree.km(chord: hit.chord2.squareRoot()))
    }
}
