import Foundation

/// A test JPEG with exactly the EXIF a case needs: a fixture photo's image data with its EXIF
/// block replaced by one written here (GPS, capture time and offset, make and model) and a
/// comment that makes its bytes unique.
public struct GeoPhoto: Sendable {
    public var latitude: Double?
    public var longitude: Double?
    /// EXIF style, `2024:06:14 09:43:19`.
    public var takenAt: String?
    /// `+02:00`.
    public var offset: String?
    public var make: String?
    public var model: String?
    /// IFD0 Artist and Copyright.
    public var artist: String?
    public var copyright: String?
    /// Written into a comment segment so that photos with equal EXIF still differ.
    public var tag: String
    /// The GPS receiver's UTC time, EXIF style (`2024:07:14 07:41:02`): GPSDateStamp and GPSTimeStamp.
    public var gpsTime: String?
    /// IPTC-IIM keywords (2:25) in an APP13 Photoshop segment, as older tools write them.
    public var iptcKeywords: [String] = []
    /// Whether the IPTC record says UTF-8 (1:90 `ESC % G`); else its text is ISO 8859-1.
    public var iptcUTF8 = true

    public init(
        latitude: Double? = nil, longitude: Double? = nil, takenAt: String? = nil, offset: String? = nil,
        make: String? = nil, model: String? = nil, tag: String, gpsTime: String? = nil
    ) {
        self.gpsTime = gpsTime
        self.latitude = latitude
        self.longitude = longitude
        self.takenAt = takenAt
        self.offset = offset
        self.make = make
        self.model = model
        self.tag = tag
    }

    /// The image data every GeoPhoto shares: `fixtures/bundle/photos/paris-01.jpg`, 320×240.
    public static let base: Data = {
        (try? Data(contentsOf: Fixtures.bundle.appendingPathComponent("photos/paris-01.jpg"))) ?? Data()
    }()

    /// The JPEG bytes.
    public var jpeg: Data {
        let bytes = [UInt8](Self.base)
        var out: [UInt8] = [0xFF, 0xD8]
        if let exif = exifPayload { out += Self.segment(0xE1, exif) }
        out += Self.segment(0xFE, Array("GeoPhoto \(tag)".utf8))
        if !iptcKeywords.isEmpty { out += Self.segment(0xED, iptcPayload) }
        // Keep the fixture's segments except its own EXIF block.
        var i = 2
        while i + 4 <= bytes.count, bytes[i] == 0xFF, (0xE0...0xEF).contains(bytes[i + 1]) || bytes[i + 1] == 0xFE {
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if bytes[i + 1] != 0xE1 { out += bytes[i..<i + 2 + length] }
            i += 2 + length
        }
        return Data(out + bytes[i...])
    }

    /// Writes the JPEG to `url`, making its folder.
    public func write(to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try jpeg.write(to: url)
    }

