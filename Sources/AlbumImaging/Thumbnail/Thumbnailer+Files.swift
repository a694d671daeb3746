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
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

extension Thumbnailer {
    /// Makes the thumbnail of the JPEG at `source` and writes it to `destination` (through a
    /// temporary file, so a reader never sees half a thumbnail). Never writes over an input:
    /// a destination that is `source` or one of `inputs` (same device and inode, whatever the
    /// path) is refused; an existing file is only replaced when `replacing`.
    /// - Parameter inputs: the identities of every file of the batch (see `FileIdentity`).
    /// - Throws: `AlbumError.io` or `.invalidInput`, naming the file involved.
    @discardableResult
    public func writeThumbnail(
        ofFileAt source: URL, to destination: URL, replacing: Bool = false, inputs: Set<FileIdentity> = []
    ) throws(AlbumError) -> Thumbnail {
        try checkDestination(destination, source: source, replacing: replacing, inputs: inputs)
        let thumbnail = try thumbnail(fileAt: source)
        // Checked again now that the decode is done: a file may have appeared meanwhile.
        try checkDestination(destination, source: source, replacing: replacing, inputs: inputs)
        let folder = destination.deletingLastPathComponent().path
        let temporary = "\(folder)/.\(destination.lastPathComponent).\(getpid()).\(UUID().uuidString.prefix(8)).part"
        do {
            try thumbnail.data.write(to: URL(fileURLWithPath: temporary), options: .withoutOverwriting)
        } catch {
            throw .io("cannot write", subject: .file(destination.relativePath), cause: .of(error))
        }
        defer { unlink(temporary) }
        if replacing {
            guard rename(temporary, destination.path) == 0 else {
                throw .io("cannot write", subject: .file(destination.relativePath), cause: .errno(.current))
            }
        } else if link(temporary, destination.path) != 0 {
            // link(2), unlike rename(2), never replaces: a file that appeared meanwhile is kept.
            if errno == EEXIST { throw Self.exists(destination) }
            throw .io("cannot write", subject: .file(destination.relativePath), cause: .errno(.current))
        }
        return thumbnail
    }

    private func checkDestination(
        _ destination: URL, source: URL, replacing: Bool, inputs: Set<FileIdentity>
    ) throws(AlbumError) {
        guard let target = FileIdentity(path: destination.path) else { return }
        if target == FileIdentity(path: source.path) || inputs.contains(target) {
            throw .invalidInput("\(destination.relativePath) is an input photo: not overwritten (choose another --out)")
        }
        if !replacing { throw Self.exists(destination) }
    }

    private static func exists(_ destination: URL) -> AlbumError {
        .invalidInput("\(destination.relativePath) exists: skipped, not replaced (give --force to replace it)")
    }
}
