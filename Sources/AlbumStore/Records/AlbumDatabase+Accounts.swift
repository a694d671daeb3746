import AlbumModel
import AlbumSeam

/// Users and their long-lived tokens (`AccountStore`, decision 0046).
extension AlbumDatabase {
    private static let userColumns = "id, email, password_hash, is_admin, created_at"

    private static func decodeUser(_ row: Row) -> UserAccount {
        UserAccount(
            id: row.int64(0) ?? 0, email: row.string(1) ?? "", isAdmin: (row.int64(3) ?? 0) != 0,
            passwordHash: row.string(2) ?? "", createdAt: row.string(4) ?? "")
    }

    public func addUser(email: String, passwordHash: String, isAdmin: Bool) throws(AlbumError) -> UserAccount {
        try write { db throws(AlbumError) in
            guard try db.queryOne("SELECT 1 FROM users WHERE email = ?", [email]) == nil else {
                throw .invalidInput("a user \(email) exists already")
            }
            try db.run(
                "INSERT INTO users (email, password_hash, is_admin, created_at) VALUES (?, ?, ?, ?)",
                [email, passwordHash, isAdmin, Timestamp.now()])
            let id = db.lastInsertRowID
            guard let row = try db.queryOne("SELECT \(Self.userColumns) FROM users WHERE id = ?", [id]) else {
                throw .database("user \(email) vanished", subject: .database(path))
            }
            return Self.decodeUser(row)
        }
    }

    public func users() throws(AlbumError) -> [UserAccount] {
        try read { db throws(AlbumError) in
            try db.query("SELECT \(Self.userColumns) FROM users ORDER BY id").map(Self.decodeUser)
        }
    }

    public func user(email: String) throws(AlbumError) -> UserAccount? {
        try read { db throws(AlbumError) in
            try db.queryOne("SELECT \(Self.userColumns) FROM users WHERE email = ?", [email]).map(Self.decodeUser)
        }
    }

    public func user(id: Int64) throws(AlbumError) -> UserAccount? {
        try read { db throws(AlbumError) in
            try db.queryOne("SELECT \(Self.userColumns) FROM users WHERE id = ?", [id]).map(Self.decodeUser)
        }
    }

    public func removeUser(id: Int64) throws(AlbumError) {
        try write { db throws(AlbumError) in
            try db.run("DELETE FROM auth_tokens WHERE user_id = ?", [id])
            try db.run("DELETE FROM users WHERE id = ?", [id])
        }
    }

    public func setPasswordHash(userId: Int64, hash: String, now: Int64) throws(AlbumError) {
        try write { db throws(AlbumError) in
            try db.run("UPDATE users SET password_hash = ? WHERE id = ?", [hash, userId])
            try db.run("UPDATE auth_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL", [now, userId])
        }
    }

    public func storeToken(_ token: NewAuthToken) throws(AlbumError) {
        try write { db throws(AlbumError) in try Self.insert(token, db) }
    }

    private static func insert(_ token: NewAuthToken, _ db: SQL) throws(AlbumError) {
        try db.run("""
            INSERT INTO auth_tokens (user_id, family, token_hash, kind, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)
            """, [token.userId, token.family, token.hash, token.kind.rawValue, token.createdAt, token.expiresAt])
    }

    public func rotateToken(hash: String, replacementHash: String, expiresAt: Int64, now: Int64) throws(AlbumError) -> TokenRotation {
        try write { db throws(AlbumError) in
            guard let row = try db.queryOne("""
                SELECT user_id, family, expires_at, spent_at, revoked_at FROM auth_tokens WHERE token_hash = ? AND kind = 'refresh'
                """, [hash]) else { return .invalid }
            let userId = row.int64(0) ?? 0, family = row.string(1) ?? ""
            if row.int64(4) != nil { return .invalid }
            if row.int64(3) != nil {
                try db.run("UPDATE auth_tokens SET revoked_at = ? WHERE family = ? AND revoked_at IS NULL", [now, family])
                return .reused(family: family)
            }
            guard (row.int64(2) ?? 0) > now else { return .invalid }
            try db.run("UPDATE auth_tokens SET spent_at = ? WHERE token_hash = ?", [now, hash])
            try Self.insert(NewAuthToken(
                userId: userId, family: family, hash: replacementHash, kind: .refresh, createdAt: now, expiresAt: expiresAt), db)
            return .rotated(userId: userId, family: family)
        }
    }

    public func liveToken(hash: String, kind: AuthTokenKind, now: Int64) throws(AlbumError) -> (userId: Int64, family: String)? {
        try read { db throws(AlbumError) in
            guard let row = try db.queryOne("""
                SELECT user_id, family FROM auth_tokens
                WHERE token_hash = ? AND kind = ? AND spent_at IS NULL AND revoked_at IS NULL AND expires_at > ?
                """, [hash, kind.rawValue, now]) else { return nil }
            return (row.int64(0) ?? 0, row.string(1) ?? "")
        }
    }

    @discardableResult
    public func revokeFamily(_ family: String, now: Int64) throws(AlbumError) -> Bool {
        try write { db throws(AlbumError) in
            let known = try db.queryOne("SELECT 1 FROM auth_tokens WHERE family = ?", [family]) != nil
            try db.run("UPDATE auth_tokens SET revoked_at = ? WHERE family = ? AND revoked_at IS NULL", [now, family])
            return known
        }
    }

    public func isFamilyLive(_ family: String, userId: Int64, now: Int64) throws(AlbumError) -> Bool {
        try read { db throws(AlbumError) in
            try db.queryOne("""
                SELECT 1 FROM auth_tokens WHERE family = ? AND user_id = ? AND revoked_at IS NULL AND expires_at > ? LIMIT 1
                """, [family, userId, now]) != nil
        }
    }
}