    private static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    /// `Photoshop 3.0\0`, one `8BIM` 0x0404 resource (empty name) holding the IIM datasets.
    private var iptcPayload: [UInt8] {
        func dataset(_ record: UInt8, _ number: UInt8, _ value: [UInt8]) -> [UInt8] {
            [0x1C, record, number, UInt8(value.count >> 8), UInt8(value.count & 0xFF)] + value
        }
        var iim = dataset(1, 0, [0, 4])
        if iptcUTF8 { iim += dataset(1, 90, [0x1B, 0x25, 0x47]) }
        iim += dataset(2, 0, [0, 4])
        for keyword in iptcKeywords {
            iim += dataset(2, 25, iptcUTF8 ? Array(keyword.utf8) : keyword.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
        }
        let size = UInt32(iim.count)
        var block = Array("8BIM".utf8) + [0x04, 0x04, 0, 0] + [24, 16, 8, 0].map { UInt8((size >> UInt32($0)) & 0xFF) } + iim
        if iim.count % 2 == 1 { block.append(0) }
        return Array("Photoshop 3.0".utf8) + [0] + block
    }

    /// `Exif\0\0` and a little-endian TIFF structure: IFD0 → Exif IFD, GPS IFD.
    private var exifPayload: [UInt8]? {
        var ifd0: [Entry] = []
        var exif: [Entry] = []
        var gps: [Entry] = []
        if let make { ifd0.append(.ascii(0x010F, make)) }
        if let model { ifd0.append(.ascii(0x0110, model)) }
        if let artist { ifd0.append(.ascii(0x013B, artist)) }
        if let copyright { ifd0.append(.ascii(0x8298, copyright)) }
        if let takenAt { exif.append(.ascii(0x9003, takenAt)) }
        if let offset { exif.append(.ascii(0x9011, offset)) }
        if let latitude, let longitude {
            gps = [.ascii(0x0001, latitude < 0 ? "S" : "N"), .degrees(0x0002, abs(latitude)),
                   .ascii(0x0003, longitude < 0 ? "W" : "E"), .degrees(0x0004, abs(longitude))]
        }
        if let gpsTime {
            let parts = gpsTime.split(separator: " ")
            let hms = parts.count == 2 ? parts[1].split(separator: ":").compactMap { UInt32($0) } : []
            if hms.count == 3 {
                gps.append(.ascii(0x001D, String(parts[0])))
                let bytes = hms.flatMap { GeoPhoto.u32($0) + GeoPhoto.u32(1) }
                gps.append(Entry(tag: 0x0007, type: 5, count: 3, bytes: bytes))
            }
        }
        guard !(ifd0.isEmpty && exif.isEmpty && gps.isEmpty) else { return nil }
        let size = { (n: Int) in 2 + 12 * n + 4 }
        let pointers = (exif.isEmpty ? 0 : 1) + (gps.isEmpty ? 0 : 1)
        let exifOffset = 8 + size(ifd0.count + pointers)
        let gpsOffset = exifOffset + (exif.isEmpty ? 0 : size(exif.count))
        var dataOffset = gpsOffset + (gps.isEmpty ? 0 : size(gps.count))
        if !exif.isEmpty { ifd0.append(.long(0x8769, UInt32(exifOffset))) }
        if !gps.isEmpty { ifd0.append(.long(0x8825, UInt32(gpsOffset))) }
        var tiff: [UInt8] = [0x49, 0x49, 42, 0] + Self.u32(8)
        var data: [UInt8] = []
        for entries in [ifd0, exif, gps] where !entries.isEmpty {
            tiff += Self.u16(UInt16(entries.count))
            for entry in entries.sorted(by: { $0.tag < $1.tag }) {
                tiff += Self.u16(entry.tag) + Self.u16(entry.type) + Self.u32(entry.count)
                if entry.bytes.count <= 4 {
                    tiff += entry.bytes + [UInt8](repeating: 0, count: 4 - entry.bytes.count)
                } else {
                    tiff += Self.u32(UInt32(dataOffset))
                    data += entry.bytes
                    dataOffset += entry.bytes.count
                }
            }
            tiff += Self.u32(0)
        }
        return Array("Exif".utf8) + [0, 0] + tiff + data
    }

    private struct Entry {
        let tag: UInt16, type: UInt16, count: UInt32, bytes: [UInt8]

        static func ascii(_ tag: UInt16, _ text: String) -> Entry {
            let bytes = Array(text.utf8) + [0]
            return Entry(tag: tag, type: 2, count: UInt32(bytes.count), bytes: bytes)
        }

        static func long(_ tag: UInt16, _ value: UInt32) -> Entry {
            Entry(tag: tag, type: 4, count: 1, bytes: GeoPhoto.u32(value))
        }

        /// Degrees, minutes, seconds as rationals; seconds to a millionth.
        static func degrees(_ tag: UInt16, _ value: Double) -> Entry {
            let d = value.rounded(.down), m = ((value - d) * 60).rounded(.down)
            let s = UInt32(((value - d - m / 60) * 3600 * 1_000_000).rounded())
            let bytes = GeoPhoto.u32(UInt32(d)) + GeoPhoto.u32(1) + GeoPhoto.u32(UInt32(m)) + GeoPhoto.u32(1)
                + GeoPhoto.u32(s) + GeoPhoto.u32(1_000_000)
            return Entry(tag: tag, type: 5, count: 3, bytes: bytes)
        }
    }

    static func u16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
    static func u32(_ v: UInt32) -> [UInt8] { [0, 8, 16, 24].map { UInt8((v >> UInt32($0)) & 0xFF) } }
}
