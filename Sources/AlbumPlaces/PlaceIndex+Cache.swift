import AlbumModel
import Foundation

extension PlaceIndex {
    /// The index of `source`: read from the cache when its files have not changed since the
    /// cache was written, else parsed, laid out as a tree, and cached (best effort: a cache
    /// folder that cannot be written only costs the next command the parse).
    /// - Parameters:
    ///   - source: the GeoNames files.
    ///   - cacheFolder: where the index is cached (nil: not cached).
    ///   - zones: the zone map that answers zones on land (nil: zones from the nearest place).
    /// - Throws: `AlbumError.io` / `.invalidInput` naming the file (and line) that is unreadable
    ///   or malformed.
    public static func load(
        _ source: PlaceSource, cacheFolder: URL? = PlaceIndex.defaultCacheFolder(), zones: ZoneMap? = nil
    ) throws(AlbumError) -> PlaceIndex {
        let key = try cacheKey(source)
        let file = cacheFolder?.appendingPathComponent("places-\(key).bin")
        if let file, let data = try? Data(contentsOf: file), let (rows, grid) = PlaceCacheCodec.decode(data) {
            return PlaceIndex(data: rows, grid: grid, sourceDescription: source.cities, zoneMap: zones)
        }
        let parsed = try GeoNamesReader.read(source)
        let rows = parsed.reordered(UnitVectorTree.treeOrder(latitudes: parsed.latitudes, longitudes: parsed.longitudes))
        // The grid as cached: without the zone map's zones (the index adds them).
        let grid = PlaceGrid(tree: UnitVectorTree(latitudes: rows.latitudes, longitudes: rows.longitudes))
        let index = PlaceIndex(data: rows, grid: grid, sourceDescription: source.cities, zoneMap: zones)
        if let cacheFolder, let file {
            try? FileManager.default.createDirectory(at: cacheFolder, withIntermediateDirectories: true)
            let temporary = cacheFolder.appendingPathComponent(".places-\(key).\(getpid()).tmp")
            if (try? PlaceCacheCodec.encode(rows, grid: grid).write(to: temporary)) != nil {
                if rename(temporary.path, file.path) != 0 { try? FileManager.default.removeItem(at: temporary) }
            }
        }
        return index
    }

    /// `$ALBUM_PLACES_CACHE`, else `$XDG_CACHE_HOME/geoalbum`, else `~/.cache/geoalbum`, else
    /// the temporary folder.
    public static func defaultCacheFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if let dir = environment["ALBUM_PLACES_CACHE"], !dir.isEmpty { return URL(fileURLWithPath: dir, isDirectory: true) }
        if let dir = environment["XDG_CACHE_HOME"], !dir.isEmpty {
            return URL(fileURLWithPath: dir, isDirectory: true).appendingPathComponent("geoalbum")
        }
        if let home = environment["HOME"], !home.isEmpty {
            return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache/geoalbum")
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("geoalbum")
    }

