import AlbumModel
import Foundation

/// Reads what a JPEG's (or a HEIC/HEIF's) EXIF block suggests: capture date, place, orientation,
/// camera, size.
///
/// HEIF files are recognised by content; their EXIF block comes from libheif's metadata and is
/// read by the same code as a JPEG's. Of a JPEG it reads only the header segments it needs (markers, the EXIF block, the frame header, and
/// the XMP packet only when EXIF lacks a date or orientation), never the image data. A missing or
/// unusable field is absent and `ExifInfo.problems` says why; the reader never guesses.
public struct ExifReader: Sendable {
    public init() {}

    /// Reads the EXIF of the JPEG file at `url`.
    /// - Throws: `AlbumError.io` when the file cannot be read, `.invalidInput` when it is not a
    ///   JPEG; both name the file.
    public func read(fileAt url: URL) throws(AlbumError) -> ExifInfo {
        try read(filePath: url.path, name: url.relativePath)
    }

    /// Reads the EXIF of the JPEG file at `path` (cheaper than a `URL` for thousands of files).
    /// - Throws: as `read(fileAt:)`, naming the file as `path` spells it.
    public func read(filePath path: String) throws(AlbumError) -> ExifInfo {
        try read(filePath: path, name: path)
    }

    private func read(filePath path: String, name: String) throws(AlbumError) -> ExifInfo {
        do {
            let file = try ReadOnlyFile(path: path, name: name)
            if ImageKind.isHEIF(try file.bytes(at: 0, count: 64)) {
                return try read(HEIFFile(path: path, name: name))
            }
            return try read(file)
        } catch {
            throw error.naming(name)
        }
    }

    /// Reads the EXIF of a JPEG or HEIF held in memory.
    /// - Throws: `AlbumError.invalidInput` when `data` is neither.
    public func read(data: Data) throws(AlbumError) -> ExifInfo {
        if ImageKind.isHEIF(data.prefix(64)) { return try read(HEIFFile(data: data)) }
        return try read(MemoryBytes(data: data))
    }

    /// A HEIF's primary image: its size, its EXIF block, and XMP when EXIF lacks a date or orientation.
    func read(_ file: HEIFFile) throws(AlbumError) -> ExifInfo {
        let image = try file.primaryImage()
        var info = ExifInfo(width: image.width, height: image.height)
        if let payload = image.exifPayload() {
            read(exifPayload: payload, declaredLength: payload.count, into: &info)
        } else {
            info.problems.append("no EXIF block")
        }
        readXMP(into: &info) { image.xmpPacket().map { ArraySlice($0) } }
        return info
    }

    func read(_ source: some ByteSource) throws(AlbumError) -> ExifInfo {
        let header = try JPEGHeader.scan(source)
        var info = ExifInfo(width: header.width, height: header.height, problems: header.problems)
        guard let segment = header.exif else {
            info.problems.append("no EXIF block")
            try readXMP(header, source, into: &info)
            return info
        }
        let payload = Array(try source.bytes(at: segment.offset, count: segment.length))
        read(exifPayload: payload, declaredLength: segment.length, into: &info)
        try readXMP(header, source, into: &info)
        return info
    }

    /// Reads an EXIF block (`Exif\0\0` and the TIFF structure) into `info`, whatever file it came from.
    private func read(exifPayload payload: [UInt8], declaredLength: Int, into info: inout ExifInfo) {
        if payload.count < declaredLength {
            info.problems.append("EXIF block is truncated (\(payload.count) of \(declaredLength) bytes)")
        }
        let document = payload.withUnsafeBytes { ExifDocument(payload: $0) }
        guard let document, document.entryCount > 0 else {
            info.problems.append("EXIF block is corrupt (no readable entries)")
            return
        }
        for (directory, reason) in TIFFPointers.malformed(in: payload) {
            document.ignored.insert(directory)
            info.problems.append(reason)
        }
        var fields = ExifFields(document: document)
        fields.read(into: &info)
        info.problems += fields.problems
    }

    /// XMP's `exif:DateTimeOriginal` when EXIF has no original or digitized date, and XMP's
    /// `tiff:Orientation` when EXIF has none. The packet is read only when one of them is needed.
    private func readXMP(_ header: JPEGHeader, _ source: some ByteSource, into info: inout ExifInfo) throws(AlbumError) {
        guard let segment = header.xmp else { return }
        try readXMP(into: &info) { () throws(AlbumError) in try source.bytes(at: segment.offset, count: segment.length) }
    }

    /// The same, with the packet fetched by `packet` only when it is needed.
    private func readXMP<E: Error>(
        into info: inout ExifInfo, packet load: () throws(E) -> ArraySlice<UInt8>?
    ) throws(E) {
        let needsDate = info.takenAtSource != .dateTimeOriginal && info.takenAtSource != .dateTimeDigitized
        guard needsDate || info.orientation == nil, let packet = try load() else { return }
        if info.orientation == nil, let value = XMPPacket.value(of: "tiff:Orientation", in: packet) {
            if let orientation = Int(value), (1...8).contains(orientation) {
                info.orientation = orientation
            } else {
                info.problems.append("XMP Orientation '\(value)' is not 1...8")
            }
        }
        guard needsDate, let value = XMPPacket.value(of: "exif:DateTimeOriginal", in: packet) else { return }
        guard let (local, offset) = ExifDate.xmp(value) else {
            info.problems.append("XMP DateTimeOriginal '\(value)' is not a date")
            return
        }
        info.takenAt = local + (offset ?? "")
        info.offset = offset
        info.offsetSource = offset == nil ? nil : "XMP:DateTimeOriginal"
        info.takenAtSource = .xmpDateTimeOriginal
    }
}
