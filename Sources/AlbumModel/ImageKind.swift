import Foundation

/// What the first bytes of a file or an HTTP body say it is: the one sniffer of the project.
/// The downloader's verdicts (`AlbumDownload`), the import's refusals (`AlbumKit`) and the EXIF
/// reader's and thumbnailer's "not a JPEG (…)" (`AlbumImaging`) are all read from it; each says
/// in its own words what it does with a kind.
public enum ImageKind: Sendable, Hashable {
    case jpeg
    /// HEIC/HEIF: an ISO-BMFF `ftyp` box naming a HEIF brand, major or compatible.
    case heif
    case png
    case gif
    case webp
    /// A RIFF file that is not a WebP.
    case riff
    case tiff
    case bmp
    case pdf
    case zip
    case gzip
    /// An ISO-BMFF file whose brands are not HEIF's (an MP4 video).
    case isoMedia(brand: String)
    /// The JPEG start marker without a following segment.
    case brokenJPEG
    /// Starts (after white space) with `<`: an HTML page, XML.
    case markup
    case empty
    case other

    /// The HEIF family's brands: HEVC stills and sequences (what phones write), and the generic
    /// image brands.
    public static let heifBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "mif2"]

    /// Reads at most the first 64 bytes (a HEIF's compatible brands can lie past the 16th).
    public init(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(64))
        func starts(_ prefix: [UInt8]) -> Bool { head.starts(with: prefix) }
        if head.isEmpty {
            self = .empty
        } else if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if head.count >= 12, head[4..<8].elementsEqual("ftyp".utf8) {
            self = Self.namesHEIFBrand(head) ? .heif : .isoMedia(brand: String(decoding: head[8..<12], as: UTF8.self))
        } else if starts([0x89, 0x50, 0x4E, 0x47]) {
            self = .png
        } else if starts(Array("GIF8".utf8)) {
            self = .gif
        } else if starts(Array("RIFF".utf8)) {
            self = head.count >= 12 && head[8..<12].elementsEqual("WEBP".utf8) ? .webp : .riff
        } else if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) {
            self = .tiff
        } else if starts(Array("%PDF".utf8)) {
            self = .pdf
        } else if starts([0x50, 0x4B, 0x03, 0x04]) {
            self = .zip
        } else if starts([0x1F, 0x8B]) {
            self = .gzip
        } else if starts(Array("BM".utf8)) {
            self = .bmp
        } else if starts([0xFF, 0xD8]) {
            self = .brokenJPEG
        } else {
            let text = String(decoding: head.prefix(16), as: UTF8.self).lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
            self = text.hasPrefix("<") ? .markup : .other
        }
    }

    /// True when the bytes start like a JPEG (SOI marker followed by another marker).
    public static func isJPEG(_ bytes: some Collection<UInt8>) -> Bool { ImageKind(sniffing: bytes.prefix(3)) == .jpeg }

    /// True when the bytes start with an ISO-BMFF `ftyp` box naming a HEIF brand, as its major
    /// brand or a compatible one (an MP4 video is not a HEIF). Needs the first 32 bytes or so.
    public static func isHEIF(_ bytes: some Collection<UInt8>) -> Bool { ImageKind(sniffing: bytes) == .heif }

    /// Whether the first 16 bytes are printable ASCII (tabs and line ends included): a text file.
    public static func isText(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.prefix(16).allSatisfy { (0x20..<0x7F).contains($0) || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }

    private static func namesHEIFBrand(_ head: [UInt8]) -> Bool {
        let size = min(head.count, Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3]))
        let brand = { (i: Int) in String(decoding: head[i..<i + 4], as: UTF8.self) }
        if heifBrands.contains(brand(8)) { return true }
        return stride(from: 16, to: size - 3, by: 4).contains { heifBrands.contains(brand($0)) }
    }
}
