import AlbumModel

/// Users and their tokens (issue 25, decision 0046), in the library's store. Both stores
/// implement it (SQLite's `SQLiteLibraryStore`, `PostgresStore`); times are Unix seconds passed
/// in by the caller, so tests decide what "now" is.
public protocol AccountStore: Sendable {
    /// Stores a new user. - Throws: `AlbumError.invalidInput` when the email is taken.
    func addUser(email: String, passwordHash: String, isAdmin: Bool) async throws(AlbumError) -> UserAccount
    /// Every user, oldest first.
    func users() async throws(AlbumError) -> [UserAccount]
    /// The user with this (normalized) email, or nil.
    func user(email: String) async throws(AlbumError) -> UserAccount?
    /// The user with this id, or nil.
    func user(id: Int64) async throws(AlbumError) -> UserAccount?
    /// Removes a user and every token of theirs.
    func removeUser(id: Int64) async throws(AlbumError)
    /// Replaces a user's password hash and revokes every token of theirs (all sessions end).
    func setPasswordHash(userId: Int64, hash: String, now: Int64) async throws(AlbumError)
    /// Stores a new token (a login's first refresh token, or a session cookie's).
    func storeToken(_ token: NewAuthToken) async throws(AlbumError)
    /// Spends the live refresh token with this hash and stores its replacement (hash
    /// `replacementHash`, expiring at `expiresAt`) in its family, in one transaction: two clients
    /// racing with one token get one `.rotated` and one `.reused`.
    func rotateToken(hash: String, replacementHash: String, expiresAt: Int64, now: Int64) async throws(AlbumError) -> TokenRotation
    /// The user and family of a live, unspent token of `kind` with this hash, or nil.
    func liveToken(hash: String, kind: AuthTokenKind, now: Int64) async throws(AlbumError) -> (userId: Int64, family: String)?
    /// Revokes every token of a family (logout, reuse). - Returns: whether the family existed.
    @discardableResult
    func revokeFamily(_ family: String, now: Int64) async throws(AlbumError) -> Bool
    /// Whether a family has a token that is neither revoked nor expired (an access token made
    /// from it still counts until it expires).
    func isFamilyLive(_ family: String, userId: Int64, now: Int64) async throws(AlbumError) -> Bool

    /// Stores a share link of a pin (`userId` nil: the library's own, without users).
    func addShareLink(userId: Int64?, pinId: Int64, hash: String, createdAt: Int64, expiresAt: Int64) async throws(AlbumError) -> ShareLink
    /// The share links of a user (nil: of a library without users), newest first.
    func shareLinks(userId: Int64?) async throws(AlbumError) -> [ShareLink]
    /// Revokes one of a user's share links. - Returns: it, or nil when the user has none with this id.
    func revokeShareLink(id: Int64, userId: Int64?, now: Int64) async throws(AlbumError) -> ShareLink?
    /// The live share link with this token hash, or nil (unknown, expired or revoked).
    func liveShareLink(hash: String, now: Int64) async throws(AlbumError) -> ShareLink?
}
