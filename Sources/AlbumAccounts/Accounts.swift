import AlbumModel
import AlbumSeam
import Crypto
import Foundation

/// Logging in and the tokens of `album serve` (issue 25, decision 0046):
///
/// - `login` checks the password (argon2id, constant time; an unknown email costs the same) under
///   the failed-login limits (per account and per client address), and starts a token family:
///   an access token (`AccessToken`, 15 minutes) and a refresh token (30 days).
/// - `refresh` spends a refresh token and gives a new pair in the same family; a spent token used
///   again revokes the family (someone replayed it), and every access token of it with it.
/// - `logout` revokes the family of a refresh token or session.
/// - `startSession`/`session` are the pages' cookie: a random token, stored hashed, 7 days.
/// Refresh and session tokens are 32 random bytes in hex; only their SHA-256 is stored.
public final class Accounts: Sendable {
    public let directory: UserDirectory
    let key: TokenKey
    public let limiter: LoginLimiter
    let clock: @Sendable () -> Int64
    /// The decoy hash verified for an unknown email (made once).
    private let decoy: String

    public static let accessSeconds: Int64 = 15 * 60
    public static let refreshSeconds: Int64 = 30 * 86_400
    public static let sessionSeconds: Int64 = 7 * 86_400

    var store: any AccountStore { directory.store }

    public init(
        directory: UserDirectory, key: TokenKey, limits: LoginLimits = LoginLimits(),
        clock: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970) }
    ) {
        self.directory = directory
        self.key = key
        limiter = LoginLimiter(limits)
        self.clock = clock
        decoy = directory.hasher.decoy()
    }

    /// What a login or a refresh gives the client.
    public struct TokenPair: Sendable, Hashable {
        public var token: String
        public var refreshToken: String
        public var expiresIn: Int64
        public var user: UserAccount
    }

    /// Who a request is from.
    public struct Caller: Sendable, Hashable {
        public var user: UserAccount
        public var family: String
    }

    /// Why a login or a token is refused.
    public enum Refusal: Error, Sendable, Equatable {
        /// Wrong email or password, or a token that is unknown, expired, tampered with or revoked.
        case unauthorized(String)
        /// Too many failed logins for the account or the address: try again after this many seconds.
        case tooManyAttempts(retryAfter: Int64)
    }

    // MARK: Logging in

    /// Checks the email and password and starts a token family.
    public func login(email: String, password: String, address: String) async throws -> TokenPair {
        let user = try await checkPassword(email: email, password: password, address: address)
        let family = Sodium.randomHex(bytes: 16)
        return try await pair(for: user, family: family, storing: true)
    }

    /// Checks the email and password and makes a session cookie's token.
    public func startSession(email: String, password: String, address: String) async throws -> (token: String, user: UserAccount) {
        let user = try await checkPassword(email: email, password: password, address: address)
        let token = Sodium.randomHex(bytes: 32), now = clock()
        try await store.storeToken(NewAuthToken(
            userId: user.id, family: Sodium.randomHex(bytes: 16), hash: Self.digest(token), kind: .session,
            createdAt: now, expiresAt: now + Self.sessionSeconds))
        return (token, user)
    }

    private func checkPassword(email: String, password: String, address: String) async throws -> UserAccount {
        let now = clock()
        let normal = (try? AccountEmail.normalized(email)) ?? email.lowercased()
        let keys = ["account:" + normal, "address:" + address]
        if let wait = limiter.wait(keys, now: now) { throw Refusal.tooManyAttempts(retryAfter: wait) }
        let user = try await store.user(email: normal)
        let hash = user?.passwordHash ?? decoy
        let matches = await BlockingPool.shared.run { PasswordHasher.verify(password, against: hash) }
        guard let user, matches else {
            limiter.fail(keys, now: now)
            throw Refusal.unauthorized("wrong email or password")
        }
        limiter.clear(keys[0])
        return user
    }

    // MARK: Tokens

    /// Spends a refresh token and gives the next pair of its family.
    public func refresh(_ refreshToken: String) async throws -> TokenPair {
        let next = Sodium.randomHex(bytes: 32), now = clock()
        let outcome = try await store.rotateToken(
            hash: Self.digest(refreshToken), replacementHash: Self.digest(next), expiresAt: now + Self.refreshSeconds, now: now)
        switch outcome {
        case .invalid: throw Refusal.unauthorized("the refresh token is not valid (unknown, expired or revoked): log in again")
        case .reused: throw Refusal.unauthorized("the refresh token was used already: every session of this login is revoked, log in again")
        case .rotated(let userId, let family):
            guard let user = try await store.user(id: userId) else { throw Refusal.unauthorized("the account is gone") }
            var pair = try await pair(for: user, family: family, storing: false)
            pair.refreshToken = next
            return pair
        }
    }

    /// Revokes the family of a refresh token or a session token. - Returns: whether it was one.
    @discardableResult
    public func logout(token: String) async throws -> Bool {
        let hash = Self.digest(token), now = clock()
        for kind in [AuthTokenKind.refresh, .session] {
            if let live = try await store.liveToken(hash: hash, kind: kind, now: now) {
                return try await store.revokeFamily(live.family, now: now)
            }
        }
        return false
    }

    /// Revokes a family (logout with an access token).
    public func logout(family: String) async throws { try await store.revokeFamily(family, now: clock()) }

    /// The caller of a `Bearer` access token: signed by this library, not expired, its family
    /// not revoked, its user still there.
    public func caller(accessToken: String) async throws -> Caller {
        let now = clock()
        let claims: AccessToken
        do {
            claims = try AccessToken.verify(accessToken, key: key, now: now)
        } catch .expired {
            throw Refusal.unauthorized("the access token has expired: refresh it (POST /api/auth/refresh)")
        } catch {
            throw Refusal.unauthorized("the access token is not valid")
        }
        guard try await store.isFamilyLive(claims.family, userId: claims.userId, now: now),
              let user = try await store.user(id: claims.userId)
        else { throw Refusal.unauthorized("the access token was revoked: log in again") }
        return Caller(user: user, family: claims.family)
    }

    /// The caller of a session cookie's token.
    public func caller(sessionToken: String) async throws -> Caller {
        guard let live = try await store.liveToken(hash: Self.digest(sessionToken), kind: .session, now: clock()),
              let user = try await store.user(id: live.userId)
        else { throw Refusal.unauthorized("the session has ended: log in again") }
        return Caller(user: user, family: live.family)
    }

    private func pair(for user: UserAccount, family: String, storing: Bool) async throws -> TokenPair {
        let now = clock()
        let refresh = Sodium.randomHex(bytes: 32)
        if storing {
            try await store.storeToken(NewAuthToken(
                userId: user.id, family: family, hash: Self.digest(refresh), kind: .refresh, createdAt: now,
                expiresAt: now + Self.refreshSeconds))
        }
        let access = AccessToken(userId: user.id, family: family, issuedAt: now, expiresAt: now + Self.accessSeconds)
        return TokenPair(token: access.signed(with: key), refreshToken: refresh, expiresIn: Self.accessSeconds, user: user)
    }

    /// Hex SHA-256 of a token: what the store keeps.
    static func digest(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}

/// The stored form of a share link's token: hex SHA-256, as refresh tokens.
public enum ShareToken {
    public static func digest(_ token: String) -> String { Accounts.digest(token) }
}
