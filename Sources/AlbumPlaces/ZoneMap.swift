import AlbumModel
import Foundation

/// Time-zone boundaries as a quadtree per 1° tile, down to 1/128° (0.87 km of latitude):
/// the zone of a position from polygons, not from the nearest town (decision 0018).
///
/// Built at maintainer time by `bench/make-zones.py` from timezone-boundary-builder's polygons
/// as timezonefinder packages them (PyPI `timezonefinder-data`, ODbL 1.0) and committed as
/// `data/zones/zones.bin`. A cell of sea only has no zone: the caller falls back to places.
///
/// File layout (little-endian): `GAZONES1`; u32 length + data version (`2026c`); u32 count +
/// u32 length + zone names joined by `\n`; u32 slot count; 360 × 180 u32 tiles (row = degree
/// of latitude from the south pole, column = degree of longitude from 180° W); the slots (u16).
/// A tile below 2³¹ is a leaf; above, its low 31 bits are the first slot of its root node.
/// A node is four slots (SW, SE, NW, NE); a slot below 2¹⁵ is a leaf, above it the number of a
/// node of the same tile. A leaf is 0 for "no zone" or 1 + an index into the names.
public struct ZoneMap: Sendable {
    /// The IANA names the leaves refer to.
    public let names: [String]
    /// timezone-boundary-builder's release the map was made from (`2026c`).
    public let dataVersion: String
    let tiles: [UInt32]
    let slots: [UInt16]

    /// The zone of a position, as an index into `names`; nil at sea (no land zone in the cell).
    @inline(__always)
    public func zone(latitude: Double, longitude: Double) -> Int? {
        let position = TilePosition(latitude: latitude, longitude: longitude)
        return zone(tile: tile(position), position)
    }

    /// A position's tile (the first read of `zone`).
    @inline(__always)
    func tile(_ position: TilePosition) -> UInt32 {
        tiles.withUnsafeBufferPointer { $0[position.tile] }
    }

    /// The zone of `position` in the tile `tile`: the tile's, or its quadtree's.
    @inline(__always)
    func zone(tile: UInt32, _ position: TilePosition) -> Int? {
        var walk = ZoneWalk(tile: tile, position)
        while !walk.isDone { step(&walk) }
        return walk.zone
    }

    /// One level down the quadtree of a walk that is not done.
    @inline(__always)
    func step(_ walk: inout ZoneWalk) {
        walk.y += walk.y
        walk.x += walk.x
        var quadrant = 0
        if walk.y >= 1 { quadrant = 2; walk.y -= 1 }
        if walk.x >= 1 { quadrant |= 1; walk.x -= 1 }
        let index = walk.base &+ walk.node &* 4 &+ quadrant
        guard index < slots.count else { walk.leaf = 0; return }
        let slot = slots.withUnsafeBufferPointer { $0[index] }
        if slot & 0x8000 == 0 { walk.leaf = Int(slot) } else { walk.node = Int(slot & 0x7FFF) }
    }

    /// The zone name of a position; nil at sea.
    public func zoneName(latitude: Double, longitude: Double) -> String? {
        zone(latitude: latitude, longitude: longitude).map { names[$0] }
    }

