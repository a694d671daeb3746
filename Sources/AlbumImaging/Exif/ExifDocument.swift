import CExif

/// A parsed EXIF block. The only type that touches libexif: it owns the `ExifData` handle and
/// releases it in `deinit`; fields leave it as plain `ExifField` values.
final class ExifDocument {
    /// The image file directories an EXIF block may hold.
    enum Directory: CaseIterable {
        case ifd0, exif, gps

        fileprivate var index: Int {
            switch self {
            case .ifd0: Int(EXIF_IFD_0.rawValue)
            case .exif: Int(EXIF_IFD_EXIF.rawValue)
            case .gps: Int(EXIF_IFD_GPS.rawValue)
            }
        }
    }

    private let handle: UnsafeMutablePointer<ExifData>
    /// True when the block is big-endian (Motorola, `MM`).
    let bigEndian: Bool
    /// Directories whose contents are not to be trusted (see `TIFFPointers`).
    var ignored: Set<Directory> = []

    /// Parses an APP1 payload that starts with `Exif\0\0`.
    /// - Returns: nil when libexif cannot allocate its handle.
    init?(payload: UnsafeRawBufferPointer) {
        guard let handle = exif_data_new(), let base = payload.baseAddress else { return nil }
        self.handle = handle
        // Keep the block as written: no "fixing" (which invents default entries) and no
        // dropping of tags found in an unexpected directory (exiftool reads those too).
        exif_data_unset_option(handle, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        exif_data_unset_option(handle, EXIF_DATA_OPTION_IGNORE_UNKNOWN_TAGS)
        exif_data_load_data(handle, base.assumingMemoryBound(to: UInt8.self), UInt32(clamping: payload.count))
        bigEndian = exif_data_get_byte_order(handle) == EXIF_BYTE_ORDER_MOTOROLA
    }

    deinit { exif_data_unref(handle) }

    /// How many entries libexif found in all directories (0 for an unreadable block).
    var entryCount: Int {
        Directory.allCases.filter { !ignored.contains($0) }.reduce(0) { $0 + (content($1).map { Int($0.pointee.count) } ?? 0) }
    }

    /// The entry `tag` of `directory`, copied out of libexif.
    func field(_ tag: UInt16, in directory: Directory) -> ExifField? {
        guard !ignored.contains(directory), let content = content(directory),
              let entry = exif_content_get_entry(content, ExifTag(rawValue: UInt32(tag)))
        else { return nil }
        let e = entry.pointee
        let bytes = e.data.map { Array(UnsafeBufferPointer(start: $0, count: Int(e.size))) } ?? []
        return ExifField(
            format: ExifField.Format(rawValue: Int(e.format.rawValue)) ?? .other,
            count: Int(e.components), bytes: bytes, bigEndian: bigEndian)
    }

    private func content(_ directory: Directory) -> UnsafeMutablePointer<ExifContent>? {
        withUnsafeBytes(of: handle.pointee.ifd) { ifds in
            ifds.load(fromByteOffset: directory.index * MemoryLayout<UnsafeMutablePointer<ExifContent>?>.stride,
                      as: UnsafeMutablePointer<ExifContent>?.self)
        }
    }
}
