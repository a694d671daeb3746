import AlbumModel
import Crypto
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A POSIX ustar archive written as a stream (issue 30's dataset shards): members are copied from
/// their files in 1 MiB pieces through one buffer, so no member and no archive is ever held in
/// memory whole. Deterministic: members in the order given, mode 0644, owner 0/0 with no names,
/// a fixed mtime; the SHA-256 of the archive is computed as it is written.
///
/// The archive is written to `path` + `.part` (created, never replacing) and renamed to `path`
/// by `finish()`, so a finished name is always a whole archive.
public final class TarWriter {
    /// The mtime of every member: 2000-01-01T00:00:00Z.
    public static let fixedMTime = 946_684_800
    static let block = 512

    public let path: String
    let partPath: String
    private var fd: Int32
    private var buffer: [UInt8] = []
    private let bufferLimit = 1 << 20
    private var hasher = SHA256()
    /// Bytes of the archive so far.
    public private(set) var bytes: Int64 = 0

    /// - Throws: `AlbumError.io` naming the file when it cannot be created (an existing `.part`
    ///   of an earlier, killed run is replaced: it was never a finished archive).
    public init(path: String) throws(AlbumError) {
        self.path = path
        partPath = path + AtomicFile.temporarySuffix
        fd = RawPath.withCString(partPath) { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard fd >= 0 else { throw AtomicFile.failure("cannot create", partPath, errno) }
        buffer.reserveCapacity(bufferLimit + Self.block)
    }

    deinit {
        if fd >= 0 {
            close(fd)
            _ = RawPath.withCString(partPath) { unlink($0) }
        }
    }

    /// Appends a member holding `data`.
    public func append(name: String, data: [UInt8]) throws(AlbumError) {
        try header(name: name, size: data.count)
        try put(data)
        try pad(data.count)
    }

    /// Appends a member copied from the file at `source`, streamed.
    /// - Throws: `AlbumError.io` naming `source` when it cannot be read or changes size meanwhile.
    public func appendFile(name: String, from source: String) throws(AlbumError) {
        let input = RawPath.withCString(source) { open($0, O_RDONLY | O_CLOEXEC) }
        guard input >= 0 else { throw AtomicFile.failure("cannot read", source, errno) }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0 else { throw AtomicFile.failure("cannot read", source, errno) }
        let size = Int(info.st_size)
        try header(name: name, size: size)
        var left = size
        var chunk = [UInt8](repeating: 0, count: min(max(size, 1), 1 << 20))
        while left > 0 {
            let want = min(left, chunk.count)
            let got = chunk.withUnsafeMutableBytes { raw in Errno.retryingInterrupts { read(input, raw.baseAddress, want) } }
            guard got > 0 else {
                throw got < 0 ? AtomicFile.failure("cannot read", source, errno)
                    : .io(AlbumError.Detail("shrank while it was being exported", subject: .file(source)))
            }
            try put(chunk[0..<got])
            left -= got
        }
        try pad(size)
    }

    /// Ends the archive (two zero blocks), writes it out, fsyncs and renames it into place.
    /// - Returns: the archive's SHA-256, lowercase hex.
    public func finish() throws(AlbumError) -> String {
        try put([UInt8](repeating: 0, count: Self.block * 2))
        try flush()
        guard fsync(fd) == 0 else { throw AtomicFile.failure("cannot write", partPath, errno) }
        close(fd)
        fd = -1
        guard AtomicFile.rename(partPath, path) == 0 else { throw AtomicFile.failure("cannot rename into place", path, errno) }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }

    private func header(name: String, size: Int) throws(AlbumError) {
        let nameBytes = Array(name.utf8)
        guard !nameBytes.isEmpty, nameBytes.count < 100 else {
            throw .invalidInput("tar member name '\(name)' is not 1-99 bytes")
        }
        guard size < 0o77777777777 else { throw .invalidInput("\(name) is too large for a tar member (8 GiB)") }
        var h = [UInt8](repeating: 0, count: Self.block)
        func field(_ offset: Int, _ bytes: [UInt8]) { for (i, b) in bytes.enumerated() { h[offset + i] = b } }
        func octal(_ value: Int, digits: Int) -> [UInt8] {
            let text = String(value, radix: 8)
            return Array((String(repeating: "0", count: max(0, digits - text.count)) + text).utf8)
        }
        field(0, nameBytes)
        field(100, octal(0o644, digits: 7))
        field(108, octal(0, digits: 7))
        field(116, octal(0, digits: 7))
        field(124, octal(size, digits: 11))
        field(136, octal(Self.fixedMTime, digits: 11))
        field(148, Array("        ".utf8))
        h[156] = UInt8(ascii: "0")
        field(257, Array("ustar".utf8))
        field(263, Array("00".utf8))
        field(329, octal(0, digits: 7))
        field(337, octal(0, digits: 7))
        let sum = h.reduce(0) { $0 + Int($1) }
        field(148, octal(sum, digits: 6) + [0, UInt8(ascii: " ")])
        try put(h)
    }

    private func pad(_ size: Int) throws(AlbumError) {
        let rest = size % Self.block
        if rest != 0 { try put([UInt8](repeating: 0, count: Self.block - rest)) }
    }

    private func put<C: Collection>(_ bytes: C) throws(AlbumError) where C.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        if buffer.count >= bufferLimit { try flush() }
    }

    private func flush() throws(AlbumError) {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        var done = 0
        while done < buffer.count {
            let wrote = buffer.withUnsafeBytes { raw in
                Errno.retryingInterrupts { write(fd, raw.baseAddress! + done, raw.count - done) }
            }
            guard wrote > 0 else { throw AtomicFile.failure("cannot write", partPath, wrote < 0 ? errno : EIO) }
            done += wrote
        }
        bytes += Int64(buffer.count)
        buffer.removeAll(keepingCapacity: true)
    }
}
