#if canImport(Glibc)
import Glibc
#endif
import AlbumModel
import Foundation

/// One thing a folder walk found: a file to read, or something it passed over and why.
enum WalkEntry: Sendable, Hashable {
    /// A regular file (or a link to one), by its absolute path under the walked folder.
    case file(String)
    case skipped(String, reason: String)
}

/// Walks a folder tree depth first, names in byte order, following symbolic links but never
/// entering a folder twice, so a link loop ends with one `skipped` entry. It holds the names of
/// the folders on the current path only: memory stays flat however many files there are.
/// Not reentrant; `next` serialises callers.
final class FolderWalker: @unchecked Sendable {
    private struct Frame {
        let path: String
        let names: [String]
        var next = 0
    }

    private struct NodeID: Hashable {
        let device: UInt64
        let inode: UInt64
        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    private let lock = NSLock()
    private var frames: [Frame] = []
    private var visited: [NodeID: String] = [:]
    private var pending: [WalkEntry] = []
    private let excluded: Set<NodeID>

    /// - Parameters:
    ///   - root: an absolute folder path.
    ///   - excluding: folders never entered (the library itself, when it lies inside `root`).
    /// - Throws: `AlbumError.invalidInput` when `root` is not a folder.
    init(root: String, excluding: [String] = []) throws(AlbumError) {
        var info = stat()
        guard RawPath.withCString(root, { stat($0, &info) }) == 0 else { throw .invalidInput("\(root): \(Self.systemError())") }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .invalidInput("\(root) is not a folder") }
        excluded = Set(excluding.compactMap { path -> NodeID? in
            var other = stat()
            return RawPath.withCString(path, { stat($0, &other) }) == 0 ? NodeID(other) : nil
        })
        if excluded.contains(NodeID(info)) {
            pending.append(.skipped(root, reason: "the library folder itself: not imported"))
        } else if let failure = enter(root, NodeID(info)) {
            pending.append(failure)
        }
    }

    /// Up to `count` more entries; empty when the walk is over.
    func next(_ count: Int) -> [WalkEntry] {
        lock.withLock {
            var entries: [WalkEntry] = []
            while entries.count < count, let entry = step() { entries.append(entry) }
            return entries
        }
    }

    private func step() -> WalkEntry? {
        if !pending.isEmpty { return pending.removeFirst() }
        while let top = frames.last {
            guard top.next < top.names.count else {
                frames.removeLast()
                continue
            }
            frames[frames.count - 1].next += 1
            let name = top.names[top.next]
            if let entry = visit(top.path == "/" ? "/\(name)" : "\(top.path)/\(name)") { return entry }
        }
        return nil
    }

    /// A file's entry, a skipped entry, or nil after entering a folder.
    private func visit(_ path: String) -> WalkEntry? {
        var info = stat()
        guard RawPath.withCString(path, { lstat($0, &info) }) == 0 else { return .skipped(path, reason: "unreadable: \(Self.systemError())") }
        if info.st_mode & S_IFMT == S_IFLNK {
            guard RawPath.withCString(path, { stat($0, &info) }) == 0 else {
                return .skipped(path, reason: "unreadable: symbolic link to nothing (\(Self.systemError()))")
            }
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return .file(path)
        case S_IFDIR:
            let id = NodeID(info)
            if excluded.contains(id) { return .skipped(path, reason: "the library folder: not imported") }
            if let first = visited[id] {
                let isAncestor = frames.contains { $0.path == first }
                return .skipped(path, reason: isAncestor
                    ? "symbolic link loop (back to \(first)): not walked again"
                    : "folder already walked as \(first)")
            }
            return enter(path, id)
        case S_IFIFO: return .skipped(path, reason: "not a regular file (a pipe)")
        case S_IFSOCK: return .skipped(path, reason: "not a regular file (a socket)")
        default: return .skipped(path, reason: "not a regular file (a device)")
        }
    }

    /// Lists a folder and pushes it; the skipped entry when it cannot be listed.
    private func enter(_ path: String, _ id: NodeID) -> WalkEntry? {
        visited[id] = path
        guard let folder = RawPath.withCString(path, { opendir($0) }) else { return .skipped(path, reason: "unreadable folder: \(Self.systemError())") }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            var raw = entry.pointee.d_name
            let capacity = MemoryLayout.size(ofValue: raw)
            let name = withUnsafePointer(to: &raw) {
                $0.withMemoryRebound(to: CChar.self, capacity: capacity) { RawPath.string(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        names.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        frames.append(Frame(path: path, names: names))
        return nil
    }

    private static func systemError() -> String { Errno.current.description }
}
