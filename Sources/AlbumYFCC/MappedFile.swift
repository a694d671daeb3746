import AlbumModel
import Foundation

/// The one owner of a read-only memory mapping of a whole file: unmapped in `deinit`.
final class MappedFile: @unchecked Sendable {
    /// The mapped bytes. Immutable while the object lives, so safe to read from any thread.
    let bytes: UnsafeRawBufferPointer
    let path: String

    init(path: String) throws(AlbumError) {
        let file = try FileDescriptor(reading: path)
        let size = try file.size()
        guard size > 0 else { throw .invalidInput("\(path) is empty") }
        guard let address = mmap(nil, Int(size), PROT_READ, MAP_SHARED, file.fd, 0), address != MAP_FAILED else {
            throw FileDescriptor.error(errno, "cannot map", path)
        }
        bytes = UnsafeRawBufferPointer(start: address, count: Int(size))
        self.path = path
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count) }

    /// Whether the file at `path` starts with `magic` (false when it cannot be read).
    static func starts(_ path: String, with magic: [UInt8]) -> Bool {
        guard let file = try? FileDescriptor(reading: path) else { return false }
        var head = [UInt8](repeating: 0, count: magic.count)
        let n = (try? head.withUnsafeMutableBytes { try file.read(into: $0) }) ?? 0
        return n == magic.count && head == magic
    }
}
