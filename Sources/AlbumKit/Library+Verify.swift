import AlbumFiles
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
    /// Files under originals/ or thumbs/ that no photo names (left by a killed import, say).
    /// Files younger than `Library.orphanMinimumAge` are not counted: a running fetch or import
    /// writes its files before it commits their rows.
    public var orphanFiles: [String] = []
    /// Photos a repair could not mend: imported originals that are gone (nothing can fetch the
    /// user's own file again). Restoring the file (or `album photo rm`) clears them.
    public var notRepaired: [Photo] = []
    /// Whether a repair ran and mended every problem above (false when `notRepaired` is not empty).
    public var repaired = false

    public var isClean: Bool {
        integrity == "ok" && missingOriginals.isEmpty && missingThumbnails.isEmpty && orphanFiles.isEmpty
    }
}

extension Library {
    /// How old a file no photo names must be before verify calls it an orphan.
    public static let orphanMinimumAge: TimeInterval = 3600

    /// Checks the store and that every downloaded photo's files are there; with `repair`,
    /// requeues fetched photos whose original is gone (`album resume` fetches them again),
    /// remakes missing thumbnails, and removes files no photo names. The files are checked on
    /// the blocking pool.
    /// - Parameter processor: makes thumbnails again.
    public func verify(repair: Bool, processor: any PhotoProcessing = ImagingProcessor()) async throws(AlbumError) -> VerifyReport {
        let integrity = try await store.integrityCheck()
        let downloaded = try await store.downloadedPhotos()
        let referenced = try await store.allContentHashes()
        var report = await BlockingPool.shared.run {
            self.checkFiles(VerifyReport(integrity: integrity), downloaded: downloaded, referenced: referenced)
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
        let found = report
        try await BlockingPool.shared.run { () throws(AlbumError) in try self.mendFiles(found, processor: processor) }
        report.repaired = report.notRepaired.isEmpty
        return report
    }

    /// Which downloaded photos lack a file, and which files no photo names.
    private func checkFiles(_ start: VerifyReport, downloaded: [Photo], referenced: Set<String>) -> VerifyReport {
        var report = start
        for photo in downloaded {
            report.checked += 1
            guard let file = photo.file, fileExists(atStoredPath: file) else {
                report.missingOriginals.append(photo)
                continue
            }
            if let thumbnail = photo.thumbnail, !fileExists(atStoredPath: thumbnail) {
                report.missingThumbnails.append(photo)
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

    /// Remakes missing thumbnails, removes orphan files and dead processes' temporary files.
    private func mendFiles(_ report: VerifyReport, processor: any PhotoProcessing) throws(AlbumError) {
        for photo in report.missingThumbnails {
            guard let file = photo.file, let thumbnail = photo.thumbnail else { continue }
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
