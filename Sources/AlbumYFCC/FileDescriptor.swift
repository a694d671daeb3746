import AlbumModel
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The one owner of a POSIX file descriptor: closed in `deinit`.
final class FileDescriptor {
    let fd: Int32
    /// The path it was opened from, for error messages.
    let path: String

    /// Opens `path` for reading.
    /// - Throws: `AlbumError.notFound` when it does not exist, `.io` with the system's message otherwise.
    init(reading path: String) throws(AlbumError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { throw .notFound("does not exist", subject: .file(path)) }
            throw .io("cannot open", subject: .file(path), cause: .errno(Errno(code)))
        }
        self.fd = fd
        self.path = path
    }

    /// Creates (or truncates) `path` for writing.
    /// - Throws: `AlbumError.io` with the system's message (`.storage` when the disk is full or read-only).
    init(creating path: String) throws(AlbumError) {
        let fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Self.error(errno, "cannot create", path) }
        self.fd = fd
        self.path = path
    }

    deinit { close(fd) }

    /// Reads up to `buffer.count` bytes; 0 at the end of the file.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(AlbumError) -> Int {
        let n = Errno.retryingInterrupts { Glibc.read(fd, buffer.baseAddress, buffer.count) }
        guard n >= 0 else { throw Self.error(errno, "cannot read", path) }
        return n
    }

    /// Writes all of `bytes` at `offset`.
    func write(_ bytes: UnsafeRawBufferPointer, at offset: UInt64) throws(AlbumError) {
        var done = 0
        while done < bytes.count {
            let n = Errno.retryingInterrupts { pwrite(fd, bytes.baseAddress! + done, bytes.count - done, off_t(offset) + off_t(done)) }
            guard n >= 0 else { throw Self.error(errno, "cannot write", path) }
            done += n
        }
    }

    /// Moves the read position to `offset`.
    func seek(to offset: UInt64) throws(AlbumError) {
        guard lseek(fd, off_t(offset), SEEK_SET) >= 0 else { throw Self.error(errno, "cannot seek in", path) }
    }

    /// Flushes the file to disk.
    func sync() throws(AlbumError) {
        guard fsync(fd) == 0 else { throw Self.error(errno, "cannot sync", path) }
    }

    /// The size of the open file in bytes.
    func size() throws(AlbumError) -> UInt64 {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Self.error(errno, "cannot stat", path) }
        return UInt64(info.st_size)
    }

    /// `PATH: cannot write: No space left on device`: `.storage` for a full, over-quota or
    /// read-only disk, else `.io`.
    static func error(_ code: Int32, _ what: String, _ path: String) -> AlbumError {
        let detail = AlbumError.Detail(what, subject: .file(path), cause: .errno(Errno(code)))
        if code == ENOSPC || code == EDQUOT || code == EROFS { return .storage(detail) }
        return .io(detail)
    }
}

/// Buffered writes to one region of a file, starting at `offset` and growing sequentially.
final class RegionWriter {
    let file: FileDescriptor
    private(set) var offset: UInt64
    private var buffer: [UInt8] = []
    private let capacity: Int

    init(file: FileDescriptor, offset: UInt64, capacity: Int = 1 << 20) {
        self.file = file
        self.offset = offset
        self.capacity = capacity
        buffer.reserveCapacity(capacity)
    }

    /// Bytes written so far, including those still in the buffer: where the next byte goes.
    var position: UInt64 { offset + UInt64(buffer.count) }

    func append(_ bytes: UnsafeRawBufferPointer) throws(AlbumError) {
        if buffer.count + bytes.count > capacity { try flush() }
        if bytes.count > capacity {
            try file.write(bytes, at: offset)
            offset += UInt64(bytes.count)
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    func append<T: FixedWidthInteger>(_ value: T) throws(AlbumError) {
        let little = value.littleEndian
        try typed { try withUnsafeBytes(of: little) { try append($0) } }
    }

    func flush() throws(AlbumError) {
        guard !buffer.isEmpty else { return }
        try typed { try buffer.withUnsafeBytes { try file.write($0, at: offset) } }
        offset += UInt64(buffer.count)
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Runs `body` (which throws only `AlbumError`s, through untyped-throwing standard library
/// calls such as `withUnsafeBytes`) and gives its error its type back.
func typed<R>(_ body: () throws -> R) throws(AlbumError) -> R {
    do {
        return try body()
    } catch let error as AlbumError {
        throw error
    } catch {
        throw .io("\(error)")
    }
}
