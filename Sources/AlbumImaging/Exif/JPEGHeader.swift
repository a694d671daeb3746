import AlbumModel

/// The parts of a JPEG's header the EXIF reader needs, found by walking its marker segments up
/// to the start of the image data. Segment bodies it does not need are skipped, not read.
struct JPEGHeader {
    /// Where a segment's payload lies in the file, and how much of it the file really holds.
    struct Segment {
        let offset: Int
        let length: Int
    }

    /// The APP1 `Exif\0\0` payload, header included (what libexif expects).
    var exif: Segment?
    /// The APP1 XMP packet, after its namespace header.
    var xmp: Segment?
    /// The APP13 Photoshop image resources (where IPTC-IIM lives), after their `Photoshop 3.0`
    /// header, in file order (a writer splits resources over 64 KB into several segments).
    var photoshop: [Segment] = []
    /// From the frame header (SOF).
    var width: Int?
    var height: Int?
    var components: Int?
    var progressive = false
    /// Why the walk stopped early, when it did.
    var problems: [String] = []

    private static let exifSignature: [UInt8] = Array("Exif".utf8) + [0, 0]
    private static let xmpSignature: [UInt8] = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]
    private static let photoshopSignature: [UInt8] = Array("Photoshop 3.0".utf8) + [0]

    /// Walks the markers of the JPEG in `source`.
    /// - Throws: `AlbumError.invalidInput` when it does not start like a JPEG; `.io` when reading fails.
    static func scan(_ source: some ByteSource) throws(AlbumError) -> JPEGHeader {
        let head = try source.bytes(at: 0, count: 16)
        guard FileSignature.isJPEG(head) else { throw .invalidInput(FileSignature.notJPEGReason(head)) }
        var header = JPEGHeader()
        var position = 2
        for _ in 0..<4096 {
            let marker = try source.bytes(at: position, count: 4)
            guard marker.count >= 2 else {
                header.problems.append("the file ends inside its header (truncated)")
                return header
            }
            guard marker[marker.startIndex] == 0xFF else {
                header.problems.append("corrupt JPEG header: no marker at byte \(position)")
                return header
            }
            let code = marker[marker.startIndex + 1]
            switch code {
            case 0xFF: position += 1; continue  // fill byte
            case 0x01, 0xD0...0xD8: position += 2; continue  // markers without a length
            case 0xD9, 0xDA: return header  // end of image, start of scan: the header is over
            default: break
            }
            guard marker.count == 4 else {
                header.problems.append("the file ends inside its header (truncated)")
                return header
            }
            let length = Int(marker[marker.startIndex + 2]) << 8 | Int(marker[marker.startIndex + 3])
            guard length >= 2 else {
                header.problems.append("corrupt JPEG header: segment length \(length) at byte \(position)")
                return header
            }
            let segment = Segment(offset: position + 4, length: length - 2)
            switch code {
            case 0xE1: try header.noteApp1(segment, in: source)
            case 0xED: try header.noteApp13(segment, in: source)
            case 0xC0...0xCF where code != 0xC4 && code != 0xC8 && code != 0xCC:
                try header.noteFrame(segment, progressive: [0xC2, 0xC6, 0xCA, 0xCE].contains(code), in: source)
            default: break
            }
            position = segment.offset + segment.length
        }
        header.problems.append("corrupt JPEG header: too many segments")
        return header
    }

    private mutating func noteApp1(_ segment: Segment, in source: some ByteSource) throws(AlbumError) {
        let start = try source.bytes(at: segment.offset, count: min(segment.length, Self.xmpSignature.count))
        if exif == nil, start.starts(with: Self.exifSignature) {
            exif = segment
        } else if xmp == nil, start.elementsEqual(Self.xmpSignature) {
            let skip = Self.xmpSignature.count
            xmp = Segment(offset: segment.offset + skip, length: segment.length - skip)
        }
    }

    private mutating func noteApp13(_ segment: Segment, in source: some ByteSource) throws(AlbumError) {
        let skip = Self.photoshopSignature.count
        guard segment.length > skip,
              try source.bytes(at: segment.offset, count: skip).elementsEqual(Self.photoshopSignature)
        else { return }
        photoshop.append(Segment(offset: segment.offset + skip, length: segment.length - skip))
    }

    private mutating func noteFrame(_ segment: Segment, progressive: Bool, in source: some ByteSource) throws(AlbumError) {
        guard width == nil else { return }
        let b = Array(try source.bytes(at: segment.offset, count: 6))
        guard b.count == 6 else { return }
        height = Int(b[1]) << 8 | Int(b[2])
        width = Int(b[3]) << 8 | Int(b[4])
        components = Int(b[5])
        self.progressive = progressive
    }
}
