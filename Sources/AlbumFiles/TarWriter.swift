import AlbumModel
import Crypto
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A POSIX ustar archive written as a stream (issue 30's dataset shards): members are copied from
/// their files in 128 KiB pieces through one buffer, so no member and no archive is ever held in
/// memory whole. Deterministic: members in the order given, mode 0644, owner 0/0 with no names,
/// a fixed mtime; the SHA-256 of the archive is computed as it is written, a full buffer hashed
/// just before it is written out (while it is still in the core's cache). One writer is used by
/// one thread; an export writes several shards at once, a writer each (decision 0132).
///
/// The archive is written to `path` + `.part` (created, never replacing) and renamed to `path`
/// by `place()`, so a finished name is always a whole archive.
public final class TarWriter {
    /// The mtime of every member: 2000-01-01T00:00:00Z.
    public static let fixedMTime = 946_684_800
    static let block = 512

    public let path: String
    let partPath: String
    private var fd: Int32
    /// The write buffer: members are read straight into it and it is hashed and written out
    /// when full.
    private let storage: UnsafeMutableRawBufferPointer
    private var count = 0
    /// 128 KiB: the kernel's copy of a full buffer into the page cache reads it while it is still
    /// in the core's cache. With 1 MiB buffers (and the writeback started at each shard's end)
    /// the same bytes cost 2.4 times the system time (docs/performance.md, issue 30, decision 0123).
    private static let bufferLimit = 128 << 10
    private var hasher = SHA256()
    /// Bytes of the archive so far.
    public private(set) var bytes: Int64 = 0

    /// A member file's size and modification time as it was read (`fstat` of the open file).
    public struct Source: Sendable, Hashable {
        public var size: Int64
        public var modifiedSeconds: Int
        public var modifiedNanoseconds: Int
    }

    /// - Throws: `AlbumError.io` naming the file when it cannot be created (an existing `.part`
    ///   of an earlier, killed run is replaced: it was never a finished archive).
    public init(path: String) throws(AlbumError) {
        self.path = path
        partPath = path + AtomicFile.temporarySuffix
        fd = RawPath.withCString(partPath) { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard fd >= 0 else { throw AtomicFile.failure("cannot create", partPath, errno) }
        storage = .allocate(byteCount: Self.bufferLimit, alignment: 16)
    }

    deinit {
        storage.deallocate()
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

    /// Appends a member copied from the file at `source`, streamed: read straight into the
    /// write buffer, a piece at a time. The file is opened relative to `folder` when it is inside.
    /// - Returns: the file's size and modification time as it was read.
    /// - Throws: `AlbumError.io` naming `source` when it cannot be read or changes size meanwhile.
    @discardableResult
    public func appendFile(name: String, from source: String, within folder: OpenFolder? = nil) throws(AlbumError) -> Source {
        let input = folder?.openForReading(source) ?? RawPath.withCString(source) { open($0, O_RDONLY | O_CLOEXEC) }
        guard input >= 0 else { throw AtomicFile.failure("cannot read", source, errno) }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0 else { throw AtomicFile.failure("cannot read", source, errno) }
        let size = Int(info.st_size)
        try header(name: name, size: size)
        var left = size
        while left > 0 {
            if count == storage.count { try flush() }
            let want = min(left, storage.count - count)
            let base = storage.baseAddress! + count
            let got = Errno.retryingInterrupts { read(input, base, want) }
            guard got > 0 else {
                throw got < 0 ? AtomicFile.failure("cannot read", source, errno)
                    : .io(AlbumError.Detail("shrank while it was being exported", subject: .file(source)))
            }
            count += got
            left -= got
        }
        try pad(size)
        return Source(size: Int64(size), modifiedSeconds: info.st_mtim.tv_sec, modifiedNanoseconds: info.st_mtim.tv_nsec)
    }

    /// Ends the archive (two zero blocks), writes it out and starts its writeback to the disk
    /// without waiting for it (`posix_fadvise(POSIX_FADV_DONTNEED)` on Linux writes the dirty
    /// pages back asynchronously and keeps those still being written), so that a sync of it
    /// later (`AtomicFile.sync`) finds little left to wait for. Until `place()` the archive is
    /// only the `.part` file.
    /// - Returns: the archive's SHA-256, lowercase hex.
    public func end() throws(AlbumError) -> String {
        try zeros(Self.block * 2)
        try flush()
        _ = posix_fadvise(fd, 0, 0, Int32(POSIX_FADV_DONTNEED))
        return ContentHash.hex(hasher.finalize())
    }

    /// Closes the ended archive and renames it into place, without an fsync: a killed process
    /// leaves it whole, a power cut may not (the caller syncs it, `AtomicFile.sync`).
    public func place() throws(AlbumError) {
        close(fd)
        fd = -1
        guard AtomicFile.rename(partPath, path) == 0 else { throw AtomicFile.failure("cannot rename into place", path, errno) }
    }

    /// A ustar header block, written in place in the buffer: `template` with the member's name
    /// and size, and its checksum (the template's sum plus the name's and the size's digits).
    private func header(name: String, size: Int) throws(AlbumError) {
        var name = name
        let nameCount = name.utf8.count
        guard nameCount > 0, nameCount < 100 else {
            throw .invalidInput("tar member name '\(name)' is not 1-99 bytes")
        }
        guard size < 0o77777777777 else { throw .invalidInput("\(name) is too large for a tar member (8 GiB)") }
        if storage.count - count < Self.block { try flush() }
        let h = UnsafeMutableRawBufferPointer(rebasing: storage[count..<(count + Self.block)])
        Self.template.withUnsafeBytes { h.copyMemory(from: $0) }
        var sum = Self.templateSum
        name.withUTF8 { utf8 in
            h.baseAddress!.copyMemory(from: utf8.baseAddress!, byteCount: nameCount)
            for b in utf8 { sum += Int(b) }
        }
        sum += Self.octal(h, 124, size, digits: 11)
        Self.octal(h, 148, sum, digits: 6)
        h[154] = 0
        h[155] = UInt8(ascii: " ")
        count += Self.block
    }

    /// `value` in octal, `digits` wide and zero-padded, at `offset`; the sum of the digits' bytes.
    @discardableResult
    private static func octal(_ h: UnsafeMutableRawBufferPointer, _ offset: Int, _ value: Int, digits: Int) -> Int {
        var v = value, sum = 0
        for i in stride(from: digits - 1, through: 0, by: -1) {
            let digit = UInt8(ascii: "0") + UInt8(v & 7)
            h[offset + i] = digit
            sum += Int(digit)
            v >>= 3
        }
        return sum
    }

    /// Every header's fixed fields: mode 0644, owner and group 0 without names, the fixed mtime,
    /// a regular file, `ustar` `00`, device 0/0; the name empty, the size `00000000000` and the
    /// checksum field spaces (as it is summed).
    private static let template: [UInt8] = {
        var block = [UInt8](repeating: 0, count: TarWriter.block)
        block.withUnsafeMutableBytes { h in
            octal(h, 100, 0o644, digits: 7)
            octal(h, 108, 0, digits: 7)
            octal(h, 116, 0, digits: 7)
            octal(h, 124, 0, digits: 11)
            octal(h, 136, fixedMTime, digits: 11)
            for i in 148..<156 { h[i] = UInt8(ascii: " ") }
            h[156] = UInt8(ascii: "0")
            for (i, b) in "ustar".utf8.enumerated() { h[257 + i] = b }
            h[263] = UInt8(ascii: "0")
            h[264] = UInt8(ascii: "0")
            octal(h, 329, 0, digits: 7)
            octal(h, 337, 0, digits: 7)
        }
        return block
    }()

    /// The template's sum without its size field (the size's digits are added a member).
    private static let templateSum = template.reduce(0) { $0 + Int($1) } - 11 * Int(UInt8(ascii: "0"))

    private func pad(_ size: Int) throws(AlbumError) {
        let rest = size % Self.block
        if rest != 0 { try zeros(Self.block - rest) }
    }

    private func zeros(_ n: Int) throws(AlbumError) {
        var left = n
        while left > 0 {
            if count == storage.count { try flush() }
            let piece = min(left, storage.count - count)
            UnsafeMutableRawBufferPointer(rebasing: storage[count..<(count + piece)]).initializeMemory(as: UInt8.self, repeating: 0)
            count += piece
            left -= piece
        }
    }

    private func put(_ bytes: [UInt8]) throws(AlbumError) {
        var done = 0
        while done < bytes.count {
            if count == storage.count { try flush() }
            let piece = min(bytes.count - done, storage.count - count)
            let target = storage.baseAddress! + count
            bytes.withUnsafeBytes { target.copyMemory(from: $0.baseAddress! + done, byteCount: piece) }
            count += piece
            done += piece
        }
    }

    private func flush() throws(AlbumError) {
        guard count > 0 else { return }
        let filled = UnsafeRawBufferPointer(rebasing: storage[0..<count])
        hasher.update(bufferPointer: filled)
        var done = 0
        while done < count {
            let wrote = Errno.retryingInterrupts { write(fd, filled.baseAddress! + done, count - done) }
            guard wrote > 0 else { throw AtomicFile.failure("cannot write", partPath, wrote < 0 ? errno : EIO) }
            done += wrote
        }
        bytes += Int64(count)
        count = 0
    }
}
