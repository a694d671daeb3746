import AlbumModel
import Foundation

/// Writes files so that a reader (or a crash) sees either nothing or the whole file.
public enum AtomicFile {
    /// The suffix of temporary files; a crashed run's leftovers are found and removed by it.
    public static let temporarySuffix = ".part"

    /// Writes `data` to `destination` via a temporary file in the same folder, fsync, rename.
    /// Creates missing parent folders.
    /// - Throws: `AlbumError.io` naming the destination.
    public static func write(_ data: Data, to destination: URL) throws(AlbumError) {
        let folder = destination.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(
            ".\(destination.lastPathComponent).\(ProcessToken.current.replacingOccurrences(of: ":", with: "-"))"
                + ".\(UUID().uuidString.prefix(8))\(temporarySuffix)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                throw AlbumError.io("cannot create \(temporary.path)")
            }
            let handle = try FileHandle(forWritingTo: temporary)
            do {
                try handle.write(contentsOf: data)
                try handle.synchronize()
                try handle.close()
            } catch {
                try? handle.close()
                throw error
            }
            if rename(temporary.path, destination.path) != 0 {
                throw AlbumError.io("cannot rename into \(destination.path): \(String(cString: strerror(errno)))")
            }
        } catch let error as AlbumError {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw .io("cannot write \(destination.path): \(error.localizedDescription)")
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
