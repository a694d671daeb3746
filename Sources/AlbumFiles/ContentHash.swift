import AlbumModel
import Crypto
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The name of a file's content: lowercase hex SHA-256 of its bytes.
public struct ContentHash: Sendable, Hashable, CustomStringConvertible {
    public let hex: String

    /// Hashes `bytes`.
    public init<D: DataProtocol>(of bytes: D) {
        hex = Self.hex(SHA256.hash(data: bytes))
    }

    /// Hashes the file at `path`, read a piece at a time.
    /// - Returns: nil when it cannot be read.
    public init?(readingFile path: String) {
        let fd = RawPath.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let piece = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 64)
        defer { piece.deallocate() }
        var hasher = SHA256()
        while true {
            let got = Errno.retryingInterrupts { read(fd, piece.baseAddress!, piece.count) }
            if got < 0 { return nil }
            if got == 0 { break }
            hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: piece[0..<got]))
        }
        hex = Self.hex(hasher.finalize())
    }

    /// Lowercase hex of `bytes`, two digits each (`String(format: "%02x")` per byte and a join
    /// were ~2 % of a lazily fetched photo's CPU, issue 28).
    public static func hex<S: Sequence<UInt8>>(_ bytes: S) -> String {
        let digits: StaticString = "0123456789abcdef"
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        digits.withUTF8Buffer { digits in
            for byte in bytes {
                text.append(digits[Int(byte >> 4)])
                text.append(digits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Wraps a hex digest read back from the database.
    /// - Returns: nil unless it is 64 lowercase hex digits.
    public init?(hex: String) {
        guard hex.count == 64, hex.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else { return nil }
        self.hex = hex
    }

    public var description: String { hex }

    /// `ab/abcdef….ext`: sharded by the first byte so no folder grows past a few thousand files.
    public func shardedPath(extension ext: String) -> String {
        "\(hex.prefix(2))/\(hex).\(ext)"
    }
}
