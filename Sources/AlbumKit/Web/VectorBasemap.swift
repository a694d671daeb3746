import AlbumModel
import Foundation

/// The offline map's vector tiles (decision 0097): GSHHG's coastlines, lakes, rivers and national
/// borders at its own resolutions, converted at build time by `scripts/gshhg-basemap.py` into one
/// file (`make basemap`), served as they are by `GET /api/basemap/{z}/{x}/{y}` and drawn by
/// `map.js` on canvas tiles. Only the index is read at start-up; a tile is read from the file when
/// asked for.
public struct VectorBasemap: Sendable {
    public struct Key: Hashable, Sendable {
        public let z: Int
        public let x: Int
        public let y: Int

        public init(z: Int, x: Int, y: Int) {
            self.z = z
            self.x = x
            self.y = y
        }
    }

    /// The file, and where its tiles' bytes begin.
    public let file: URL
    let dataStart: UInt64
    /// Each tile's bytes (offset from `dataStart`, length); a tile of the bands' zooms that is not
    /// here has no line (the open sea, the middle of a continent).
    let tiles: [Key: (offset: UInt64, length: Int)]
    /// The data zooms the file holds (5, 7 and 9 from `make basemap`).
    public let zooms: Set<Int>
    /// The first bytes of the file, hashed: a tile's ETag, so a new file is fetched anew.
    public let version: String

    static let magic = Array("GSHHGT01".utf8)

    /// Reads the file's index.
    /// - Throws: `AlbumError.io` naming the file when it cannot be read or is not a basemap file.
    public static func read(_ file: URL) throws(AlbumError) -> VectorBasemap {
        let handle: FileHandle
        do { handle = try FileHandle(forReadingFrom: file) } catch { throw .io("\(file.path): cannot be read (\(error.localizedDescription))") }
        defer { try? handle.close() }
        func bytes(_ count: Int) throws(AlbumError) -> [UInt8] {
            let data: Data?
            do { data = try handle.read(upToCount: count) } catch { throw .io("\(file.path): \(error.localizedDescription)") }
            guard let data, data.count == count else { throw .io("\(file.path): not a GSHHG basemap (cut short; make basemap writes one)") }
            return Array(data)
        }
        guard try bytes(8) == magic else { throw .io("\(file.path): not a GSHHG basemap (make basemap writes one)") }
        let count = Int(Self.uint(try bytes(4), 0, 4))
        guard count <= 10_000_000 else { throw .io("\(file.path): not a GSHHG basemap (\(count) tiles)") }
        let index = try bytes(count * 21)
        var tiles: [Key: (offset: UInt64, length: Int)] = [:]
        tiles.reserveCapacity(count)
        var zooms = Set<Int>()
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for i in 0..<count {
            let at = i * 21
            let key = Key(z: Int(index[at]), x: Int(Self.uint(index, at + 1, 4)), y: Int(Self.uint(index, at + 5, 4)))
            tiles[key] = (Self.uint(index, at + 9, 8), Int(Self.uint(index, at + 17, 4)))
            zooms.insert(key.z)
        }
        for byte in index.prefix(4096) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let version = String(hash, radix: 16) + "-" + String(count, radix: 16)
        return VectorBasemap(file: file, dataStart: UInt64(12 + count * 21), tiles: tiles, zooms: zooms, version: version)
    }

    static func uint(_ bytes: [UInt8], _ at: Int, _ count: Int) -> UInt64 {
        var value: UInt64 = 0
        for i in (0..<count).reversed() { value = value << 8 | UInt64(bytes[at + i]) }
        return value
    }

    /// Whether (z, x, y) is a tile of the file's zooms: z one of `zooms`, x in 0..<2^(z+1), y in
    /// 0..<2^z (Leaflet's EPSG:4326 tiling).
    public func isTile(_ key: Key) -> Bool {
        zooms.contains(key.z) && (0..<(2 << key.z)).contains(key.x) && (0..<(1 << key.z)).contains(key.y)
    }

    /// A tile's bytes (empty for a tile without lines); nil when (z, x, y) is no tile of the file.
    /// - Throws: `AlbumError.io` when the file cannot be read.
    public func tile(_ key: Key) throws(AlbumError) -> Data? {
        guard isTile(key) else { return nil }
        guard let (offset, length) = tiles[key] else { return Data() }
        do {
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            try handle.seek(toOffset: dataStart + offset)
            let data = try handle.read(upToCount: length) ?? Data()
            guard data.count == length else { throw AlbumError.io("\(file.path): cut short") }
            return data
        } catch let error as AlbumError {
            throw error
        } catch {
            throw .io("\(file.path): \(error.localizedDescription)")
        }
    }

    /// The basemap of this machine: `ALBUM_GSHHG=FILE` when set (`none`: no vector basemap), else
    /// `share/geoalbum/gshhg.bin` beside the program (`make install`), else the repository's
    /// `.build/gshhg.bin` (`make basemap`) for a build run from it; nil when none is found.
    /// - Throws: the file's error when one is found but cannot be read.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) throws(AlbumError) -> VectorBasemap? {
        if let file = environment["ALBUM_GSHHG"], !file.isEmpty {
            return file == "none" ? nil : try read(URL(fileURLWithPath: file))
        }
        var executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first ?? ""
        executable = URL(fileURLWithPath: executable).resolvingSymlinksInPath().path
        let bin = URL(fileURLWithPath: executable).deletingLastPathComponent()
        var candidates = [bin.deletingLastPathComponent().appendingPathComponent("share/geoalbum/gshhg.bin").standardizedFileURL.path]
        let parts = URL(fileURLWithPath: executable).pathComponents
        if let build = parts.lastIndex(of: ".build"), build > 0 {
            candidates.append(NSString.path(withComponents: Array(parts[..<build]) + [".build", "gshhg.bin"]))
        }
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else { return nil }
        return try read(URL(fileURLWithPath: found))
    }
}
