import AlbumModel
import Foundation

/// Reads what a JPEG's EXIF block suggests: capture date, place, orientation, camera, size.
///
/// It reads only the header segments it needs (markers, the EXIF block, the frame header, and
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
            return try read(ReadOnlyFile(path: path, name: name))
        } catch {
            throw error.naming(name)
        }
    }

    /// Reads the EXIF of a JPEG held in memory.
    /// - Throws: `AlbumError.invalidInput` when `data` is not a JPEG.
    public func read(data: Data) throws(AlbumError) -> ExifInfo {
        try read(MemoryBytes(data: data))
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
        if payload.count < segment.length {
            info.problems.append("EXIF block is truncated (\(payload.count) of \(segment.length) bytes)")
        }
        let document = payload.withUnsafeBytes { ExifDocument(payload: $0) }
        guard let document, document.entryCount > 0 else {
            info.problems.append("EXIF block is corrupt (no readable entries)")
            try readXMP(header, source, into: &info)
            return info
        }
        for (directory, reason) in TIFFPointers.malformed(in: payload) {
            document.ignored.insert(directory)
            info.problems.append(reason)
        }
        var fields = ExifFields(document: document)
        fields.read(into: &info)
        info.problems += fields.problems
        try readXMP(header, source, into: &info)
        return info
    }

    /// XMP's `exif:DateTimeOriginal` when EXIF has no original or digitized date, and XMP's
    /// `tiff:Orientation` when EXIF has none. The packet is read only when one of them is needed.
    private func readXMP(_ header: JPEGHeader, _ source: some ByteSource, into info: inout ExifInfo) throws(AlbumError) {
        let needsDate = info.takenAtSource != .dateTimeOriginal && info.takenAtSource != .dateTimeDigitized
        guard let segment = header.xmp, needsDate || info.orientation == nil else { return }
        let packet = try source.bytes(at: segment.offset, count: segment.length)
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
        info.takenAtSource = .xmpDateTimeOriginal
    }
}
