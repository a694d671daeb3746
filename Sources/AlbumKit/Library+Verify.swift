import AlbumFiles
import AlbumImaging
import AlbumModel
import AlbumSeam
import AlbumStore
import Foundation

/// What `album verify` found, and what it mended with `--repair`.
public struct VerifyReport: Sendable {
    /// `PRAGMA integrity_check`: "ok" for a sound database.
    public var integrity: String
    /// Downloaded photos checked.
    public var checked = 0
    /// Downloaded photos whose original is gone (fetched ones are requeued by a repair; the
    /// user's imported originals are only reported).
    public var missingOriginals: [Photo] = []
    /// Downloaded photos whose thumbnail is gone (remade by a repair).
    public var missingThumbnails: [Photo] = []
    /// Thumbnails not made yet because a lazy fetch or import left them for their first use
    /// (`--thumbnails lazy`, `album thumbs`): not a problem, not counted as missing.
    public var pendingThumbnails = 0
    /// Downloaded photos whose original is there but not what was stored: another size, or
    /// (`deep`) another SHA-256 than the name it is stored under. A repair fetches a fetched
    /// one again; an imported one is lost (`notRepaired`).
    public var damagedOriginals: [DamagedFile] = []
    /// Downloaded photos whose thumbnail is empty or (`deep`) does not decode (remade by a repair).
    public var damagedThumbnails: [DamagedFile] = []
    /// Whether originals were hashed and thumbnails decoded (`verify --deep`).
    public var deep = false
    /// Files under originals/ or thumbs/ that no photo names (left by a killed import, say).
    /// Files younger than `Library.orphanMinimumAge` are not counted: a running fetch or import
    /// writes its files before it commits their rows.
    public var orphanFiles: [String] = []
    /// Photos a repair could not mend: imported originals that are gone or damaged (nothing can
    /// fetch the user's own file again). Restoring the file (or `album photo rm`) clears them.
    public var notRepaired: [Photo] = []
    /// Whether a repair ran and mended every problem above (false when `notRepaired` is not empty).
    public var repaired = false

    public var isClean: Bool {
        integrity == "ok" && missingOriginals.isEmpty && missingThumbnails.isEmpty && orphanFiles.isEmpty
            && damagedOriginals.isEmpty && damagedThumbnails.isEmpty
    }
}

/// A photo's file that is there but wrong, and how.
public struct DamagedFile: Sendable {
    public var photo: Photo
    /// The stored path (`originals/ab/….jpg`).
    public var file: String
    /// `100 bytes, 48213 expected`, `content does not match its SHA-256`, `empty`, `does not decode: …`.
    public var reason: String
}

extension Library {
    /// How old a file no photo names must be before verify calls it an orphan.
    public static let orphanMinimumAge: TimeInterval = 3600

    /// Checks the store and every downloaded photo's files: there, of the stored size, and
    /// with `deep` each original's SHA-256 (its name) and each thumbnail decoded. With `repair`,
    /// requeues fetched photos whose original is gone or damaged (`album resume` fetches them
    /// again; a damaged file is removed first), remakes missing or damaged thumbnails, and
    /// removes files no photo names; an imported original gone or damaged is reported lost. The
    /// files are checked on the blocking pool.
    /// - Parameter processor: makes thumbnails again.
    public func verify(
        repair: Bool, deep: Bool = false, processor: any PhotoProcessing = ImagingProcessor()
    ) async throws(AlbumError) -> VerifyReport {
        let integrity = try await store.integrityCheck()
        let downloaded = try await store.downloadedPhotos()
        let referenced = try await store.allContentHashes()
        // Thumbnails a lazy fetch or import left for first use are not missing ones.
        var pending = Set<Int64>()
        var after: Int64 = 0
        while true {
            let batch = try await store.pendingThumbnails(afterId: after, limit: 10_000)
            pending.formUnion(batch.map(\.photoId))
            guard let last = batch.last, batch.count == 10_000 else { break }
            after = last.photoId
        }
        var start = VerifyReport(integrity: integrity)
        start.deep = deep
        var report = await BlockingPool.shared.run { [start, pending] in
            self.checkFiles(start, downloaded: downloaded, referenced: referenced, pendingThumbnails: pending)
        }
        guard repair else { return report }

        for photo in report.missingOriginals {
            // A fetched photo goes back to the queue; the user's own file cannot be fetched again.
            if photo.isImported {
                report.notRepaired.append(photo)
            } else {
                try await store.requeueLostDownload(photoId: photo.id)
            }
        }
        for damaged in report.damagedOriginals {
            if damaged.photo.isImported {
                // Kept as it is: what is left of the user's file is theirs.
                report.notRepaired.append(damaged.photo)
            } else {
                // The wrong bytes go first: the download writes the file only when none is there.
                try? FileManager.default.removeItem(at: url(forStoredPath: damaged.file))
                try await store.requeueLostDownload(photoId: damaged.photo.id)
            }
        }
        let found = report
        try await BlockingPool.shared.run { () throws(AlbumError) in try self.mendFiles(found, processor: processor) }
        report.repaired = report.notRepaired.isEmpty
        return report
    }

