import AlbumFiles
import AlbumModel
import AlbumStore
import Foundation

extension Library {
    /// `originals/ab/<hash>.jpg`, relative to the library folder.
    static func originalPath(_ hash: ContentHash) -> String { "originals/" + hash.shardedPath(extension: "jpg") }

    /// `thumbs/ab/<hash>.jpg`, relative to the library folder.
    static func thumbnailPath(_ hash: ContentHash) -> String { "thumbs/" + hash.shardedPath(extension: "jpg") }

    /// The absolute URL of a path stored relative to the library (absolute paths stay as they are).
    public func url(forStoredPath path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
    }

    /// Whether a file is at a stored path.
    func fileExists(atStoredPath path: String) -> Bool {
        FileManager.default.fileExists(atPath: url(forStoredPath: path).path)
    }

    /// Writes `data` to a library path unless a file is already there (content-addressed paths
    /// never change content).
    func storeFile(_ data: Data, at path: String) throws(AlbumError) {
        if fileExists(atStoredPath: path) { return }
        try AtomicFile.write(data, to: url(forStoredPath: path))
    }

    /// Deletes the original and thumbnail of every hash no photo uses any more.
    /// - Returns: how many files were removed.
    @discardableResult
    func removeUnusedFiles(_ hashes: Set<String>) throws(AlbumError) -> Int {
        guard !hashes.isEmpty else { return 0 }
        var removed = 0
        for hex in try database.unreferencedHashes(hashes) {
            guard let hash = ContentHash(hex: hex) else { continue }
            for path in [Self.originalPath(hash), Self.thumbnailPath(hash)] {
                if (try? FileManager.default.removeItem(at: url(forStoredPath: path))) != nil { removed += 1 }
            }
        }
        return removed
    }

    /// Puts back what killed processes left: `downloading` claims of processes that are gone
    /// go back to `placeholder`, and (once per process, since it walks the file folders)
    /// their temporary files are removed. Returns (temporary files removed, photos requeued).
    @discardableResult
    public func recoverFromCrash() throws(AlbumError) -> (temporaryFiles: Int, requeued: Int) {
        var files = 0
        if sweptTemporaryFiles.withLock({ swept in defer { swept = true }; return !swept }) {
            for sub in ["originals", "thumbs"] {
                files += AtomicFile.removeLeftovers(under: folder.appendingPathComponent(sub))
            }
        }
        let requeued = try database.releaseStaleClaims(isAlive: ProcessToken.isAlive)
        return (files, requeued)
    }
}
