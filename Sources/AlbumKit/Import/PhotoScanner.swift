import AlbumDownload
import AlbumFiles
import AlbumImaging
import AlbumModel
import AlbumPlaces
import AlbumSeam
import AlbumStore
import Foundation

/// One readable photo, from the scan to the insert, is the seam's `ImportedPhotoRecord`: no copy
/// into another record on the way.
extension ImportedPhotoRecord {
    /// A photo the scan read. `file` and `thumbnail` are where the library keeps (or would keep)
    /// it: the original in place, or with `copied` its copy under `originals/`.
    init(
        scanned path: String, contentHash: String, bytes: Int64, width: Int?, height: Int?, takenAt: String?,
        coordinate: Coordinate?, camera: Camera?, copied: Bool = false, known: KnownImport?, warnings: [String]
    ) {
        let hash = ContentHash(hex: contentHash)
        self.init(
            stored: StoredFile(
                file: copied ? hash.map(Library.originalPath) ?? path : path, thumbnail: hash.map(Library.thumbnailPath) ?? "",
                contentHash: contentHash, bytes: bytes, width: width, height: height, takenAt: takenAt, camera: camera),
            originalPath: path, title: (path as NSString).lastPathComponent, coordinate: coordinate)
        self.known = known
        self.warnings = warnings
    }

    /// Photos of one place are ordered by this: capture time, then content.
    var sortKey: (String, String) { (captureTime?.localText ?? "~", contentHash) }

    /// `takenAt` as a value (with the offset it carries), nil when it is not in the stored form.
    var captureTime: PhotoTime? { takenAt.flatMap { PhotoTime(parsing: $0) } }
}

/// What reading one file gave.
enum ScanOutcome: Sendable {
    case photo(ImportedPhotoRecord)
    /// A sound file (issue 26): it becomes an entry, not a photo.
    case sound(ScannedSound)
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

    /// Reads and hashes the file on `pool`, asks the store whether it knows these bytes (async,
    /// through the seam), then reads the rest on `pool`.
    /// - Throws: only when the store fails or the library cannot be written; a bad file is a
    ///   `skipped` outcome.
    func scan(_ path: String, pool: BlockingPool) async throws(AlbumError) -> ScanOutcome {
        let read = await pool.run { () -> FirstRead in
            switch LocalFile.readKeepingOpen(path, check: PhotoBodyCheck(maxBytes: options.maxBytes)) {
            case .failure(let error): return .skipped(SkippedFile(file: path, reason: error.detail.reason))
            case .success(let (data, file)):
                if let refusal = ImportFile.refusal(data) { return .skipped(SkippedFile(file: path, reason: refusal)) }
                return .read(data, ContentHash(of: data), file)
            }
        }
        let (data, hash, source): (Data, ContentHash, OpenFile)
        switch read {
        case .skipped(let skipped): return .skipped(skipped)
        case .read(let bytes, let digest, let file): (data, hash, source) = (bytes, digest, file)
        }
        let known = try await library.store.knownImport(contentHash: hash.hex)
        return try await pool.run { () throws(AlbumError) in try scan(path, data: data, hash: hash, source: source, known: known) }
    }

    /// A file read and hashed (and still open, for the copy), or why it is not imported.
    private enum FirstRead: Sendable {
        case read(Data, ContentHash, OpenFile)
        case skipped(SkippedFile)
    }

