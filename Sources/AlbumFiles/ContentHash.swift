import Crypto
import Foundation

/// The name of a file's content: lowercase hex SHA-256 of its bytes.
public struct ContentHash: Sendable, Hashable, CustomStringConvertible {
    public let hex: String

    /// Hashes `bytes`.
    public init<D: DataProtocol>(of bytes: D) {
        hex = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
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
