import AlbumModel
import Crypto
import Foundation

/// The short-lived access token of the API: a JWT (RFC 7519) signed with HMAC-SHA-256 (`HS256`)
/// by the library's own key (`SigningKey`), through swift-crypto (decision 0046).
///
/// Claims: `sub` (the user id, as text), `sid` (the login's token family: logging out or a
/// replayed refresh token revokes it, and its access tokens with it), `iat`, `exp` (Unix seconds).
/// Only `HS256` is accepted; the header is not trusted for anything else.
public struct AccessToken: Sendable, Hashable {
    public var userId: Int64
    public var family: String
    public var issuedAt: Int64
    public var expiresAt: Int64

    public init(userId: Int64, family: String, issuedAt: Int64, expiresAt: Int64) {
        self.userId = userId
        self.family = family
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
    }

    private static let header = base64URL(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8))

    /// The signed token: `header.claims.signature`.
    public func signed(with key: TokenKey) -> String {
        let claims = #"{"sub":"\#(userId)","sid":"\#(family)","iat":\#(issuedAt),"exp":\#(expiresAt)}"#
        let input = Self.header + "." + Self.base64URL(Data(claims.utf8))
        let mac = HMAC<SHA256>.authenticationCode(for: Data(input.utf8), using: key.symmetric)
        return input + "." + Self.base64URL(Data(mac))
    }

    /// Why a token is refused.
    public enum Refusal: Error, Equatable, Sendable {
        case malformed
        case badSignature
        case expired
    }

    /// The token's claims when its signature is this key's (checked in constant time) and it
    /// has not expired at `now`.
    public static func verify(_ token: String, key: TokenKey, now: Int64) throws(Refusal) -> AccessToken {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard token.utf8.count <= 2048, parts.count == 3, parts[0] == header,
              let signature = data(base64URL: parts[2]), let payload = data(base64URL: parts[1])
        else { throw .malformed }
        let input = Data((parts[0] + "." + parts[1]).utf8)
        guard HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: input, using: key.symmetric) else { throw .badSignature }
        struct Claims: Decodable {
            let sub: String
            let sid: String
            let iat: Int64
            let exp: Int64
        }
        guard let claims = try? JSONDecoder().decode(Claims.self, from: payload), let userId = Int64(claims.sub) else { throw .malformed }
        guard claims.exp > now else { throw .expired }
        return AccessToken(userId: userId, family: claims.sid, issuedAt: claims.iat, expiresAt: claims.exp)
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func data(base64URL text: Substring) -> Data? {
        guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}

/// The library's token-signing key: 32 random bytes in `DIR/auth.key`, made once (mode 0600),
/// read at every start. It is written whole under a name of its own, then linked to `auth.key`
/// (`link` fails if the name exists): two processes starting together agree on one key, and
/// neither ever reads a key the other is still writing.
public enum SigningKey {
    public static let fileName = "auth.key"

    /// The key in `folder`, made when missing.
    /// - Throws: `AlbumError.io` naming the file when it cannot be made or read, or is not 32 bytes,
    ///   or is readable by others than its owner.
    public static func loadOrCreate(in folder: URL) throws(AlbumError) -> TokenKey {
        let url = folder.appendingPathComponent(fileName)
        let path = url.path
        if access(path, F_OK) != 0 {
            let temporary = folder.appendingPathComponent(".\(fileName).\(getpid()).\(Sodium.randomHex(bytes: 4)).part").path
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw .io("cannot create the token key", subject: .file(path), cause: .errno(Errno.current)) }
            let bytes = Sodium.random(bytes: 32)
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, 32) }
            let synced = fsync(fd)
            close(fd)
            guard written == 32, synced == 0 else {
                unlink(temporary)
                throw .io("cannot write the token key", subject: .file(path), cause: .errno(Errno.current))
            }
            let linked = link(temporary, path)
            let linkError = errno
            unlink(temporary)
            if linked == 0 { return TokenKey(bytes: bytes) }
            guard linkError == EEXIST else {
                throw .io("cannot create the token key", subject: .file(path), cause: .errno(Errno(linkError)))
            }
            // Another process linked its key first: that one is the library's.
        }
        var info = stat()
        guard stat(path, &info) == 0 else { throw .io("cannot read the token key", subject: .file(path), cause: .errno(Errno.current)) }
        guard info.st_mode & 0o077 == 0 else {
            throw .io("the token key is readable by others: run chmod 600 on it", subject: .file(path))
        }
        guard let data = FileManager.default.contents(atPath: path), data.count == 32 else {
            throw .io("the token key is not 32 bytes (remove it to make a new one; every login then ends)", subject: .file(path))
        }
        return TokenKey(bytes: Array(data))
    }
}

/// The bytes of a signing key (swift-crypto's `SymmetricKey` is not `Sendable`).
public struct TokenKey: Sendable, Hashable {
    public let bytes: [UInt8]
    public init(bytes: [UInt8]) { self.bytes = bytes }
    var symmetric: SymmetricKey { SymmetricKey(data: bytes) }
}
