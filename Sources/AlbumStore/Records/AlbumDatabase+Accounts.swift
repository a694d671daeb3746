import AlbumModel
import AlbumSeam

/// Users and their long-lived tokens (`AccountStore` on SQLite, decision 0046): each method is the
/// one body of its query (decision 0075-store).
extension SQLiteLibraryStore {
    public func addUser(email: String, passwordHash: String, isAdmin: Bool) async throws(AlbumError) -> UserAccount {
        try await write { db throws(AlbumError) in
            guard try db.queryOne("SELECT 1 FROM users WHERE email = ?", [email]) == nil else {
                throw .invalidInput("a user \(email) exists already")
            }
            try db.run(
                "INSERT INTO users (email, password_hash, is_admin, created_at) VALUES (?, ?, ?, ?)",
                [email, passwordHash, isAdmin, Timestamp.now()])
            let id = db.lastInsertRowID
            guard let row = try db.queryOne("SELECT \(AlbumDatabase.userColumns) FROM users WHERE id = ?", [id]) else {
                throw .database("user \(email) vanished", subject: .database(path))
            }
            return AlbumDatabase.decodeUser(row)
        }
    }

    public func users() async throws(AlbumError) -> [UserAccount] {
        try await read { db throws(AlbumError) in
            try db.query("SELECT \(AlbumDatabase.userColumns) FROM users ORDER BY id").map(AlbumDatabase.decodeUser)
        }
    }

    public func user(email: String) async throws(AlbumError) -> UserAccount? {
        try await read { db throws(AlbumError) in
            try db.queryOne("SELECT \(AlbumDatabase.userColumns) FROM users WHERE email = ?", [email]).map(AlbumDatabase.decodeUser)
        }
    }

    public func user(id: Int64) async throws(AlbumError) -> UserAccount? {
        try await read { db throws(AlbumError) in
            try db.queryOne("SELECT \(AlbumDatabase.userColumns) FROM users WHERE id = ?", [id]).map(AlbumDatabase.decodeUser)
        }
    }

    public func removeUser(id: Int64) async throws(AlbumError) {
        try await write { db throws(AlbumError) in
            try db.run("DELETE FROM auth_tokens WHERE user_id = ?", [id])
            try db.run("DELETE FROM users WHERE id = ?", [id])
        }
    }

    public func setPasswordHash(userId: Int64, hash: String, now: Int64) async throws(AlbumError) {
        try await write { db throws(AlbumError) in
            try db.run("UPDATE users SET password_hash = ? WHERE id = ?", [hash, userId])
            try db.run("UPDATE auth_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL", [now, userId])
        }
    }

    public func storeToken(_ token: NewAuthToken) async throws(AlbumError) {
        try await write { db throws(AlbumError) in try AlbumDatabase.insert(token, db) }
    }

    public func rotateToken(hash: String, replacementHash: String, expiresAt: Int64, now: Int64) async throws(AlbumError) -> TokenRotation {
        try await write { db throws(AlbumError) in
            guard let row = try db.queryOne("""
                SELECT user_id, family, expires_at, spent_at, revoked_at FROM auth_tokens WHERE token_hash = ? AND kind = 'refresh'
                """, [hash]) else { return .invalid }
            let userId = row.int64("user_id") ?? 0, family = row.string("family") ?? ""
            if row.int64("revoked_at") != nil { return .invalid }
            if row.int64("spent_at") != nil {
                try db.run("UPDATE auth_tokens SET revoked_at = ? WHERE family = ? AND revoked_at IS NULL", [now, family])
                return .reused(family: family)
            }
            guard (row.int64("expires_at") ?? 0) > now else { return .invalid }
            try db.run("UPDATE auth_tokens SET spent_at = ? WHERE token_hash = ?", [now, hash])
            try AlbumDatabase.insert(NewAuthToken(
                userId: userId, family: family, hash: replacementHash, kind: .refresh, createdAt: now, expiresAt: expiresAt), db)
            return .rotated(userId: userId, family: family)
        }
    }

    public func liveToken(hash: String, kind: AuthTokenKind, now: Int64) async throws(AlbumError) -> (userId: Int64, family: String)? {
        try await read { db throws(AlbumError) in
            guard let row = try db.queryOne("""
                SELECT user_id, family FROM auth_tokens
                WHERE token_hash = ? AND kind = ? AND spent_at IS NULL AND revoked_at IS NULL AND expires_at > ?
                """, [hash, kind.rawValue, now]) else { return nil }
            return (row.int64("user_id") ?? 0, row.string("family") ?? "")
        }
    }

    @discardableResult
    public func revokeFamily(_ family: String, now: Int64) async throws(AlbumError) -> Bool {
        try await write { db throws(AlbumError) in
            let known = try db.queryOne("SELECT 1 FROM auth_tokens WHERE family = ?", [family]) != nil
            try db.run("UPDATE auth_tokens SET revoked_at = ? WHERE family = ? AND revoked_at IS NULL", [now, family])
            return known
        }
    }

    public func isFamilyLive(_ family: String, userId: Int64, now: Int64) async throws(AlbumError) -> Bool {
        try await read { db throws(AlbumError) in
            try db.queryOne("""
                SELECT 1 FROM auth_tokens WHERE family = ? AND user_id = ? AND revoked_at IS NULL AND expires_at > ? LIMIT 1
                """, [family, userId, now]) != nil
        }
    }
}

/// The connection-level account steps; rows are read by name.
extension AlbumDatabase {
    fileprivate static let userColumns = "id, email, password_hash, is_admin, created_at"

    fileprivate static func decodeUser(_ row: Row) -> UserAccount {
        UserAccount(
            id: row.int64("id") ?? 0, email: row.string("email") ?? "", isAdmin: (row.int64("is_admin") ?? 0) != 0,
            passwordHash: row.string("password_hash") ?? "", createdAt: row.string("created_at") ?? "")
    }

    fileprivate static func insert(_ token: NewAuthToken, _ db: SQL) throws(AlbumError) {
        try db.run("""
            INSERT INTO auth_tokens (user_id, family, token_hash, kind, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)
            """, [token.userId, token.family, token.hash, token.kind.rawValue, token.createdAt, token.expiresAt])
    }

}