    /// Reads a zone map file.
    /// - Throws: `AlbumError.io` when it cannot be read, `.invalidInput` naming the file when it
    ///   is not a whole zone map.
    public static func read(_ path: String) throws(AlbumError) -> ZoneMap {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw .io("cannot read zone map \(path): \(String(cString: strerror(errno)))")
        }
        guard let map = decode(data) else { throw .invalidInput("\(path): not a GeoAlbum zone map (GAZONES1), or truncated") }
        return map
    }

    static let magic = Array("GAZONES1".utf8)

    /// nil for anything but a whole, consistent map.
    static func decode(_ data: Data) -> ZoneMap? {
        data.withUnsafeBytes { raw -> ZoneMap? in
            guard raw.count >= magic.count, raw.prefix(magic.count).elementsEqual(magic) else { return nil }
            var at = magic.count
            func u32() -> Int? {
                guard at + 4 <= raw.count else { return nil }
                let v = raw.loadUnaligned(fromByteOffset: at, as: UInt32.self).littleEndian
                at += 4
                return Int(v)
            }
            func bytes(_ n: Int) -> UnsafeRawBufferPointer.SubSequence? {
                guard n >= 0, at + n <= raw.count else { return nil }
                defer { at += n }
                return raw[at..<(at + n)]
            }
            guard let versionLength = u32(), let version = bytes(versionLength), let nameCount = u32(),
                  let blobLength = u32(), let blob = bytes(blobLength), let slotCount = u32(),
                  at + 64_800 * 4 + slotCount * 2 == raw.count
            else { return nil }
            let names = blob.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            guard names.count == nameCount, nameCount < 0x7FFF else { return nil }
            var tiles = [UInt32](repeating: 0, count: 64_800)
            for i in 0..<64_800 { tiles[i] = raw.loadUnaligned(fromByteOffset: at + 4 * i, as: UInt32.self).littleEndian }
            at += 64_800 * 4
            var slots = [UInt16](repeating: 0, count: slotCount)
            for i in 0..<slotCount { slots[i] = raw.loadUnaligned(fromByteOffset: at + 2 * i, as: UInt16.self).littleEndian }
            // Every leaf names a zone that exists; every tree starts inside the slots.
            for tile in tiles {
                if tile & 0x8000_0000 == 0 { guard tile <= nameCount else { return nil } } else {
                    guard Int(tile & 0x7FFF_FFFF) + 4 <= slotCount else { return nil }
                }
            }
            for slot in slots where slot & 0x8000 == 0 { guard slot <= nameCount else { return nil } }
            return ZoneMap(names: names, dataVersion: String(decoding: version, as: UTF8.self), tiles: tiles, slots: slots)
        }
    }

    /// The zone map of this machine: `ALBUM_ZONES=FILE` when set (`none`: no map, zones from
    /// the nearest place only), else `share/geoalbum/zones.bin` beside the program
    /// (`make install`), else the repository's `data/zones/zones.bin` for a build run from it.
    /// nil when none is found: zones then come from the nearest place.
    /// - Throws: the map's error when `ALBUM_ZONES` names a file that is not a zone map.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) throws(AlbumError) -> ZoneMap? {
        guard let path = standardPath(environment: environment) else { return nil }
        return try read(path)
    }

    /// The file `standard` reads; nil for none (`ALBUM_ZONES=none`, or no map installed).
    public static func standardPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let file = environment["ALBUM_ZONES"], !file.isEmpty { return file == "none" ? nil : file }
        return candidates().first { FileManager.default.fileExists(atPath: $0) }
    }

    /// Where the map is looked for when `ALBUM_ZONES` is not set.
    static func candidates() -> [String] {
        var executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first ?? ""
        executable = URL(fileURLWithPath: executable).resolvingSymlinksInPath().path
        let bin = URL(fileURLWithPath: executable).deletingLastPathComponent()
        var found = [bin.deletingLastPathComponent().appendingPathComponent("share/geoalbum/zones.bin").standardizedFileURL.path]
        let parts = URL(fileURLWithPath: executable).pathComponents
        if let build = parts.lastIndex(of: ".build"), build > 0 {
            found.append(NSString.path(withComponents: Array(parts[..<build]) + ["data", "zones", "zones.bin"]))
        }
        return found
    }
}

/// A position's way down a tile of the zone map, one level per `ZoneMap.step`: lookups of many
/// positions step them all a level at a time, so their reads overlap.
struct ZoneWalk {
    /// The leaf once found (0: no zone, else 1 + an index into the names); -1 before.
    var leaf: Int
    var base: Int, node = 0
    var y: Double, x: Double

    @inline(__always)
    init(tile: UInt32, _ position: TilePosition) {
        leaf = tile & 0x8000_0000 == 0 ? Int(tile) : -1
        base = Int(tile & 0x7FFF_FFFF)
        y = position.y
        x = position.x
    }

    var isDone: Bool { leaf >= 0 }
    /// The zone found, as an index into the names; nil for none.
    var zone: Int? { leaf > 0 ? leaf - 1 : nil }
}
