import AlbumModel
import CSodium
import Foundation

/// Password hashes: argon2id through libsodium's `crypto_pwhash_str` (decision 0046), in its
/// self-describing encoded form (`$argon2id$v=19$m=65536,t=2,p=1$salt$hash`), so the cost can rise
/// later without breaking stored hashes. The only file that calls libsodium.
public struct PasswordHasher: Sendable {
    /// Operations and memory: libsodium's "interactive" limits (2 passes over 64 MiB, ~0.1 s on
    /// one core), the level it recommends for online logins.
    public let opsLimit: UInt64
    public let memLimit: Int

    public static let interactive = PasswordHasher(
        opsLimit: UInt64(crypto_pwhash_opslimit_interactive()), memLimit: crypto_pwhash_memlimit_interactive())
    /// The smallest limits libsodium takes: for tests only, where 64 MiB per hash is slow.
    public static let minimal = PasswordHasher(
        opsLimit: UInt64(crypto_pwhash_opslimit_min()), memLimit: crypto_pwhash_memlimit_min())

    public init(opsLimit: UInt64, memLimit: Int) {
        Sodium.ready()
        self.opsLimit = opsLimit
        self.memLimit = memLimit
    }

    /// The encoded argon2id hash of `password` with a fresh random salt.
    /// - Throws: `AlbumError.io` when libsodium cannot allocate its memory.
    public func hash(_ password: String) throws(AlbumError) -> String {
        var out = [CChar](repeating: 0, count: Int(crypto_pwhash_STRBYTES))
        let length = UInt64(password.utf8.count)
        let code = password.withCString { chars in
            crypto_pwhash_str_alg(&out, chars, length, opsLimit, memLimit, crypto_pwhash_ALG_ARGON2ID13)
        }
        guard code == 0 else { throw .io("cannot hash the password: libsodium is out of memory (argon2id, \(memLimit >> 20) MiB)") }
        return String(decoding: out.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `password` matches `encoded`; libsodium compares in constant time. A malformed
    /// hash is a mismatch.
    public static func verify(_ password: String, against encoded: String) -> Bool {
        Sodium.ready()
        let length = UInt64(password.utf8.count)
        return password.withCString { chars in crypto_pwhash_str_verify(encoded, chars, length) == 0 }
    }

    /// A hash of a random password, verified against when the email is unknown, so that a login
    /// takes as long whether or not the account exists.
    public func decoy() -> String { (try? hash(Sodium.randomHex(bytes: 16))) ?? "" }
}

/// libsodium's one-time initialisation and the few other calls accounts use.
public enum Sodium {
    private static let initialised: Bool = sodium_init() >= 0

    /// Initialises libsodium once (thread-safe: `sodium_init` may be called any number of times).
    static func ready() {
        precondition(initialised, "libsodium could not initialise (sodium_init failed)")
    }

    /// `bytes` random bytes from libsodium's generator (the kernel's getrandom), as 2 × `bytes` hex digits.
    public static func randomHex(bytes: Int) -> String {
        ready()
        var buffer = [UInt8](repeating: 0, count: bytes)
        randombytes_buf(&buffer, bytes)
        return buffer.map { String(format: "%02x", $0) }.joined()
    }

    /// `bytes` random bytes.
    public static func random(bytes: Int) -> [UInt8] {
        ready()
        var buffer = [UInt8](repeating: 0, count: bytes)
        randombytes_buf(&buffer, bytes)
        return buffer
    }

    /// Compares two strings in time that depends on their length only (`sodium_memcmp`).
    public static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        ready()
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        if x.isEmpty { return true }
        return sodium_memcmp(x, y, x.count) == 0
    }
}
