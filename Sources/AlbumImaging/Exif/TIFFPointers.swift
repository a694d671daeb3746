/// Checks the directory pointers in IFD0 before trusting what libexif found behind them.
///
/// libexif follows the ExifIFD (0x8769) and GPS (0x8825) pointers whatever their declared type;
/// exiftool and exiv2 refuse a pointer that is not a single LONG (or IFD) value, because what it
/// points to is then not known to be a directory. This reader refuses it too, so it never
/// reports a value read from bytes of unknown meaning.
enum TIFFPointers {
    /// The directories whose pointer in IFD0 is malformed, with a reason for each.
    /// - Parameter payload: the APP1 payload, starting with `Exif\0\0`.
    static func malformed(in payload: [UInt8]) -> [(ExifDocument.Directory, String)] {
        let tiff = 6
        guard payload.count >= tiff + 8 else { return [] }
        let big: Bool
        switch (payload[tiff], payload[tiff + 1]) {
        case (0x4D, 0x4D): big = true
        case (0x49, 0x49): big = false
        default: return []
        }
        func read(_ offset: Int, _ width: Int) -> Int? {
            guard offset >= 0, offset + width <= payload.count else { return nil }
            return (0..<width).reduce(0) { $0 << 8 | Int(payload[offset + (big ? $1 : width - 1 - $1)]) }
        }
        guard let ifd0 = read(tiff + 4, 4), let count = read(tiff + ifd0, 2) else { return [] }
        var found: [(ExifDocument.Directory, String)] = []
        for index in 0..<min(count, 1000) {
            let entry = tiff + ifd0 + 2 + index * 12
            guard let tag = read(entry, 2), let type = read(entry + 2, 2), let components = read(entry + 4, 4) else { break }
            let directory: (ExifDocument.Directory, String)? = switch tag {
            case 0x8769: (.exif, "ExifOffset")
            case 0x8825: (.gps, "GPSInfo")
            default: nil
            }
            guard let (dir, name) = directory, !((type == 4 || type == 13) && components == 1) else { continue }
            found.append((dir, "\(name) pointer has type \(type) × \(components), not one LONG: that directory is ignored"))
        }
        return found
    }
}
