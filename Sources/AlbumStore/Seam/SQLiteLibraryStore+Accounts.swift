import AlbumModel
import AlbumSeam

/// `AccountStore` on SQLite: each method one `read` or `write` of the intent method.
extension SQLiteLibraryStore {
    public func addUser(email: String, passwordHash: String, isAdmin: Bool) async throws(AlbumError) -> UserAccount {
        try await database.write { db throws(AlbumError) in try db.addUser(email: email, passwordHash: passwordHash, isAdmin: isAdmin) }
    }

    public func users() async throws(AlbumError) -> [UserAccount] {
        try await database.read { db throws(AlbumError) in try db.users() }
    }

    public func user(email: String) async throws(AlbumError) -> UserAccount? {
        try await database.read { db throws(AlbumError) in try db.user(email: email) }
    }

    public func user(id: Int64) async throws(AlbumError) -> UserAccount? {
        try await database.read { db throws(AlbumError) in try db.user(id: id) }
    }

    public func removeUser(id: Int64) async throws(AlbumError) {
        try await database.write { db throws(AlbumError) in try db.removeUser(id: id) }
    }

    public func setPasswordHash(userId: Int64, hash: String, now: Int64) async throws(AlbumError) {
        try await database.write { db throws(AlbumError) in try db.setPasswordHash(userId: userId, hash: hash, now: now) }
    }

    public func storeToken(_ token: NewAuthToken) async throws(AlbumError) {
        try await database.write { db throws(AlbumError) in try db.storeToken(token) }
    }

    public func rotateToken(hash: String, replacementHash: String, expiresAt: Int64, now: Int64) async throws(AlbumError) -> TokenRotation {
        try await database.write { db throws(AlbumError) in
            try db.rotateToken(hash: hash, replacementHash: replacementHash, expiresAt: expiresAt, now: now)
        }
    }

    public func liveToken(hash: String, kind: AuthTokenKind, now: Int64) async throws(AlbumError) -> (userId: Int64, family: String)? {
        let found = try await database.read { db throws(AlbumError) -> LiveToken? in
            try db.liveToken(hash: hash, kind: kind, now: now).map { LiveToken(userId: $0.userId, family: $0.family) }
        }
        return found.map { ($0.userId, $0.family) }
    }

    @discardableResult
    public func revokeFamily(_ family: String, now: Int64) async throws(AlbumError) -> Bool {
        try await database.write { db throws(AlbumError) in try db.revokeFamily(family, now: now) }
    }

    public func isFamilyLive(_ family: String, userId: Int64, now: Int64) async throws(AlbumError) -> Bool {
        try await database.read { db throws(AlbumError) in try db.isFamilyLive(family, userId: userId, now: now) }
    }
}

private struct LiveToken: Sendable {
    let userId: Int64
    let family: String
}
