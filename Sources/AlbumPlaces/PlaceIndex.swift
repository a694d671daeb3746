import AlbumModel
import Foundation
import Synchronization

/// GeoNames places in a 3-d tree: the nearest place and the time zone of any position, and
/// places by name. Built from a `PlaceSource` once and cached on disk (see `PlaceIndex+Cache`).
public final class PlaceIndex: Sendable {
    /// A position farther than this from every place has no place (open sea, ice, desert).
    public static let placeRadiusKm = 100.0
    /// Within this distance the nearest place's zone is the position's zone; beyond it the
    /// nautical zone of its longitude (`Etc/GMT+10`).
    public static let zoneRadiusKm = 1000.0

    /// Rows in tree order.
    let data: PlaceData
    let tree: UnitVectorTree
    /// Per cell, the places that can be nearest there (built into the cache).
    let grid: PlaceGrid
    /// Each row as a `Place` at distance 0: a lookup copies one and sets the distance.
    let templates: [Place]
    /// Describes the files the index was built from, for messages.
    public let sourceDescription: String
    /// Folded names, built the first time a name is looked up.
    let nameTableCache = Mutex<NameTable?>(nil)

    /// Each row's region name, resolved once.
    let regionNames: [String?]
    /// Each row's country name, resolved once.
    let countryNames: [String?]

    /// Zone boundaries (decision 0018), when installed: the zone of a position on land.
    public let zoneMap: ZoneMap?
    /// For each zone of `zoneMap`, its index in `zoneNames`; -1 for a zone this machine's
    /// tzdata does not know (the nearest place's zone is used there).
    let mapZoneIndexes: [Int32]
    /// The zones of the places, then those of the zone map.
    public let zoneNames: [String]

    static let placeChord = UnitVectorTree.chord(km: placeRadiusKm)
    static let zoneChord = UnitVectorTree.chord(km: zoneRadiusKm)

    static let gridChord = UnitVectorTree.chord(km: PlaceGrid.radiusKm)
    /// The same radii as instance constants: a static's lazy initialisation costs a call on the
    /// hot path.
    let placeChord = PlaceIndex.placeChord, zoneChord = PlaceIndex.zoneChord
    let gridChord2 = PlaceIndex.gridChord * PlaceIndex.gridChord

    /// - Parameter grid: the candidate grid read from the cache; nil: built here.
    init(data: PlaceData, grid: PlaceGrid? = nil, sourceDescription: String, zoneMap: ZoneMap? = nil) {
        self.data = data
        self.zoneMap = zoneMap
        var names = data.zones
        var indexes: [Int32] = []
        for name in zoneMap?.names ?? [] {
            if Self.tzdataKnows(name) {
                indexes.append(Int32(names.count))
                names.append(name)
            } else {
                indexes.append(-1)
            }
        }
        self.zoneNames = names
        self.mapZoneIndexes = indexes
        let regionNames = zip(data.countryCodes, data.admin1Codes).map { cc, a1 in a1.isEmpty ? nil : data.regions["\(cc).\(a1)"] }
        let countryNames = data.countryCodes.map { data.countries[$0] }
        self.regionNames = regionNames
        self.countryNames = countryNames
        let tree = UnitVectorTree(latitudes: data.latitudes, longitudes: data.longitudes)
        self.tree = tree
        self.grid = grid ?? PlaceGrid(tree: tree)
        self.templates = data.names.indices.map { i in
            Place(name: data.names[i], region: regionNames[i], country: countryNames[i], countryCode: data.countryCodes[i], distanceKm: 0)
        }
        self.sourceDescription = sourceDescription
    }

    /// How many places the index holds.
    public var count: Int { data.count }

    /// Only the zone of a position, as an index into `zoneNames` (the benchmark's hot path: no
    /// strings built); nil far out at sea.
    public func zoneIndex(latitude: Double, longitude: Double) -> Int? {
        if let zone = mapZone(latitude: latitude, longitude: longitude) { return zone }
        let (qx, qy, qz) = UnitVectorTree.unitVector(latitude: latitude, longitude: longitude)
        guard let hit = nearest(qx, qy, qz, latitude: latitude, longitude: longitude, maxChord: zoneChord) else { return nil }
        return Int(data.zoneIndexes[hit.index])
    }

    /// The zone of a position from the zone map, as an index into `zoneNames`; nil without a
    /// map, at sea, or for a zone tzdata does not know here.
    @inline(__always)
    func mapZone(latitude: Double, longitude: Double) -> Int? {
        guard let zoneMap, let z = zoneMap.zone(latitude: latitude, longitude: longitude) else { return nil }
        let index = mapZoneIndexes[z]
        return index < 0 ? nil : Int(index)
    }

