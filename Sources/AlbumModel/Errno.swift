#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A C library error number with the system's text for it: the one place that reads `errno`,
/// calls `strerror` and retries a call that a signal interrupted (`EINTR`).
///
/// ```swift
/// let n = Errno.retryingInterrupts { read(fd, buffer, count) }
/// guard n >= 0 else { throw .io("cannot read", subject: .file(path), cause: .errno(.current)) }
/// ```
public struct Errno: Error, Sendable, Hashable, CustomStringConvertible {
    /// The number, as in `<errno.h>` (`ENOENT`, `ENOSPC`, …).
    public let code: Int32

    public init(_ code: Int32) { self.code = code }

    /// The calling thread's `errno`, read now (before any other C call can change it).
    public static var current: Errno { Errno(errno) }

    /// The system's text: `No such file or directory`.
    public var description: String { String(cString: strerror(code)) }

    /// Calls `body` again while it fails (returns a negative value) with `EINTR`; returns the first
    /// other result. On failure `errno` still holds the call's own error.
    @inlinable
    public static func retryingInterrupts<Result: SignedInteger>(_ body: () -> Result) -> Result {
        while true {
            let result = body()
            if result < 0 && errno == EINTR { continue }
            return result
        }
    }
}
