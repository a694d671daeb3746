import Foundation

/// The packed index file (`*.albumindex`), little-endian:
///
/// ```
/// header      4096 bytes: magic, version, counts, section offsets
/// points      rows × 24 bytes: latitude f64, longitude f64, record offset u64,
///             sorted by (cell, photo id)
/// records     the rows' fields (see `IndexRecord`), in the same order
/// directory   cells × 16 bytes: cell u32, point count u32, first point u64, sorted by cell
/// meta        JSON: the data file it was built from, the layout, licence names, the report
/// ```
///
/// A cell is 0.01° × 0.01° (about 1.1 km north–south), numbered row by row from the south-west:
/// `row × 36000 + column`. A radius query reads, for each row of cells its bounding box
/// crosses, one contiguous run of the directory, then the points of those cells.
enum IndexFormat {
    static let magic = Array("GEOALBUMYFCCIDX1".utf8)
    static let version: UInt32 = 1
    static let headerSize = 4096
    static let pointSize = 24
    static let directoryEntrySize = 16
    static let cellsPerDegree = 100
    static let columns = 360 * cellsPerDegree
    static let rows = 180 * cellsPerDegree

    static func row(latitude: Double) -> Int {
        min(rows - 1, max(0, Int(((latitude + 90) * Double(cellsPerDegree)).rounded(.down))))
    }

    static func column(longitude: Double) -> Int {
        min(columns - 1, max(0, Int(((longitude + 180) * Double(cellsPerDegree)).rounded(.down))))
    }

    static func cell(latitude: Double, longitude: Double) -> UInt32 {
        UInt32(row(latitude: latitude) * columns + column(longitude: longitude))
    }

    /// Great-circle distance in km, the same formula as `Coordinate.distanceKm`.
    @inline(__always)
    static func distanceKm(_ lat1: Double, _ lon1: Double, cosLat1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let φ1 = lat1 * .pi / 180, φ2 = lat2 * .pi / 180
        let dφ = φ2 - φ1
        let dλ = (lon2 - lon1) * .pi / 180
        let a = sin(dφ / 2) * sin(dφ / 2) + cosLat1 * cos(φ2) * sin(dλ / 2) * sin(dλ / 2)
        return 2 * 6371.0088 * asin(min(1, a.squareRoot()))
    }
}

/// The header's fields after the magic.
struct IndexHeader {
    var rows: UInt64 = 0
    var cells: UInt64 = 0
    var pointsOffset: UInt64 = 0
    var recordsOffset: UInt64 = 0
    var directoryOffset: UInt64 = 0
    var metaOffset: UInt64 = 0
    var metaLength: UInt64 = 0

    func encoded() -> [UInt8] {
        var bytes = IndexFormat.magic
        func put<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        put(IndexFormat.version)
        put(UInt32(IndexFormat.cellsPerDegree))
        for value in [rows, cells, pointsOffset, recordsOffset, directoryOffset, metaOffset, metaLength] { put(value) }
        bytes += [UInt8](repeating: 0, count: IndexFormat.headerSize - bytes.count)
        return bytes
    }

    /// Reads a header; nil when `bytes` does not start with the magic.
    static func decode(_ bytes: UnsafeRawBufferPointer) -> (header: IndexHeader, version: UInt32, cellsPerDegree: UInt32)? {
        guard bytes.count >= IndexFormat.headerSize, Array(bytes.prefix(16)) == IndexFormat.magic else { return nil }
        func u32(_ at: Int) -> UInt32 { UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self)) }
        func u64(_ at: Int) -> UInt64 { UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
        let header = IndexHeader(
            rows: u64(24), cells: u64(32), pointsOffset: u64(40), recordsOffset: u64(48), directoryOffset: u64(56),
            metaOffset: u64(64), metaLength: u64(72))
        return (header, u32(16), u32(20))
    }
}

/// One photo's fields in the records section:
/// `id u64, latitude f64, longitude f64, accuracy u8, licence u16, taken length u8,
/// owner length u16, title length u16, url length u16`, then the four texts as the dataset
/// has them (URL-encoded title and owner, local date taken).
enum IndexRecord {
    static let fixedSize = 34
    static let maxText = Int(UInt16.max)

    /// Appends a row to `arena`; the texts are cut to what their length fields hold.
    static func append(_ row: YFCCRow, license: UInt16, to arena: inout [UInt8]) {
        let taken = row.takenAt.count <= 255 ? row.takenAt : UnsafeRawBufferPointer(rebasing: row.takenAt[0..<0])
        let owner = UnsafeRawBufferPointer(rebasing: row.owner.prefix(maxText))
        let title = UnsafeRawBufferPointer(rebasing: row.title.prefix(maxText))
        let url = row.url
        func put<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { arena.append(contentsOf: $0) } }
        put(row.id)
        put(row.latitude.bitPattern)
        put(row.longitude.bitPattern)
        arena.append(row.accuracy)
        put(license)
        arena.append(UInt8(taken.count))
        put(UInt16(owner.count))
        put(UInt16(title.count))
        put(UInt16(url.count))
        arena.append(contentsOf: taken)
        arena.append(contentsOf: owner)
        arena.append(contentsOf: title)
        arena.append(contentsOf: url)
    }

    /// The size of the record starting at `bytes`.
    static func size(_ bytes: UnsafeRawBufferPointer) -> Int {
        fixedSize + Int(bytes[27]) + Int(u16(bytes, 28)) + Int(u16(bytes, 30)) + Int(u16(bytes, 32))
    }

    static func id(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self))
    }

    static func coordinate(_ bytes: UnsafeRawBufferPointer) -> (latitude: Double, longitude: Double) {
        (Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))),
         Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 16, as: UInt64.self))))
    }

    static func u16(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> UInt16 {
        UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt16.self))
    }
}
