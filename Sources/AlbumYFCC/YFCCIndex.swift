import AlbumModel
import Foundation

/// A photo as the index holds it, texts decoded.
public struct YFCCPhoto: Sendable, Hashable {
    public var id: UInt64
    public var latitude: Double
    public var longitude: Double
    /// Flickr's accuracy level, 1 (world) … 16 (street).
    public var accuracy: Int
    /// The title, URL-decoded; nil when empty.
    public var title: String?
    /// The owner's nickname, URL-decoded; nil when empty.
    public var owner: String?
    /// ISO 8601 local date taken, without an offset (the dataset has none); nil when unreadable.
    public var takenAt: String?
    /// The download URL (http or https).
    public var url: String
    /// The licence name; nil when empty.
    public var license: String?
    /// Distance from the query's centre, km.
    public var distanceKm: Double
}

/// One page of a radius query.
public struct YFCCResult: Sendable, Hashable {
    /// Photos within the radius in all.
    public var total: Int
    public var photos: [YFCCPhoto]
}

/// A built index, memory-mapped: answers radius queries nearest first.
public final class YFCCIndex: Sendable {
    let file: MappedFile
    let header: IndexHeader
    let meta: YFCCIndexMeta

    /// The index file's path.
    public var path: String { file.path }
    /// What building the index found.
    public var report: YFCCIndexReport { meta.report }
    /// The data file it was built from, as it was then.
    public var dataFile: String { meta.source.path }

    /// Whether `path` is an index file (by its first bytes).
    public static func isIndex(_ path: String) -> Bool { MappedFile.starts(path, with: IndexFormat.magic) }

    /// Opens and checks an index file.
    /// - Throws: `AlbumError.notFound` when missing; `.invalidInput` when it is not an index of
    ///   this version or is damaged (sections outside the file).
    public init(file path: String) throws(AlbumError) {
        let file = try MappedFile(path: path)
        guard let (header, version, cellsPerDegree) = IndexHeader.decode(file.bytes) else {
            throw .invalidInput("\(path) is not a GeoAlbum YFCC index")
        }
        guard version == IndexFormat.version, cellsPerDegree == IndexFormat.cellsPerDegree else {
            throw .invalidInput("\(path) is a YFCC index of another version (\(version)): run album yfcc index again")
        }
        let size = UInt64(file.bytes.count)
        let pointsEnd = header.pointsOffset &+ header.rows &* UInt64(IndexFormat.pointSize)
        let directoryEnd = header.directoryOffset &+ header.cells &* UInt64(IndexFormat.directoryEntrySize)
        guard header.pointsOffset == UInt64(IndexFormat.headerSize), pointsEnd == header.recordsOffset,
            header.recordsOffset <= header.directoryOffset, directoryEnd == header.metaOffset,
            header.metaOffset &+ header.metaLength == size, header.rows < 1 << 40
        else {
            throw .invalidInput("\(path) is damaged (its sections do not fit the file): run album yfcc index again")
        }
        let json = Data(file.bytes[Int(header.metaOffset)..<Int(size)])
        do {
            meta = try JSONDecoder().decode(YFCCIndexMeta.self, from: json)
        } catch {
            throw .invalidInput("\(path) is damaged (its summary cannot be read): run album yfcc index again")
        }
        self.file = file
        self.header = header
    }