    /// Which downloaded photos lack a file or have a damaged one, and which files no photo names.
    private func checkFiles(
        _ start: VerifyReport, downloaded: [Photo], referenced: Set<String>, pendingThumbnails: Set<Int64>
    ) -> VerifyReport {
        var report = start
        // Photos may share a file (the same content): each file is read once.
        var originalVerdicts: [String: String?] = [:], thumbnailVerdicts: [String: String?] = [:]
        for photo in downloaded {
            report.checked += 1
            guard let file = photo.file, fileExists(atStoredPath: file) else {
                report.missingOriginals.append(photo)
                continue
            }
            let verdict = originalVerdicts[file] ?? checkOriginal(photo, at: file, deep: report.deep)
            originalVerdicts[file] = verdict
            if let reason = verdict {
                report.damagedOriginals.append(DamagedFile(photo: photo, file: file, reason: reason))
            }
            guard let thumbnail = photo.thumbnail else { continue }
            if !fileExists(atStoredPath: thumbnail) {
                if pendingThumbnails.contains(photo.id) { report.pendingThumbnails += 1 } else { report.missingThumbnails.append(photo) }
                continue
            }
            let thumbnailVerdict = thumbnailVerdicts[thumbnail] ?? checkThumbnail(at: thumbnail, deep: report.deep)
            thumbnailVerdicts[thumbnail] = thumbnailVerdict
            if let reason = thumbnailVerdict {
                report.damagedThumbnails.append(DamagedFile(photo: photo, file: thumbnail, reason: reason))
            }
        }
        for sub in ["originals", "thumbs"] {
            let root = folder.appendingPathComponent(sub)
            for path in (FileManager.default.subpaths(atPath: root.path) ?? []) where path.hasSuffix(".jpg") {
                let name = (path as NSString).lastPathComponent
                guard !name.hasPrefix("."), !referenced.contains(String(name.dropLast(4))) else { continue }
                let modified = (try? FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(path).path))?[.modificationDate] as? Date
                if let modified, Date().timeIntervalSince(modified) < Self.orphanMinimumAge { continue }
                report.orphanFiles.append("\(sub)/\(path)")
            }
        }
        report.orphanFiles.sort()
        return report
    }

    /// What is wrong with a photo's original (nil: nothing): its size, and with `deep` its SHA-256.
    private func checkOriginal(_ photo: Photo, at file: String, deep: Bool) -> String? {
        let path = url(forStoredPath: file).path
        var info = stat()
        guard stat(path, &info) == 0 else { return "cannot be read (\(Errno.current))" }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return "not a file" }
        if let bytes = photo.bytes, Int64(info.st_size) != bytes { return "\(info.st_size) bytes, \(bytes) expected" }
        guard deep, let expected = photo.contentHash else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else { return "cannot be read" }
        return ContentHash(of: data).hex == expected ? nil : "content does not match its SHA-256"
    }

    /// What is wrong with a thumbnail (nil: nothing): empty, and with `deep`, not a JPEG that decodes.
    private func checkThumbnail(at file: String, deep: Bool) -> String? {
        let path = url(forStoredPath: file).path
        var info = stat()
        guard stat(path, &info) == 0 else { return "cannot be read (\(Errno.current))" }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return "not a file" }
        if info.st_size == 0 { return "empty" }
        guard deep else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else { return "cannot be read" }
        do {
            _ = try JPEGCodec.decode(data, maxPixels: 4_000_000)
            return nil
        } catch {
            return "does not decode: \(error.description)"
        }
    }

    /// Remakes missing and damaged thumbnails, removes orphan files and dead processes'
    /// temporary files.
    private func mendFiles(_ report: VerifyReport, processor: any PhotoProcessing) throws(AlbumError) {
        let lost = Set(report.missingOriginals.map(\.id) + report.damagedOriginals.map(\.photo.id))
        for damaged in report.damagedThumbnails where !lost.contains(damaged.photo.id) {
            // Replaced, not kept: storeFile leaves a file that is there alone.
            try? FileManager.default.removeItem(at: url(forStoredPath: damaged.file))
        }
        let thumbnailsToMake = report.missingThumbnails + report.damagedThumbnails.map(\.photo)
        for photo in thumbnailsToMake where !lost.contains(photo.id) {
            guard let file = photo.file, let thumbnail = photo.thumbnail, !fileExists(atStoredPath: thumbnail) else { continue }
            do throws(AlbumError) {
                let original = url(forStoredPath: file)
                let data: Data
                do { data = try Data(contentsOf: original) } catch { throw .io("cannot read", subject: .file(original.path), cause: .of(error)) }
                try storeFile(try processor.prepare(data).thumbnail, at: thumbnail)
            } catch {
                // What failed (the original's path and errno, a decode) stays inside.
                throw .io(AlbumError.Detail("cannot remake the thumbnail of photo \(photo.id)", subject: .photo(photo.id), wrapping: error.detail))
            }
        }
        for path in report.orphanFiles {
            try? FileManager.default.removeItem(at: url(forStoredPath: path))
        }
        AtomicFile.removeLeftovers(under: folder.appendingPathComponent("originals"))
        AtomicFile.removeLeftovers(under: folder.appendingPathComponent("thumbs"))
    }
}
