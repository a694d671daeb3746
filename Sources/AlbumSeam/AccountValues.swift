import AlbumModel
import Foundation

/// A user of a library (issue 25): who logs in to `album serve` and whom the CLI acts as.
public struct UserAccount: Sendable, Hashable {
    public var id: Int64
    /// Lower case, as `AccountEmail.normalized` made it.
    public var email: String
    public var isAdmin: Bool
    /// The password's argon2id hash in libsodium's encoded form (`$argon2id$v=19$m=…`).
    public var passwordHash: String
    public var createdAt: String

    public init(id: Int64, email: String, isAdmin: Bool, passwordHash: String, createdAt: String) {
        self.id = id
        self.email = email
        self.isAdmin = isAdmin
        self.passwordHash = passwordHash
        self.createdAt = createdAt
    }
}

/// What a long-lived token is for: a refresh token of the API (rotated on every use) or the
/// session cookie of the pages (not rotated; ends at logout or expiry).
public enum AuthTokenKind: String, Sendable, Hashable {
    case refresh
    case session
}

/// A token to store: only its SHA-256 is kept, never the token.
public struct NewAuthToken: Sendable, Hashable {
    public var userId: Int64
    /// Every token made from one login shares the family: reuse of a rotated one revokes them all.
    public var family: String
    /// Hex SHA-256 of the token.
    public var hash: String
    public var kind: AuthTokenKind
    /// Unix seconds.
    public var createdAt: Int64
    public var expiresAt: Int64

    public init(userId: Int64, family: String, hash: String, kind: AuthTokenKind, createdAt: Int64, expiresAt: Int64) {
        self.userId = userId
        self.family = family
        self.hash = hash
        self.kind = kind
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}

/// How the use of a refresh token ended (`AccountStore.rotateToken`).
public enum TokenRotation: Sendable, Hashable {
    /// The token was live: it is spent, and `replacement` is stored in its family.
    case rotated(userId: Int64, family: String)
    /// The token had been rotated already: someone replayed it, so its whole family is revoked.
    case reused(family: String)
    /// Unknown, expired, revoked, or of another kind: nothing changed.
    case invalid
}

/// A read-only link to one album (issue 25): whoever has its URL sees that pin's page, thumbnails
/// and originals until it expires or is revoked. Only the token's SHA-256 is stored.
public struct ShareLink: Sendable, Hashable {
    public var id: Int64
    /// The user whose pin it is; nil on a library without users (the library itself).
    public var userId: Int64?
    public var pinId: Int64
    /// Unix seconds.
    public var createdAt: Int64
    public var expiresAt: Int64
    public var revokedAt: Int64?

    public init(id: Int64, userId: Int64?, pinId: Int64, createdAt: Int64, expiresAt: Int64, revokedAt: Int64?) {
        self.id = id
        self.userId = userId
        self.pinId = pinId
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
    }

    /// Whether it still opens at `now`.
    public func isLive(at now: Int64) -> Bool { revokedAt == nil && expiresAt > now }
}