    /// Photos within `radiusKm` of `center`, nearest first (ties in index order), one page.
    /// - Parameters:
    ///   - page: from 1; a page past the end is empty.
    ///   - perPage: at least 1.
    public func search(center: Coordinate, radiusKm: Double, page: Int, perPage: Int) -> YFCCResult {
        var found: [(distance: Double, point: Int)] = []
        let bytes = file.bytes
        let points = Int(header.pointsOffset)
        let cosLat = cos(center.latitude * .pi / 180)
        let box = center.boundingBox(radiusKm: radiusKm)
        let firstRow = IndexFormat.row(latitude: box.minLatitude), lastRow = IndexFormat.row(latitude: box.maxLatitude)
        for row in firstRow...lastRow {
            for range in box.longitudeRanges {
                let low = UInt32(row * IndexFormat.columns + IndexFormat.column(longitude: range.lowerBound))
                let high = UInt32(row * IndexFormat.columns + IndexFormat.column(longitude: range.upperBound))
                var entry = firstEntry(atLeast: low)
                while entry < Int(header.cells) {
                    let (cell, count, first) = directoryEntry(entry)
                    guard cell <= high else { break }
                    for point in Int(first)..<(Int(first) + Int(count)) {
                        let at = points + point * IndexFormat.pointSize
                        let latitude = Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self)))
                        let longitude = Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at + 8, as: UInt64.self)))
                        let distance = IndexFormat.distanceKm(
                            center.latitude, center.longitude, cosLat1: cosLat, latitude, longitude)
                        if distance <= radiusKm { found.append((distance, point)) }
                    }
                    entry += 1
                }
            }
        }
        let total = found.count
        let (start, overflow) = (max(1, page) - 1).multipliedReportingOverflow(by: max(1, perPage))
        guard !overflow, start < total else { return YFCCResult(total: total, photos: []) }
        let wanted = min(max(1, perPage), total - start)
        let nearest = Self.nearest(start + wanted, of: found)
        let photos = nearest[start..<(start + wanted)].map { photo(point: $0.point, distance: $0.distance) }
        return YFCCResult(total: total, photos: photos)
    }

    /// The `k` nearest of `found`, in order (by distance, then position in the index). Only the
    /// first pages need ordering: a bounded max-heap costs O(n log k) instead of sorting all n.
    static func nearest(_ k: Int, of found: [(distance: Double, point: Int)]) -> [(distance: Double, point: Int)] {
        func before(_ a: (distance: Double, point: Int), _ b: (distance: Double, point: Int)) -> Bool {
            a.distance != b.distance ? a.distance < b.distance : a.point < b.point
        }
        guard k > 0 else { return [] }
        guard k < found.count / 4 else { return found.sorted(by: before) }
        var heap: [(distance: Double, point: Int)] = []
        heap.reserveCapacity(k)
        func siftDown(_ from: Int) {
            var parent = from
            while true {
                let left = 2 * parent + 1, right = left + 1
                var largest = parent
                if left < heap.count && before(heap[largest], heap[left]) { largest = left }
                if right < heap.count && before(heap[largest], heap[right]) { largest = right }
                if largest == parent { return }
                heap.swapAt(parent, largest)
                parent = largest
            }
        }
        for item in found {
            if heap.count < k {
                heap.append(item)
                var child = heap.count - 1
                while child > 0, before(heap[(child - 1) / 2], heap[child]) {
                    heap.swapAt(child, (child - 1) / 2)
                    child = (child - 1) / 2
                }
            } else if before(item, heap[0]) {
                heap[0] = item
                siftDown(0)
            }
        }
        return heap.sorted(by: before)
    }

    /// The position of the first directory entry whose cell is `cell` or more.
    private func firstEntry(atLeast cell: UInt32) -> Int {
        var low = 0, high = Int(header.cells)
        while low < high {
            let middle = (low + high) / 2
            if directoryEntry(middle).cell < cell { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private func directoryEntry(_ index: Int) -> (cell: UInt32, count: UInt32, first: UInt64) {
        let at = Int(header.directoryOffset) + index * IndexFormat.directoryEntrySize
        let bytes = file.bytes
        return (UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self)),
                UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at + 4, as: UInt32.self)),
                UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at + 8, as: UInt64.self)))
    }

    private func photo(point: Int, distance: Double) -> YFCCPhoto {
        let bytes = file.bytes
        let at = Int(header.pointsOffset) + point * IndexFormat.pointSize
        let offset = Int(header.recordsOffset) + Int(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at + 16, as: UInt64.self)))
        let record = UnsafeRawBufferPointer(rebasing: bytes[offset..<min(bytes.count, offset + IndexRecord.fixedSize + 4 * 65536)])
        let (latitude, longitude) = IndexRecord.coordinate(record)
        let license = Int(IndexRecord.u16(record, 25))
        var cursor = IndexRecord.fixedSize
        func text(_ length: Int) -> UnsafeRawBufferPointer {
            defer { cursor += length }
            return UnsafeRawBufferPointer(rebasing: record[cursor..<(cursor + length)])
        }
        let taken = text(Int(record[27]))
        let owner = text(Int(IndexRecord.u16(record, 28)))
        let title = text(Int(IndexRecord.u16(record, 30)))
        let url = text(Int(IndexRecord.u16(record, 32)))
        let licenseName = license < meta.licenses.count ? meta.licenses[license] : ""
        return YFCCPhoto(
            id: IndexRecord.id(record), latitude: latitude, longitude: longitude, accuracy: Int(record[24]),
            title: YFCCText.decoded(title), owner: YFCCText.decoded(owner), takenAt: YFCCText.isoDate(taken),
            url: String(decoding: url, as: UTF8.self), license: YFCCText.decoded(licenseName.utf8), distanceKm: distance)
    }
}

extension YFCCIndex {
    /// Photos in the index.
    public var count: Int { Int(header.rows) }

    /// The positions of `count` photos picked at random (reproducibly, by `seed`): query centres
    /// where the data is, for benchmarks.
    public func samplePositions(count: Int, seed: UInt64) -> [Coordinate] {
        guard header.rows > 0 else { return [] }
        var state = seed &+ 0x9E37_79B9_7F4A_7C15
        var positions: [Coordinate] = []
        for _ in 0..<count {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let point = Int((state >> 11) % header.rows)
            let at = Int(header.pointsOffset) + point * IndexFormat.pointSize
            let latitude = Double(bitPattern: UInt64(littleEndian: file.bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self)))
            let longitude = Double(bitPattern: UInt64(littleEndian: file.bytes.loadUnaligned(fromByteOffset: at + 8, as: UInt64.self)))
            if let position = try? Coordinate(latitude: latitude, longitude: longitude) { positions.append(position) }
        }
        return positions
    }
}
