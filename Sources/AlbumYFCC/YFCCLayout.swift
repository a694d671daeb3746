import AlbumModel

/// Which column layout a YFCC100M file uses, detected from its first line.
///
/// The 2014 release has 23 tab-separated fields per line; the later copy (Multimedia Commons,
/// `yfcc100m_dataset`) prepends a line number and a hash of the photo, 25 fields in all. The
/// fields after those are the same: photo id, user NSID, nickname, date taken, date uploaded,
/// device, title, description, user tags, machine tags, longitude, latitude, accuracy, page
/// URL, download URL, licence name, licence URL, server, farm, secret, original secret,
/// original extension, marker (0 photo, 1 video).
public enum YFCCLayout: Int, Sendable, Hashable, CustomStringConvertible {
    /// The 2014 release: 23 fields, the photo id first.
    case original = 23
    /// A line number and a hash, then the 23 fields: 25 in all.
    case numbered = 25

    /// Fields on every line.
    public var fieldCount: Int { rawValue }
    /// Fields before the photo id.
    var skip: Int { self == .original ? 0 : 2 }

    public var description: String {
        switch self {
        case .original: "23 fields (2014 layout)"
        case .numbered: "25 fields (line number and hash first)"
        }
    }

    /// The layout of a file whose first line is `line` (without its line break).
    /// - Throws: `AlbumError.invalidInput` naming `file` when the line has another number of fields.
    public static func detect(firstLine line: UnsafeRawBufferPointer, file: String) throws(AlbumError) -> YFCCLayout {
        var fields = 1
        for byte in line where byte == 0x09 { fields += 1 }
        guard let layout = YFCCLayout(rawValue: fields) else {
            throw .invalidInput(
                "\(file) line 1 has \(fields) tab-separated field\(fields == 1 ? "" : "s"): a YFCC100M file has 23 "
                    + "(2014 layout) or 25 (a line number and a hash first)")
        }
        return layout
    }

    // Field positions in the 23-field layout; add `skip` for the line's own.
    static let id = 0, nickname = 2, dateTaken = 3, title = 6, longitude = 10, latitude = 11, accuracy = 12
    static let downloadURL = 14, licenseName = 15, marker = 22
}