    /// A name for the cache of `source`: the format version, and each file's path, size and
    /// modification time, hashed (FNV-1a 64).
    static func cacheKey(_ source: PlaceSource) throws(AlbumError) -> String {
        var text = "v\(PlaceCacheCodec.version)"
        for path in [source.cities, source.admin1, source.countries, source.tzdata] {
            var info = stat()
            if stat(path, &info) != 0 {
                if path == source.tzdata { text += "|-"; continue }
                throw .io("cannot read place file", subject: .file(path), cause: .errno(.current))
            }
            text += "|\(path)|\(info.st_size)|\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }
}

extension PlaceData {
    /// The rows in `order`.
    func reordered(_ order: [Int]) -> PlaceData {
        var r = self
        r.names = order.map { names[$0] }
        r.asciiNames = order.map { asciiNames[$0] }
        r.alternates = order.map { alternates[$0] }
        r.latitudes = order.map { latitudes[$0] }
        r.longitudes = order.map { longitudes[$0] }
        r.countryCodes = order.map { countryCodes[$0] }
        r.admin1Codes = order.map { admin1Codes[$0] }
        r.populations = order.map { populations[$0] }
        r.zoneIndexes = order.map { zoneIndexes[$0] }
        return r
    }
}

/// The cache file: a magic line, then each column as a count and a block (numbers as raw
/// little-endian bytes, strings NUL-separated); then the candidate grid (version 3; version 4:
/// laid out flat, `cells` instead of quadtree nodes).
enum PlaceCacheCodec {
    static let version = 4
    static let magic = Array("GEOALBUM-PLACES-\(version)\n".utf8)

    static func encode(_ d: PlaceData, grid: PlaceGrid) -> Data {
        var out = Data(magic)
        func count(_ n: Int) { withUnsafeBytes(of: UInt64(n).littleEndian) { out.append(contentsOf: $0) } }
        func strings(_ s: [String]) {
            let blob = Data(s.joined(separator: "\0").utf8)
            count(s.count); count(blob.count); out.append(blob)
        }
        func raw<T>(_ a: [T]) { count(a.count); a.withUnsafeBytes { out.append(contentsOf: $0) } }
        strings(d.names); strings(d.asciiNames); strings(d.alternates); strings(d.countryCodes); strings(d.admin1Codes)
        raw(d.latitudes); raw(d.longitudes); raw(d.populations); raw(d.zoneIndexes)
        strings(d.zones)
        strings(d.regions.keys.sorted()); strings(d.regions.keys.sorted().map { d.regions[$0] ?? "" })
        strings(d.countries.keys.sorted()); strings(d.countries.keys.sorted().map { d.countries[$0] ?? "" })
        raw(grid.tiles); raw(grid.cells); raw(grid.lists)
        return out
    }

    /// nil for anything that is not a whole, consistent cache of this version.
    static func decode(_ data: Data) -> (PlaceData, PlaceGrid)? {
        let bytes = [UInt8](data)
        guard bytes.starts(with: magic) else { return nil }
        var at = magic.count
        func count() -> Int? {
            guard at + 8 <= bytes.count else { return nil }
            var v: UInt64 = 0
            for i in 0..<8 { v |= UInt64(bytes[at + i]) << (8 * UInt64(i)) }
            at += 8
            return v < UInt64(Int32.max) ? Int(v) : nil
        }
        func strings() -> [String]? {
            guard let n = count(), let length = count(), at + length <= bytes.count else { return nil }
            let slice = bytes[at..<(at + length)]
            at += length
            if n == 0 { return [] }
            let parts = slice.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            return parts.count == n ? parts : nil
        }
        func raw<T: BitwiseCopyable>(_: T.Type) -> [T]? {
            guard let n = count(), at + n * MemoryLayout<T>.stride <= bytes.count else { return nil }
            let result = bytes[at..<(at + n * MemoryLayout<T>.stride)].withUnsafeBytes { Array($0.bindMemory(to: T.self)) }
            at += n * MemoryLayout<T>.stride
            return result
        }
        guard let names = strings(), let ascii = strings(), let alternates = strings(), let cc = strings(),
              let admin1 = strings(), let lats = raw(Double.self), let lons = raw(Double.self),
              let populations = raw(Int64.self), let zoneIndexes = raw(Int32.self), let zones = strings(),
              let regionKeys = strings(), let regionNames = strings(), let countryKeys = strings(),
              let countryNames = strings(), let tiles = raw(UInt32.self), let cells = raw(UInt32.self),
              let lists = raw(UInt32.self), at == bytes.count
        else { return nil }
        let n = names.count
        guard [ascii.count, alternates.count, cc.count, admin1.count, lats.count, lons.count, populations.count, zoneIndexes.count]
            .allSatisfy({ $0 == n }), zoneIndexes.allSatisfy({ $0 >= 0 && Int($0) < zones.count }),
            regionKeys.count == regionNames.count, countryKeys.count == countryNames.count
        else { return nil }
        let grid = PlaceGrid(tiles: tiles, cells: cells, lists: lists)
        guard grid.isConsistent(places: n) else { return nil }
        var d = PlaceData()
        d.names = names; d.asciiNames = ascii; d.alternates = alternates; d.countryCodes = cc; d.admin1Codes = admin1
        d.latitudes = lats; d.longitudes = lons; d.populations = populations; d.zoneIndexes = zoneIndexes; d.zones = zones
        d.regions = Dictionary(zip(regionKeys, regionNames), uniquingKeysWith: { a, _ in a })
        d.countries = Dictionary(zip(countryKeys, countryNames), uniquingKeysWith: { a, _ in a })
        return (d, grid)
    }
}
