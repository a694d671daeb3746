import AlbumDownload
import AlbumFiles
import AlbumImaging
import AlbumModel
import AlbumStore
import Foundation

/// One readable JPEG: what the import needs of it, without its bytes.
struct ScannedPhoto: Sendable, Hashable {
    let path: String
    let contentHash: String
    let bytes: Int64
    let width: Int?
    let height: Int?
    let takenAt: String?
    let coordinate: Coordinate?
    let altitude: Double?
    let orientation: Int?
    let make: String?
    let model: String?
    /// When the library already holds these bytes (imported or fetched), or the user removed them.
    let known: KnownImport?
    let warnings: [String]
    /// XMP `dc:subject` keywords, as tags.
    var tags: [TagName] = []
    /// `gpx` when `--gpx` placed it.
    var positionSource: PositionSource? = nil
    /// The GPS receiver's UTC time.
    var gpsTime: String? = nil

    /// Photos of one place are ordered by this: capture time, then content.
    var sortKey: (String, String) { (takenAt.flatMap(CaptureTime.init)?.local ?? "~", contentHash) }
}

/// What reading one file gave.
enum ScanOutcome: Sendable {
    case photo(ScannedPhoto)
    case skipped(SkippedFile)
}

/// Reads one file: checks by content that it is a JPEG, hashes it, reads its EXIF, and (unless
/// the library has it already) decodes it into a thumbnail, which proves it is not corrupt.
/// Outside a dry run the thumbnail of a located photo (and with `--copy` the original) is
/// written by content hash before anything is committed, so a killed import leaves at most
/// unreferenced files that the next run reuses.
struct PhotoScanner: Sendable {
    let library: Library
    let options: ImportOptions
    let thumbnailer = Thumbnailer()
    let reader = ExifReader()
    let keywordReader = XMPKeywordReader()

    /// - Throws: only when the database fails; a bad file is a `skipped` outcome.
    func scan(_ path: String) throws(AlbumError) -> ScanOutcome {
        let data: Data
        switch LocalFile.read(path, check: PhotoBodyCheck(maxBytes: options.maxBytes)) {
        case .failure(let reason): return .skipped(SkippedFile(file: path, reason: reason.description))
        case .success(let bytes): data = bytes
        }
        if let refusal = ImportFile.refusal(data) { return .skipped(SkippedFile(file: path, reason: refusal)) }
        let hash = ContentHash(of: data)
        let known = try library.database.knownImport(contentHash: hash.hex)
        if case .removed = known {
            // Nothing more to read: the planner reports it as a duplicate of the removed photo.
            return .photo(ScannedPhoto(
                path: path, contentHash: hash.hex, bytes: Int64(data.count), width: nil, height: nil, takenAt: nil,
                coordinate: nil, altitude: nil, orientation: nil, make: nil, model: nil, known: known, warnings: []))
        }
        let exif: ExifInfo
        do {
            // From the file (a pread or two of its header, now in the page cache): reading from
            // `data` would copy the whole photo once more.
            exif = try reader.read(fileAt: URL(fileURLWithPath: path))
        } catch {
            let message = error.description
            let reason = message.hasPrefix("\(path): ") ? String(message.dropFirst(path.count + 2)) : message
            return .skipped(SkippedFile(file: path, reason: "corrupt \(ImportFile.kind(data)): \(reason)"))
        }
        var width = exif.width, height = exif.height
        var warnings: [String] = []
        var coordinate = exif.coordinate
        var positionSource: PositionSource?
        if coordinate == nil, let placement = options.gpx?.locate(takenAt: exif.takenAt) {
            (coordinate, positionSource) = (placement.coordinate, .gpx)
        }
        if known == nil {
            let thumbnailPath = Library.thumbnailPath(hash)
            let writes = !options.dryRun
            let thumbnail: Thumbnail?
            do {
                let info = try thumbnailer.imageInfo(of: data)
                (width, height) = (info.width, info.height)
                let stored = writes && FileManager.default.fileExists(atPath: library.url(forStoredPath: thumbnailPath).path)
                thumbnail = stored ? nil : try thumbnailer.thumbnail(of: data, orientation: exif.orientation ?? 1)
            } catch {
                return .skipped(SkippedFile(file: path, reason: "corrupt \(ImportFile.kind(data)): \(error.description)"))
            }
            warnings = thumbnail?.warnings ?? []
            // A library that cannot be written to stops the import: skipping every file would hide it.
            if writes, let thumbnail { try library.storeFile(thumbnail.data, at: thumbnailPath) }
            if writes && options.copy { try library.storeFile(data, at: Library.originalPath(hash)) }
        }
        var tags: [TagName] = []
        if known == nil {
            for keyword in (try? keywordReader.keywords(data: data)) ?? [] {
                do { tags.append(try TagName(keyword)) } catch { warnings.append("XMP keyword not made a tag: \(error.description)") }
            }
        }
        var photo = ScannedPhoto(
            path: path, contentHash: hash.hex, bytes: Int64(data.count), width: width, height: height,
            takenAt: exif.takenAt, coordinate: coordinate, altitude: exif.altitude, orientation: exif.orientation,
            make: exif.make, model: exif.model, known: known, warnings: warnings)
        photo.tags = Array(Set(tags)).sorted()
        photo.positionSource = positionSource
        photo.gpsTime = exif.gpsTimestamp
        return .photo(photo)
    }
}

/// Telling what a user's file is from its first bytes.
enum ImportFile {
    /// `JPEG` or `HEIF`, for messages about a file `refusal` accepted.
    static func kind(_ data: Data) -> String { FileSignature.isHEIF(data.prefix(64)) ? "HEIF" : "JPEG" }

    /// Why a file is not imported, judged by its content; nil for a JPEG or a HEIC/HEIF.
    static func refusal(_ data: Data) -> String? {
        let head = [UInt8](data.prefix(16))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) || FileSignature.isHEIF(data.prefix(64)) { return nil }
        if head.isEmpty { return "not an image (empty file)" }
        let formats: [([UInt8], String)] = [
            ([0x89, 0x50, 0x4E, 0x47], "PNG"), (Array("GIF8".utf8), "GIF"), ([0x49, 0x49, 0x2A, 0x00], "TIFF"),
            ([0x4D, 0x4D, 0x00, 0x2A], "TIFF"), (Array("BM".utf8), "BMP"),
        ]
        for (magic, name) in formats where head.starts(with: magic) { return "unsupported image format (\(name)): only JPEG and HEIC/HEIF are imported" }
        if head.starts(with: Array("RIFF".utf8)), head.count >= 12, head[8..<12].elementsEqual("WEBP".utf8) {
            return "unsupported image format (WebP): only JPEG and HEIC/HEIF are imported"
        }
        if head.count >= 12, head[4..<8].elementsEqual("ftyp".utf8) {
            return "unsupported format (an ISO-BMFF container that is not a HEIF image, such as MP4 video): only JPEG and HEIC/HEIF are imported"
        }
        if head.starts(with: [0xFF, 0xD8]) { return "corrupt JPEG: start marker without a following segment" }
        let isText = head.allSatisfy { (0x20..<0x7F).contains($0) || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        return isText ? "not an image (text)" : "not an image"
    }
}
