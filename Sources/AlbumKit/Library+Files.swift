import AlbumFiles
import AlbumModel
import AlbumSeam
import AlbumStore
import Foundation

extension Library {
    /// `originals/ab/<hash>.jpg`, relative to the library folder.
    static func originalPath(_ hash: ContentHash) -> String { "originals/" + hash.shardedPath(extension: "jpg") }

    /// `thumbs/ab/<hash>.jpg`, relative to the library folder.
    static func thumbnailPath(_ hash: ContentHash) -> String { "thumbs/" + hash.shardedPath(extension: "jpg") }

    /// The absolute URL of a path stored relative to the library (absolute paths stay as they are).
    /// A stored path names a file: `isDirectory: false` keeps Foundation from asking the file
    /// system (a `stat` a call otherwise — two a sample in `export dataset`, issue 30).
    public func url(forStoredPath path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path, isDirectory: false) : folder.appendingPathComponent(path, isDirectory: false)
    }

    /// The absolute path of a path stored relative to the library, without making a URL.
    public func path(forStoredPath path: String) -> String {
        Self.path(forStoredPath: path, in: folder.path)
    }

    /// The absolute path of a path stored relative to the library folder `base` (a path): for
    /// many paths, `folder.path` taken once (a URL's `path` a photo was ~20 % of reading the
    /// 100,000 photos of a dataset export, decision 0132).
    static func path(forStoredPath path: String, in base: String) -> String {
        if path.hasPrefix("/") { return path }
        return base.hasSuffix("/") ? base + path : base + "/" + path
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

    /// Copies the file `source` (its content `data`, read from it) to a library path unless a
    /// file is already there, by reflink or `copy_file_range` where the filesystem allows
    /// (`AtomicFile.writeCopy`).
    func storeCopy(of source: OpenFile, data: Data, at path: String) throws(AlbumError) {
        if fileExists(atStoredPath: path) { return }
        try AtomicFile.writeCopy(of: source, data: data, to: url(forStoredPath: path))
    }

    /// Deletes the original and thumbnail of every hash no photo uses any more: the store says
    /// which are unused, `pool` removes them.
    /// - Returns: how many files were removed.
    @discardableResult
    func removeUnusedFiles(_ hashes: Set<String>, on pool: BlockingPool) async throws(AlbumError) -> Int {
        guard !hashes.isEmpty else { return 0 }
        let unused = try await store.unreferencedHashes(hashes)
        guard !unused.isEmpty else { return 0 }
        return await pool.run { self.removeFiles(of: unused) }
    }

    /// Deletes the original and thumbnail of each hash; how many files were there.
    private func removeFiles(of hashes: Set<String>) -> Int {
        var removed = 0
        for hex in hashes {
            guard let hash = ContentHash(hex: hex) else { continue }
            for path in [Self.originalPath(hash), Self.thumbnailPath(hash)] {
                if (try? FileManager.default.removeItem(at: url(forStoredPath: path))) != nil { removed += 1 }
            }
        }
        return removed
    }

    /// Puts back what killed processes left: `downloading` claims of processes that are gone
    /// go back to `placeholder`, the files that claims which never committed wrote (their process
    /// killed, their photo replaced meanwhile) and the files of deleted photos are removed when no
    /// photo uses them (`removeLooseFiles`), and (once per process, since it walks the file
    /// folders, on `pool`) temporary files are removed. Returns (files removed, photos requeued).
    @discardableResult
    public func recoverFromCrash(pool: BlockingPool = .shared) async throws(AlbumError) -> (temporaryFiles: Int, requeued: Int) {
        var files = 0
        if sweptTemporaryFiles.withLock({ swept in defer { swept = true }; return !swept }) {
            let folder = self.folder
            files = await pool.run {
                ["originals", "thumbs"].reduce(0) { $0 + AtomicFile.removeLeftovers(under: folder.appendingPathComponent($1)) }
            }
        }
        let requeued = try await store.releaseStaleClaims(isAlive: { ProcessToken.isAlive($0) })
        files += try await removeLooseFiles(pool: pool)
        return (files, requeued)
    }

    /// Removes the originals and thumbnails that the store's `loose_files` name and no photo or
    /// live claim uses (what a killed or superseded claim wrote, what deleted photos left), then
    /// forgets those rows: files first, so a process killed in between leaves the rows for the
    /// next run. - Returns: how many files were removed.
    @discardableResult
    public func removeLooseFiles(pool: BlockingPool = .shared) async throws(AlbumError) -> Int {
        let loose = try await store.looseFiles(isAlive: { ProcessToken.isAlive($0) })
        guard !loose.ids.isEmpty else { return 0 }
        let unused = loose.unused
        let removed = unused.isEmpty ? 0 : await pool.run { self.removeFiles(of: unused) }
        try await store.forgetLooseFiles(loose.ids)
        return removed
    }
}
