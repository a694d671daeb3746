import AlbumModel
import Foundation

/// Merges sorted runs into the index file (see `IndexFormat`), written aside and renamed.
struct RunMerger {
    let folder: String
    let runs: [String]

    func merge(into indexFile: String, meta: YFCCIndexMeta) throws(AlbumError) {
        var readers: [RunReader] = []
        for name in runs {
            let reader = try RunReader(path: folder + "/" + name)
            if try reader.advance() { readers.append(reader) }
        }
        let rows = UInt64(meta.report.photos)
        let temporary = folder + "/index.tmp"
        let output = try FileDescriptor(creating: temporary)
        let pointsOffset = UInt64(IndexFormat.headerSize)
        let recordsOffset = pointsOffset + rows * UInt64(IndexFormat.pointSize)
        let points = RegionWriter(file: output, offset: pointsOffset)
        let records = RegionWriter(file: output, offset: recordsOffset, capacity: 4 << 20)
        let directoryFile = try FileDescriptor(creating: folder + "/directory.tmp")
        let directory = RegionWriter(file: directoryFile, offset: 0)

        // A binary min-heap of readers by (cell, id, run).
        var heap = Array(readers.indices)
        func less(_ a: Int, _ b: Int) -> Bool {
            let x = readers[a], y = readers[b]
            if x.cell != y.cell { return x.cell < y.cell }
            if x.id != y.id { return x.id < y.id }
            return a < b
        }
        func siftDown(_ from: Int) {
            var parent = from
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < heap.count && less(heap[left], heap[smallest]) { smallest = left }
                if right < heap.count && less(heap[right], heap[smallest]) { smallest = right }
                if smallest == parent { return }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
        }
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }

        var written: UInt64 = 0, cells: UInt64 = 0
        var currentCell: UInt32 = 0, cellStart: UInt64 = 0
        func closeCell() throws(AlbumError) {
            guard written > cellStart else { return }
            try directory.append(currentCell)
            try directory.append(UInt32(written - cellStart))
            try directory.append(cellStart)
            cells += 1
        }
        while let top = heap.first {
            let reader = readers[top]
            if written == 0 || reader.cell != currentCell {
                try closeCell()
                currentCell = reader.cell
                cellStart = written
            }
            let (latitude, longitude) = IndexRecord.coordinate(reader.record)
            try points.append(latitude.bitPattern)
            try points.append(longitude.bitPattern)
            try points.append(records.position - recordsOffset)
            try records.append(reader.record)
            written += 1
            if try reader.advance() {
                siftDown(0)
            } else {
                heap.swapAt(0, heap.count - 1)
                heap.removeLast()
                if !heap.isEmpty { siftDown(0) }
            }
        }
        try closeCell()
        guard written == rows else { throw .io("\(folder): the runs hold \(written) rows, expected \(rows): rebuild the index") }
        try points.flush()
        try records.flush()
        try directory.flush()

        // The directory, then the meta JSON, after the records.
        let directoryOffset = records.position
        let tail = RegionWriter(file: output, offset: directoryOffset, capacity: 4 << 20)
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { copy.deallocate() }
        let reread = try FileDescriptor(reading: folder + "/directory.tmp")
        while true {
            let n = try reread.read(into: copy)
            if n == 0 { break }
            try tail.append(UnsafeRawBufferPointer(rebasing: copy[0..<n]))
        }
        let metaOffset = tail.position
        let json: Data
        do { json = try JSONEncoder().encode(meta) } catch { throw .io("cannot encode the index summary: \(error)") }
        try typed { try json.withUnsafeBytes { try tail.append($0) } }
        try tail.flush()

        let header = IndexHeader(
            rows: rows, cells: cells, pointsOffset: pointsOffset, recordsOffset: recordsOffset,
            directoryOffset: directoryOffset, metaOffset: metaOffset, metaLength: UInt64(json.count))
        try typed { try header.encoded().withUnsafeBytes { try output.write($0, at: 0) } }
        try output.sync()
        guard rename(temporary, indexFile) == 0 else { throw FileDescriptor.error(errno, "cannot write", indexFile) }
    }
}
