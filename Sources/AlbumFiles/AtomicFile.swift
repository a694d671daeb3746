import AlbumModel
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes files so that a reader (or a crash) sees either nothing or the whole file.
public enum AtomicFile {
    /// The suffix of temporary files; a crashed run's leftovers are found and removed by it.
    public static let temporarySuffix = ".part"

    /// Writes `data` to `destination` via a temporary file in the same folder and a rename, so a
    /// killed process leaves the whole file or none. Not fsynced: like the database (WAL,
    /// synchronous=NORMAL) it survives a process crash, not a power cut (docs/decisions/0004).
    /// Creates missing parent folders. With `synced` the file is on the disk before its rename
    /// (and its name once the caller syncs the folder, `sync(_:)`).
    /// - Throws: `AlbumError.io` naming the destination.
    public static func write(_ data: Data, to destination: URL, synced: Bool = false) throws(AlbumError) {
        let (fd, created) = try createTemporary(beside: destination)
        let temporary = try finish(fd, created, destination: destination, writing: data, syncing: synced)
        guard Self.rename(temporary, destination.path) == 0 else {
            let code = errno
            _ = RawPath.withCString(temporary) { unlink($0) }
            throw failure("cannot rename the written file into place", destination.path, code)
        }
    }

    /// Writes `data` to a new temporary file in `destination`'s folder (created when missing)
    /// and returns its path, for the caller to rename or link into place (or unlink).
    /// - Throws: `AlbumError.io`/`.storage` naming the destination; no temporary file is left.
    public static func writeTemporary(_ data: Data, beside destination: URL) throws(AlbumError) -> String {
        let (fd, temporary) = try createTemporary(beside: destination)
        return try finish(fd, temporary, destination: destination, writing: data)
    }

    /// Creates a new, empty temporary file in `destination`'s folder (made when missing) and
    /// returns its open descriptor and its path.
    static func createTemporary(beside destination: URL) throws(AlbumError) -> (Int32, String) {
        let folder = destination.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(
            ".\(destination.lastPathComponent).\(ProcessToken.current.replacingOccurrences(of: ":", with: "-"))"
                + ".\(UUID().uuidString.prefix(8))\(temporarySuffix)").path
        var fd = RawPath.withCString(temporary) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
        if fd < 0 && errno == ENOENT {
            // The shard folder is new: make it once, not before every write.
            try makeFolder(folder.path)
            fd = RawPath.withCString(temporary) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
        }
        guard fd >= 0 else { throw failure("cannot create", temporary, errno) }
        return (fd, temporary)
    }

    /// Writes `data` at the start of the open temporary file `fd` (when given), fsyncs it when
    /// `syncing`, closes it, and returns its path; on any failure the file is removed.
    static func finish(_ fd: Int32, _ temporary: String, destination: URL, writing data: Data?, syncing: Bool = false) throws(AlbumError) -> String {
        let writeError: Int32? = data?.withUnsafeBytes { raw -> Int32? in
            guard let base = raw.baseAddress else { return nil }
            var offset = 0
            while offset < raw.count {
                let n = Errno.retryingInterrupts { Glibc.write(fd, base + offset, raw.count - offset) }
                if n < 0 { return errno }
                offset += n
            }
            return nil
        } ?? (syncing && fsync(fd) != 0 ? errno : nil)
        if close(fd) != 0 && writeError == nil {
            let code = errno
            _ = RawPath.withCString(temporary) { unlink($0) }
            throw failure("cannot write", destination.path, code)
        }
        if let writeError {
            _ = RawPath.withCString(temporary) { unlink($0) }
            throw failure("cannot write", destination.path, writeError)
        }
        return temporary
    }

    /// Puts the file or folder at `path` on the disk (fsync): its bytes, or for a folder the
    /// names renamed into it, survive a power cut once this returns.
    public static func sync(_ path: String) throws(AlbumError) {
        let fd = RawPath.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw failure("cannot read", path, errno) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw failure("cannot write", path, errno) }
    }

    /// rename(2) of two paths, each by its bytes (`RawPath`).
    public static func rename(_ from: String, _ to: String) -> Int32 {
        RawPath.withCString(from) { f in RawPath.withCString(to) { Glibc.rename(f, $0) } }
    }

    /// Errors that are the disk's, not the file's: full, over quota, read-only.
    public static let storageErrors: Set<Int32> = [ENOSPC, EDQUOT, EROFS]

    /// `AlbumError.storage` for a full, over-quota or read-only disk (a batch stops there), else
    /// `.io`; about `path`, caused by `code`: `PATH: cannot write: No space left on device`.
    public static func failure(_ what: String, _ path: String, _ code: Int32) -> AlbumError {
        let detail = AlbumError.Detail(what, subject: .file(path), cause: .errno(Errno(code)))
        return storageErrors.contains(code) ? .storage(detail) : .io(detail)
    }

    /// `mkdir -p`, keeping the system's error code (FileManager's errors lose it).
    private static func makeFolder(_ path: String) throws(AlbumError) {
        if RawPath.withCString(path, { mkdir($0, 0o755) }) == 0 || errno == EEXIST { return }
        guard errno == ENOENT else { throw failure("cannot create folder", path, errno) }
        let parent = (path as NSString).deletingLastPathComponent
        guard !parent.isEmpty, parent != path else { throw failure("cannot create folder", path, ENOENT) }
        try makeFolder(parent)
        guard RawPath.withCString(path, { mkdir($0, 0o755) }) == 0 || errno == EEXIST else { throw failure("cannot create folder", path, errno) }
    }

    /// Removes temporary files left under `folder` by processes that are no longer running
    /// (a live process's files are its own business); returns how many.
    @discardableResult
    public static func removeLeftovers(under folder: URL) -> Int {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return 0 }
        var removed = 0
        for case let url as URL in walker where url.lastPathComponent.hasSuffix(temporarySuffix) {
            // .<name>.<pid>-<start>.<random>.part
            let parts = url.lastPathComponent.split(separator: ".")
            let owner = parts.count >= 4 ? parts[parts.count - 3].replacingOccurrences(of: "-", with: ":") : ""
            if ProcessToken.isAlive(owner) { continue }
            if (try? FileManager.default.removeItem(at: url)) != nil { removed += 1 }
        }
        return removed
    }
}