    /// The rest of `scan`, on a blocking thread: EXIF, thumbnail, keywords.
    private func scan(_ path: String, data: Data, hash: ContentHash, source: OpenFile, known: KnownImport?) throws(AlbumError) -> ScanOutcome {
        if case .removed = known {
            // Nothing more to read: the planner reports it as a duplicate of the removed photo.
            return .photo(ImportedPhotoRecord(
                scanned: path, contentHash: hash.hex, bytes: Int64(data.count), width: nil, height: nil, takenAt: nil,
                coordinate: nil, camera: nil, known: known, warnings: []))
        }
        let exif: ExifInfo
        do {
            // From the bytes already read (issue 28: one read of each file); only the segments
            // up to APP1 (and XMP) are looked at, copied segment by segment.
            // A HEIF is read through libheif from its file, so errors name the file.
            exif = ImageKind.isHEIF(data.prefix(64)) ? try reader.read(fileAt: URL(fileURLWithPath: path)) : try reader.read(data: data)
        } catch {
            // The report names the file beside the reason: the reason leaves the file out.
            let reason = error.subject == .file(path) ? error.detail.reason : error.description
            return .skipped(SkippedFile(file: path, reason: Self.unreadable(error, reason, data)))
        }
        var width = exif.width, height = exif.height
        var warnings: [String] = []
        var coordinate = exif.coordinate
        var positionSource: PositionSource?
        if coordinate == nil, let placement = options.gpx?.locate(takenAt: exif.takenAt) {
            (coordinate, positionSource) = (placement.coordinate, .gpx)
        }
        var thumbnailPending = false
        var perceptualHash: PerceptualHash?
        if known == nil {
            let thumbnailPath = Library.thumbnailPath(hash)
            let writes = !options.dryRun
            let thumbnail: Thumbnail?
            do {
                let info = try thumbnailer.imageInfo(of: data)
                (width, height) = (info.width, info.height)
                let stored = writes && FileManager.default.fileExists(atPath: library.url(forStoredPath: thumbnailPath).path)
                // Lazy: the header is checked, the thumbnail is made on first use (decision 0072).
                thumbnailPending = !stored && options.thumbnails == .lazy
                thumbnail = stored || thumbnailPending ? nil : try thumbnailer.thumbnail(of: data, orientation: exif.orientation ?? 1, info: info)
            } catch {
                return .skipped(SkippedFile(file: path, reason: Self.unreadable(error, error.description, data)))
            }
            warnings = thumbnail?.warnings ?? []
            perceptualHash = thumbnail?.perceptualHash
            // A library that cannot be written to stops the import: skipping every file would hide it.
            if writes, let thumbnail { try library.storeFile(thumbnail.data, at: thumbnailPath) }
            if writes && options.copy { try library.storeCopy(of: source, data: data, at: Library.originalPath(hash)) }
        }
        var tags: [TagName] = []
        if known == nil {
            for keyword in (try? keywordReader.keywords(data: data)) ?? [] {
                do { tags.append(try TagName(keyword)) } catch { warnings.append("keyword (XMP or IPTC) not made a tag: \(error.description)") }
            }
        }
        var photo = ImportedPhotoRecord(
            scanned: path, contentHash: hash.hex, bytes: Int64(data.count), width: width, height: height,
            takenAt: exif.takenAt, coordinate: coordinate,
            camera: Camera(make: exif.make, model: exif.model, orientation: exif.orientation, altitude: exif.altitude).nonEmpty,
            copied: options.copy, known: known, warnings: warnings)
        photo.stored.thumbnailPending = thumbnailPending
        photo.stored.perceptualHash = perceptualHash
        photo.tags = Array(Set(tags)).sorted()
        photo.positionSource = positionSource
        photo.gpsTime = exif.gpsTimestamp
        photo.artist = exif.artist
        photo.copyright = exif.copyright
        if let seconds = options.gpx?.timeOffsetSeconds, let takenAt = exif.takenAt, ZoneOffsets.split(takenAt).offset == nil {
            photo.clockOffset = ZoneOffsets.format(offsetSeconds: seconds)
        }
        return .photo(photo)
    }

    /// Why a file that could not be read is skipped: `corrupt JPEG: …` when its content is bad;
    /// the reason alone when reading failed or a library is missing (`.io`: libheif not installed).
    static func unreadable(_ error: AlbumError, _ reason: String, _ data: Data) -> String {
        if case .io = error { return reason }
        return "corrupt \(ImportFile.kind(data)): \(reason)"
    }
}

/// Telling what a user's file is from its first bytes.
enum ImportFile {
    /// `JPEG` or `HEIF`, for messages about a file `refusal` accepted.
    static func kind(_ data: Data) -> String { ImageKind(sniffing: data.prefix(64)) == .heif ? "HEIF" : "JPEG" }

    /// Why a file is not imported, judged by its content (`ImageKind`); nil for a JPEG or a HEIC/HEIF.
    static func refusal(_ data: Data) -> String? {
        let only = "only JPEG and HEIC/HEIF are imported"
        switch ImageKind(sniffing: data.prefix(64)) {
        case .jpeg, .heif: return nil
        case .empty: return "not an image (empty file)"
        case .png: return "unsupported image format (PNG): \(only)"
        case .gif: return "unsupported image format (GIF): \(only)"
        case .tiff: return "unsupported image format (TIFF): \(only)"
        case .bmp: return "unsupported image format (BMP): \(only)"
        case .webp: return "unsupported image format (WebP): \(only)"
        case .isoMedia: return "unsupported format (an ISO-BMFF container that is not a HEIF image, such as MP4 video): \(only)"
        case .brokenJPEG: return "corrupt JPEG: start marker without a following segment"
        case .riff, .pdf, .zip, .gzip, .markup, .other:
            return ImageKind.isText(data.prefix(16)) ? "not an image (text)" : "not an image"
        }
    }
}
