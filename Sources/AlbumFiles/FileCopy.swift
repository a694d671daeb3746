import AlbumModel
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file opened for reading, with what `fstat` said when it was opened; closed when the last
/// reference goes. An import keeps the file it read open to copy it from (`AtomicFile.writeCopy`).
public final class OpenFile: Sendable {
    public let descriptor: Int32
    public let path: String
    /// Size and modification time at open: the copy is made only if they still hold.
    let size: Int64
    let modified: (seconds: Int, nanoseconds: Int)

    /// Takes ownership of `descriptor`, described by `info`.
    public init(descriptor: Int32, path: String, info: stat) {
        self.descriptor = descriptor
        self.path = path
        size = Int64(info.st_size)
        modified = (info.st_mtim.tv_sec, info.st_mtim.tv_nsec)
    }

    deinit { close(descriptor) }

    /// Whether the file has the size and modification time it had when opened (nothing wrote to it since).
    var isUnchanged: Bool {
        var info = stat()
        return fstat(descriptor, &info) == 0 && Int64(info.st_size) == size
            && info.st_mtim.tv_sec == modified.seconds && info.st_mtim.tv_nsec == modified.nanoseconds
    }
}

extension AtomicFile {
    /// How the last copies were made (for tests and the benchmark's notes): by a reflink
    /// (FICLONE: btrfs, XFS), by `copy_file_range` in the kernel, or by writing the bytes read.
    public enum CopyMethod: String, Sendable { case reflink, copyFileRange, write }

    /// Writes a copy of `source`, whose whole content `data` is (read once, from the same open
    /// file), to `destination` as `write` does (temporary name, rename): by a reflink where the
    /// filesystem shares blocks, else by `copy_file_range` (the kernel copies, no second pass
    /// through this process), else, and whenever the file changed since it was read (its size
    /// or modification time), by writing `data` — so the copy is always the bytes that were
    /// hashed.
    /// - Returns: how the copy was made.
    /// - Throws: `AlbumError.io`/`.storage` naming the destination; no temporary file is left.
    @discardableResult
    public static func writeCopy(of source: OpenFile, data: Data, to destination: URL) throws(AlbumError) -> CopyMethod {
        let (fd, temporary) = try createTemporary(beside: destination)
        var method = copyInKernel(from: source, to: fd, count: data.count)
        if method != .write && !source.isUnchanged {
            // Written to meanwhile: what the kernel copied may not be what was hashed.
            method = .write
            _ = ftruncate(fd, 0)
            _ = lseek(fd, 0, SEEK_SET)
        }
        let written = try finish(fd, temporary, destination: destination, writing: method == .write ? data : nil)
        guard rename(written, destination.path) == 0 else {
            let code = errno
            _ = RawPath.withCString(written) { unlink($0) }
            throw failure("cannot rename the written file into place", destination.path, code)
        }
        return method
    }

    /// A reflink, else `copy_file_range` of `count` bytes from the start of `source` into the
    /// empty file `fd`; `.write` when neither did the whole copy (the file is emptied again).
    private static func copyInKernel(from source: OpenFile, to fd: Int32, count: Int) -> CopyMethod {
        if Int64(count) != source.size { return .write }
        if ioctl(fd, ficlone, source.descriptor) == 0 { return .reflink }
        guard let copyFileRange else { return .write }
        var offset: Int64 = 0
        while offset < Int64(count) {
            let remaining = count - Int(offset)
            let n = copyFileRange(source.descriptor, &offset, fd, nil, remaining, 0)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                // EXDEV, EINVAL, ENOSYS, EOPNOTSUPP (no such copy here), or the file shrank.
                _ = ftruncate(fd, 0)
                _ = lseek(fd, 0, SEEK_SET)
                return .write
            }
        }
        return .copyFileRange
    }

    /// `FICLONE` (linux/fs.h: `_IOW(0x94, 9, int)`).
    private static let ficlone = UInt(0x4004_9409)

    /// glibc's `copy_file_range` (2.27+), looked up at run time: Swift's Glibc module does not
    /// declare it (it is behind `_GNU_SOURCE`).
    private typealias CopyFileRange = @convention(c) (
        Int32, UnsafeMutablePointer<Int64>?, Int32, UnsafeMutablePointer<Int64>?, Int, UInt32
    ) -> Int
    private static let copyFileRange: CopyFileRange? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "copy_file_range")
        .map { unsafeBitCast($0, to: CopyFileRange.self) }
}
