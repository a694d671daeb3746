#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AlbumModel
import Foundation

/// A file's identity on disk (device and inode): two paths naming one file have the same.
public struct FileIdentity: Sendable, Hashable {
    let device: UInt64
    let inode: UInt64

    /// The identity of the file at `path` (links followed), or nil when there is none.
    public init?(path: String) {
        var info = stat()
        guard RawPath.withCString(path, { stat($0, &info) }) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// A file a command writes at a path the user named: `export --out`, `summary --card`,
/// `yfcc index --index`, `thumb --out`… One rule for all of them (issue 22, decision 0030):
///
/// - an existing file is refused unless `replacing` (`--force`);
/// - a path inside a protected folder (the library's: database, `-wal`/`-shm`, originals,
///   thumbnails, anything it owns), symbolic links and `..` resolved, is refused even with
///   `--force`, and so is a path that is one of `inputs` (same device and inode);
/// - the data is written to a temporary name beside the file and renamed (or linked, when not
///   replacing, so a file that appeared meanwhile is kept), so a failure leaves the old file whole.
public struct OutputFile: Sendable {
    /// The path as the user named it (made absolute, not resolved): what messages show.
    public let url: URL
    /// Whether an existing file may be replaced (`--force`).
    public var replacing: Bool
    /// Folders nothing is written into, whatever `replacing` says.
    public var protectedFolders: [URL]
    /// Files never written (the inputs of a batch), whatever their path.
    public var inputs: Set<FileIdentity>

    public init(_ url: URL, replacing: Bool = false, protecting protectedFolders: [URL] = [], inputs: Set<FileIdentity> = []) {
        self.url = url
        self.replacing = replacing
        self.protectedFolders = protectedFolders
        self.inputs = inputs
    }

    /// `path` as given (relative to the working folder).
    public init(path: String, replacing: Bool = false, protecting protectedFolders: [URL] = [], inputs: Set<FileIdentity> = []) {
        self.init(URL(fileURLWithPath: path), replacing: replacing, protecting: protectedFolders, inputs: inputs)
    }

    /// Refuses a path the rule forbids; call it before the (possibly long) work that makes the data.
    /// - Throws: `AlbumError.invalidInput` naming the path: inside a protected folder, an input,
    ///   an existing file without `replacing`, or a folder. Missing folders on the way are made
    ///   by `write` (outside protected folders, by the same check).
    /// - Parameter folder: the output is a folder (`export html --out DIR`): only its place is
    ///   checked (and that it is not a file); what may be replaced inside it is the writer's rule.
    public func check(folder isFolderOutput: Bool = false) throws(AlbumError) {
        let resolved = Self.resolve(url.path)
        for folder in protectedFolders where Self.isInside(resolved, folder) {
            throw .invalidInput("\(url.path) is inside the library \(folder.path): never written, even with --force (choose another path)")
        }
        if isFolderOutput {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                throw .invalidInput("\(url.path) is a file, not a folder")
            }
            return
        }
        var info = stat()
        guard RawPath.withCString(url.path, { lstat($0, &info) }) == 0 else { return }
        if let identity = FileIdentity(path: url.path), inputs.contains(identity) {
            throw .invalidInput("\(url.path) is an input photo: not overwritten (choose another path)")
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw .invalidInput("\(url.path) is a folder, not a file") }
        if !replacing { throw exists() }
    }

    /// Checks the path again (see `check`), then writes `data` there: a temporary file beside it,
    /// then a rename.
    /// - Throws: what `check` throws; `AlbumError.io`/`.storage` when the write fails (the old
    ///   file, if any, is whole).
    public func write(_ data: Data) throws(AlbumError) {
        try check()
        let temporary = try AtomicFile.writeTemporary(data, beside: url)
        defer { _ = RawPath.withCString(temporary) { unlink($0) } }
        if replacing {
            guard AtomicFile.rename(temporary, url.path) == 0 else { throw AtomicFile.failure("cannot write", url.path, errno) }
        } else if RawPath.withCString(temporary, { t in RawPath.withCString(url.path) { link(t, $0) } }) != 0 {
            // link(2), unlike rename(2), never replaces: a file that appeared meanwhile is kept.
            let code = errno
            if code == EEXIST { throw exists() }
            // A file system without hard links: the check above is the guard.
            guard [EPERM, ENOTSUP, EOPNOTSUPP, EMLINK].contains(code), AtomicFile.rename(temporary, url.path) == 0 else {
                throw AtomicFile.failure("cannot write", url.path, code)
            }
        }
    }

    private func exists() -> AlbumError {
        .invalidInput("\(url.path) exists: not replaced (give --force to replace it)")
    }

    /// Whether the resolved path `path` is `folder` or inside it (both resolved; also compared by
    /// device and inode, so a second path to the folder, a bind mount, is found too).
    static func isInside(_ path: String, _ folder: URL) -> Bool {
        let root = resolve(folder.path)
        if path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/") { return true }
        guard let identity = FileIdentity(path: root) else { return false }
        var ancestor = path
        while !ancestor.isEmpty && ancestor != "/" {
            if FileIdentity(path: ancestor) == identity { return true }
            ancestor = (ancestor as NSString).deletingLastPathComponent
        }
        return false
    }

    /// `path` made absolute with every symbolic link and `..` resolved, as far as it exists; the
    /// components that do not exist yet are appended as they are (`.` and `..` among them applied).
    public static func resolve(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        if let real = realpath(absolute, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        let parent = (absolute as NSString).deletingLastPathComponent
        let name = (absolute as NSString).lastPathComponent
        guard parent != absolute, !parent.isEmpty else { return absolute }
        let base = resolve(parent)
        switch name {
        case "", ".": return base
        case "..": return (base as NSString).deletingLastPathComponent
        default: return base == "/" ? "/" + name : base + "/" + name
        }
    }
}
