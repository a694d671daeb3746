import AlbumModel
import Foundation

/// Rows held in memory until there are `capacity` bytes of them, then written sorted by
/// (cell, photo id) as one run: `cell u32, length u32, record` per row.
struct RunCollector {
    struct Entry {
        var cell: UInt32
        var length: UInt32
        var id: UInt64
        var offset: Int
    }

    let capacity: Int
    private var arena: [UInt8] = []
    private var entries: [Entry] = []
    /// Licence names seen so far; a record stores the position of its own.
    private(set) var licenses: [String]
    private var licenseBytes: [[UInt8]]

    init(capacity: Int, licenses: [String]) {
        self.capacity = capacity
        self.licenses = licenses
        licenseBytes = licenses.map { Array($0.utf8) }
        arena.reserveCapacity(capacity + (256 << 10))
    }

    var isFull: Bool { arena.count >= capacity }
    var isEmpty: Bool { entries.isEmpty }

    mutating func add(_ row: YFCCRow) {
        let offset = arena.count
        IndexRecord.append(row, license: license(row.license), to: &arena)
        entries.append(
            Entry(
                cell: IndexFormat.cell(latitude: row.latitude, longitude: row.longitude),
                length: UInt32(arena.count - offset), id: row.id, offset: offset))
    }

    /// The position of a licence name, added when new (at most 65,535 distinct names).
    private mutating func license(_ bytes: UnsafeRawBufferPointer) -> UInt16 {
        for (index, known) in licenseBytes.enumerated() where known.count == bytes.count {
            if bytes.isEmpty || known.withUnsafeBytes({ memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }) {
                return UInt16(index)
            }
        }
        guard licenseBytes.count < Int(UInt16.max) else { return UInt16.max }
        licenseBytes.append(Array(bytes))
        licenses.append(String(decoding: bytes, as: UTF8.self))
        return UInt16(licenseBytes.count - 1)
    }

    /// Sorts the rows, writes them to `path` (synced) and empties the collector.
    mutating func write(to path: String) throws(AlbumError) {
        entries.sort { $0.cell != $1.cell ? $0.cell < $1.cell : $0.id < $1.id }
        let file = try FileDescriptor(creating: path + ".tmp")
        let writer = RegionWriter(file: file, offset: 0, capacity: 4 << 20)
        try typed { try arena.withUnsafeBytes { raw in
            for entry in entries {
                try writer.append(entry.cell)
                try writer.append(entry.length)
                try writer.append(UnsafeRawBufferPointer(rebasing: raw[entry.offset..<(entry.offset + Int(entry.length))]))
            }
        } }
        try writer.flush()
        try file.sync()
        guard rename(path + ".tmp", path) == 0 else { throw FileDescriptor.error(errno, "cannot rename into place", path + ".tmp") }
        arena.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
    }
}

/// Reads one sorted run back, row by row.
final class RunReader {
    private let file: FileDescriptor
    private var buffer: UnsafeMutableRawBufferPointer
    private var start = 0, end = 0, ended = false
    /// The current row: its cell, id and record bytes (valid until `advance`).
    private(set) var cell: UInt32 = 0
    private(set) var id: UInt64 = 0
    private(set) var record = UnsafeRawBufferPointer(start: nil, count: 0)

    init(path: String, bufferSize: Int = 512 << 10) throws(AlbumError) {
        file = try FileDescriptor(reading: path)
        buffer = .allocate(byteCount: bufferSize, alignment: 16)
    }

    deinit { buffer.deallocate() }

    /// Moves to the next row; false at the end of the run.
    func advance() throws(AlbumError) -> Bool {
        guard try ensure(8) else { return false }
        let base = UnsafeRawPointer(buffer.baseAddress!)
        let cell = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: start, as: UInt32.self))
        let length = Int(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: start + 4, as: UInt32.self)))
        guard try ensure(8 + length) else { throw .io("\(file.path) is truncated: rebuild the index") }
        self.cell = cell
        record = UnsafeRawBufferPointer(start: UnsafeRawPointer(buffer.baseAddress!) + start + 8, count: length)
        id = IndexRecord.id(record)
        start += 8 + length
        return true
    }

    /// Makes `count` bytes available from `start`; false when the run ends first (with none left).
    private func ensure(_ count: Int) throws(AlbumError) -> Bool {
        while end - start < count {
            if start > 0 {
                let tail = end - start
                if tail > 0 { memmove(buffer.baseAddress!, buffer.baseAddress! + start, tail) }
                start = 0
                end = tail
            }
            if count > buffer.count {
                let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: count * 2, alignment: 16)
                bigger.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[0..<end]))
                buffer.deallocate()
                buffer = bigger
            }
            guard !ended else {
                if end - start == 0 { return false }
                throw .io("\(file.path) is truncated: rebuild the index")
            }
            let n = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[end...]))
            if n == 0 { ended = true } else { end += n }
        }
        return true
    }
}