    /// The zone of a position (the map's on land, else the nearest place's, else nautical).
    public func timeZone(latitude: Double, longitude: Double) -> String {
        zoneIndex(latitude: latitude, longitude: longitude).map { zoneNames[$0] } ?? Self.nauticalZone(longitude: longitude)
    }

    /// Whether this machine's tzdata has `zone` (a zone newer than tzdata is not used).
    static func tzdataKnows(_ zone: String) -> Bool {
        guard !zone.isEmpty, !zone.contains(".."), !zone.hasPrefix("/") else { return false }
        return access("/usr/share/zoneinfo/" + zone, R_OK) == 0 || TimeZone(identifier: zone) != nil
    }

    /// Row `i` as a `Place` at `distanceKm`.
    func place(_ i: Int, distanceKm: Double) -> Place {
        var place = templates[i]
        place.distanceKm = Self.roundedKm(distanceKm)
        return place
    }

    /// A distance as answers give it: to 100 m.
    @inline(__always)
    static func roundedKm(_ km: Double) -> Double { (km * 10).rounded() / 10 }

    /// The nearest place to the unit vector q (at `latitude`, `longitude`) closer than
    /// `maxChord`: from the grid cell's candidates, or from the tree when none of them is
    /// within the grid's radius and `maxChord` reaches beyond it.
    func nearest(
        _ qx: Double, _ qy: Double, _ qz: Double, latitude: Double, longitude: Double, maxChord: Double
    ) -> (index: Int, chord2: Double)? {
        nearest(qx, qy, qz, in: grid.cell(latitude: latitude, longitude: longitude), maxChord: maxChord)
    }

    /// The same, with the grid cell (`PlaceGrid.cell`) of the position already found.
    @inline(__always)
    func nearest(
        _ qx: Double, _ qy: Double, _ qz: Double, in cell: (start: Int, count: Int), maxChord: Double
    ) -> (index: Int, chord2: Double)? {
        let (best, bestD2) = nearestCandidate(qx, qy, qz, in: cell)
        return nearest(qx, qy, qz, candidate: best, chord2: bestD2, maxChord: maxChord)
    }

    /// The nearest row of a grid cell's list to q, and its squared chord; -1 for an empty list.
    @inline(__always)
    func nearestCandidate(_ qx: Double, _ qy: Double, _ qz: Double, in cell: (start: Int, count: Int)) -> (Int, Double) {
        let (start, count) = cell
        var best = -1, bestD2 = Double.infinity
        grid.lists.withUnsafeBufferPointer { rows in
            tree.xyz.withUnsafeBufferPointer { p in
                for at in start..<(start &+ count) {
                    let i = Int(rows[at])
                    let d2 = UnitVectorTree.chord2(p, i, qx, qy, qz)
                    if d2 < bestD2 { bestD2 = d2; best = i }
                }
            }
        }
        return (best, bestD2)
    }

    /// The nearest place closer than `maxChord`, given the nearest of the grid cell's list
    /// (`nearestCandidate`): that one when it is within the grid's radius, else the tree's.
    @inline(__always)
    func nearest(
        _ qx: Double, _ qy: Double, _ qz: Double, candidate best: Int, chord2 bestD2: Double, maxChord: Double
    ) -> (index: Int, chord2: Double)? {
        if best >= 0, bestD2 <= gridChord2 {
            return bestD2 < maxChord * maxChord ? (best, bestD2) : nil
        }
        return maxChord * maxChord <= gridChord2 ? nil : tree.nearest(qx, qy, qz, maxChord: maxChord)
    }

    /// The nautical zone of a longitude: `Etc/GMT-1` east of 7.5° E (POSIX signs are inverted).
    static func nauticalZone(longitude: Double) -> String {
        let hours = Int((longitude / 15).rounded())
        if hours == 0 { return "Etc/GMT" }
        return hours > 0 ? "Etc/GMT-\(hours)" : "Etc/GMT+\(-hours)"
    }
}

/// What the index says about a position.
public struct PlaceLookup: Sendable, Hashable {
    /// The nearest place within `PlaceIndex.placeRadiusKm`, else nil.
    public var place: Place?
    /// The IANA zone.
    public var timeZone: String

    public init(place: Place?, timeZone: String) {
        self.place = place
        self.timeZone = timeZone
    }
}
