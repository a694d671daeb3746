import AlbumImaging

/// Builds EXIF APP1 blocks byte by byte (TIFF 6.0 layout), in either byte order, so tests can
/// make exactly the malformed or unusual cases they need.
struct ExifBuilder {
    /// A TIFF field value.
    enum Value {
        case ascii(String)
        case byte([UInt8])
        case short([UInt16])
        case long([UInt32])
        case rational([(UInt32, UInt32)])
        case srational([(Int32, Int32)])
        /// Any type code and count with the given bytes (for wrong-type cases).
        case raw(type: UInt16, count: UInt32, bytes: [UInt8])
    }

    var bigEndian = false
    var ifd0: [(UInt16, Value)] = []
    var exif: [(UInt16, Value)] = []
    var gps: [(UInt16, Value)] = []
    /// Entries in tag order, as the standard asks; false writes them as listed.
    var sortedTags = true

    /// `Exif\0\0` and the TIFF structure: IFD0, then the EXIF and GPS directories, then values.
    var payload: [UInt8] {
        var ifd0 = ifd0
        let sizes = { (entries: Int) in 2 + entries * 12 + 4 }
        let pointerCount = (exif.isEmpty ? 0 : 1) + (gps.isEmpty ? 0 : 1)
        let ifd0Offset = 8
        let exifOffset = ifd0Offset + sizes(ifd0.count + pointerCount)
        let gpsOffset = exifOffset + (exif.isEmpty ? 0 : sizes(exif.count))
        let dataOffset = gpsOffset + (gps.isEmpty ? 0 : sizes(gps.count))
        if !exif.isEmpty { ifd0.append((0x8769, .long([UInt32(exifOffset)]))) }
        if !gps.isEmpty { ifd0.append((0x8825, .long([UInt32(gpsOffset)]))) }

        var tiff: [UInt8] = bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
        tiff += u16(42) + u32(UInt32(ifd0Offset))
        var data: [UInt8] = []
        for entries in [ifd0, exif, gps] where !entries.isEmpty {
            tiff += u16(UInt16(entries.count))
            for (tag, value) in sortedTags ? entries.sorted(by: { $0.0 < $1.0 }) : entries {
                let (type, count, bytes) = encode(value)
                tiff += u16(tag) + u16(type) + u32(count)
                if bytes.count <= 4 {
                    tiff += bytes + Array(repeating: 0, count: 4 - bytes.count)
                } else {
                    tiff += u32(UInt32(dataOffset + data.count))
                    data += bytes
                    if data.count % 2 == 1 { data.append(0) }
                }
            }
            tiff += u32(0)
        }
        precondition(tiff.count == dataOffset)
        return Array("Exif".utf8) + [0, 0] + tiff + data
    }

    /// The whole APP1 segment: marker, length, payload.
    var segment: [UInt8] { Self.app1(payload) }

    static func app1(_ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    private func encode(_ value: Value) -> (UInt16, UInt32, [UInt8]) {
        switch value {
        case .ascii(let s): (2, UInt32(s.utf8.count + 1), Array(s.utf8) + [0])
        case .byte(let b): (1, UInt32(b.count), b)
        case .short(let v): (3, UInt32(v.count), v.flatMap(u16))
        case .long(let v): (4, UInt32(v.count), v.flatMap(u32))
        case .rational(let v): (5, UInt32(v.count), v.flatMap { u32($0.0) + u32($0.1) })
        case .srational(let v): (10, UInt32(v.count), v.flatMap { u32(UInt32(bitPattern: $0.0)) + u32(UInt32(bitPattern: $0.1)) })
        case .raw(let type, let count, let bytes): (type, count, bytes)
        }
    }

    private func u16(_ v: UInt16) -> [UInt8] {
        bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)]
    }

    private func u32(_ v: UInt32) -> [UInt8] {
        let b = [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
        return bigEndian ? b : b.reversed()
    }
}

extension ExifBuilder {
    /// A typical camera file: make, model, orientation, dates, a GPS fix north-east of Siena.
    static func camera(bigEndian: Bool = false) -> ExifBuilder {
        var b = ExifBuilder(bigEndian: bigEndian)
        b.ifd0 = [(0x010F, .ascii("NIKON")), (0x0110, .ascii("COOLPIX P6000")), (0x0112, .short([6])),
                  (0x0132, .ascii("2008:10:23 10:00:00"))]
        b.exif = [(0x9003, .ascii("2008:10:22 16:29:49")), (0x9011, .ascii("+02:00"))]
        b.gps = [(0x0001, .ascii("N")), (0x0002, .rational([(43, 1), (28, 1), (281, 100)])),
                 (0x0003, .ascii("E")), (0x0004, .rational([(11, 1), (53, 1), (645, 100)])),
                 (0x0005, .byte([0])), (0x0006, .rational([(2345, 10)])),
                 (0x0007, .rational([(14, 1), (29, 1), (49, 1)])), (0x001D, .ascii("2008:10:22"))]
        return b
    }

    /// Replaces (or adds) `tag` in the GPS directory; nil removes it.
    mutating func setGPS(_ tag: UInt16, _ value: Value?) {
        gps.removeAll { $0.0 == tag }
        if let value { gps.append((tag, value)) }
    }

    mutating func setExif(_ tag: UInt16, _ value: Value?) {
        exif.removeAll { $0.0 == tag }
        if let value { exif.append((tag, value)) }
    }

    mutating func setIFD0(_ tag: UInt16, _ value: Value?) {
        ifd0.removeAll { $0.0 == tag }
        if let value { ifd0.append((tag, value)) }
    }
}
