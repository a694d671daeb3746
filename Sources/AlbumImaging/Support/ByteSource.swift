#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AlbumModel
import Foundation

/// Random access to the bytes of a file or of data in memory, so a reader can fetch only the
/// parts it needs.
protocol ByteSource {
    /// Up to `count` bytes from `offset`; fewer (or none) past the end.
    func bytes(at offset: Int, count: Int) throws(AlbumError) -> ArraySlice<UInt8>
}

/// Bytes already in memory; only the ranges asked for are copied.
struct MemoryBytes: ByteSource {
    let data: Data

    func bytes(at offset: Int, count: Int) -> ArraySlice<UInt8> {
        guard offset >= 0, offset < data.count, count > 0 else { return [] }
        let start = data.startIndex + offset
        return ArraySlice(data[start..<start + min(count, data.count - offset)])
    }
}

/// A file opened read-only. It owns the file descriptor and closes it in `deinit`; reads go
/// through a small window so walking a JPEG's header costs one or two `pread` calls.
final class ReadOnlyFile: ByteSource {
    private let descriptor: Int32
    private let name: String
    private var window: [UInt8] = []
    private var windowOffset = 0
    /// How much is read at once when a request misses the window.
    private static let windowSize = 16 * 1024

    /// Opens `path` for reading; `name` is how errors spell the file. Only a regular file (or a
    /// link to one) is opened: a FIFO would block the reader for ever, a device never ends.
    /// - Throws: `AlbumError.io` naming the file and the system's reason.
    init(path: String, name: String) throws(AlbumError) {
        self.name = name
        // O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting for one.
        descriptor = RawPath.withCString(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else {
            throw .io("cannot open", subject: .file(name), cause: .errno(.current))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = Errno.current
            close(descriptor)
            throw .io("cannot read", subject: .file(name), cause: .errno(reason))
        }
        if let kind = Self.irregularKind(info.st_mode) {
            close(descriptor)
            throw .invalidInput("not a regular file (\(kind))", subject: .file(name))
        }
    }

    /// What a file that is not regular is, for the error; nil for a regular file.
    static func irregularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a folder"
        case S_IFIFO: "a pipe"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        default: "not a file"
        }
    }

    deinit { close(descriptor) }

    func bytes(at offset: Int, count: Int) throws(AlbumError) -> ArraySlice<UInt8> {
        guard offset >= 0, count > 0 else { return [] }
        let end = offset + count
        if offset < windowOffset || end > windowOffset + window.count {
            try fill(at: offset, count: max(count, Self.windowSize))
        }
        let start = offset - windowOffset
        return window[start..<min(window.count, start + count)]
    }

    /// Replaces the window with up to `count` bytes at `offset` (fewer at the end of the file).
    private func fill(at offset: Int, count: Int) throws(AlbumError) {
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = buffer.withUnsafeMutableBytes { raw in
                Errno.retryingInterrupts { pread(descriptor, raw.baseAddress! + filled, count - filled, off_t(offset + filled)) }
            }
            guard n >= 0 else { throw .io("cannot read", subject: .file(name), cause: .errno(.current)) }
            if n == 0 { break }
            filled += n
        }
        buffer.removeSubrange(filled...)
        window = buffer
        windowOffset = offset
    }
}

extension AlbumError {
    /// The same error about a file: `photo.jpg: not a JPEG (…)`. An error that names its own
    /// subject keeps it.
    func naming(_ file: String) -> AlbumError { about(.file(file)) }
}
