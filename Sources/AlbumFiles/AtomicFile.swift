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
    /// Creates missing parent folders.
    /// - Throws: `AlbumError.io` naming the destination.
    public static func write(_ data: Data, to destination: URL) throws(AlbumError) {
        let folder = destination.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(
            ".\(destination.lastPathComponent).\(ProcessToken.current.replacingOccurrences(of: ":", with: "-"))"
                + ".\(UUID().uuidString.prefix(8))\(temporarySuffix)").path
        var fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if fd < 0 && errno == ENOENT {
            // The shard folder is new: make it once, not before every write.
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw .io("cannot create folder \(folder.path): \(error.localizedDescription)")
            }
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        }
        guard fd >= 0 else { throw .io("cannot create \(temporary): \(String(cString: strerror(errno)))") }
        let failure: String? = data.withUnsafeBytes { raw -> String? in
            guard let base = raw.baseAddress else { return nil }
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, base + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                offset += n
            }
            return nil
        }
        if close(fd) != 0 && failure == nil {
            unlink(temporary)
            throw .io("cannot write \(destination.path): \(String(cString: strerror(errno)))")
        }
        if let failure {
            unlink(temporary)
            throw .io("cannot write \(destination.path): \(failure)")
        }
        guard rename(temporary, destination.path) == 0 else {
            let message = String(cString: strerror(errno))
            unlink(temporary)
            throw .io("cannot rename into \(destination.path): \(message)")
        }
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
