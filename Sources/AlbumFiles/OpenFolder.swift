import AlbumModel
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A folder held open so that files under it are opened by their path relative to it:
/// the kernel walks only the components below the folder. `export dataset` opens 100,000
/// thumbnails under the library's folder, and the walk of an absolute path's every component
/// was a third of an open's cost (issue 30). Closed when the last reference goes.
public final class OpenFolder: Sendable {
    private let descriptor: Int32
    /// The folder's path and a slash as the system spells them: the prefix of the paths opened
    /// relative to the folder.
    private let prefix: [CChar]

    /// Opens the folder at `path`; nil when it cannot be opened (files are then opened by their
    /// whole path).
    public init?(path: String) {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        let fd = RawPath.withCString(path) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        descriptor = fd
        prefix = (RawPath.bytes(path) + (path == "/" ? [] : [UInt8(ascii: "/")])).map { CChar(bitPattern: $0) }
    }

    deinit { close(descriptor) }

    /// Opens the file at `file` for reading (`O_RDONLY | O_CLOEXEC`): relative to the folder
    /// when `file` is inside it (its path starts with the folder's and a slash), else by its
    /// whole path. The descriptor, or -1 with `errno` set.
    public func openForReading(_ file: String) -> Int32 {
        RawPath.withCString(file) { whole in
            let inside = prefix.withUnsafeBufferPointer { prefix in
                strncmp(whole, prefix.baseAddress!, prefix.count) == 0 && whole[prefix.count] != 0
            }
            return inside ? openat(descriptor, whole + prefix.count, O_RDONLY | O_CLOEXEC) : open(whole, O_RDONLY | O_CLOEXEC)
        }
    }
}
