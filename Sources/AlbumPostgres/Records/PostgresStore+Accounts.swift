#if PostgreSQL
import AlbumModel
import AlbumSeam
import Foundation

/// Users and their long-lived tokens on PostgreSQL: the same rows and values as
/// `AlbumDatabase+Accounts` (SQLite).
extension PostgresStore {
    private static let userColumns = "id, email, password_hash, is_admin, created_at"

    private static func decodeUser(_ row: Row) -> UserAccount {
        UserAccount(
            id: row.int64("id") ?? 0, email: row.string("email") ?? "", isAdmin: row.bool("is_admin") ?? false,
            passwordHash: row.string("password_hash") ?? "", createdAt: row.string("created_at") ?? "")
    }

    public func addUser(email: String, passwordHash: String, isAdmin: Bool) async throws(AlbumError) -> UserAccount {
        try await write { db throws(AlbumError) in
            guard let row = try await db.queryOne("""
                INSERT INTO users (email, password_hash, is_admin, created_at) VALUES ($1, $2, $3, $4)
                ON CONFLICT (email) DO NOTHING RETURNING \(Self.userColumns)
                """, [email, passwordHash, isAdmin, Timestamp.now()])
            else { throw .invalidInput("a user \(email) exists already") }
            return Self.decodeUser(row)
        }
    }

    public func users() async throws(AlbumError) -> [UserAccount] {
        try await read { db throws(AlbumError) in
            try await db.query("SELECT \(Self.userColumns) FROM users ORDER BY id").map(Self.decodeUser)
        }
    }

    public func user(email: String) async throws(AlbumError) -> UserAccount? {
        try await read { db throws(AlbumError) in
            try await db.queryOne("SELECT \(Self.userColumns) FROM users WHERE email = $1", [email]).map(Self.decodeUser)
        }
    }

    public func user(id: Int64) async throws(AlbumError) -> UserAccount? {
        try await read { db throws(AlbumError) in
            try await db.queryOne("SELECT \(Self.userColumns) FROM users WHERE id = $1", [id]).map(Self.decodeUser)
        }
    }

    public func removeUser(id: Int64) async throws(AlbumError) {
        try await write { db throws(AlbumError) in
            try await db.run("DELETE FROM auth_tokens WHERE user_id = $1", [id])
            try await db.run("DELETE FROM users WHERE id = $1", [id])
        }
    }

    public func setPasswordHash(userId: Int64, hash: String, now: Int64) async throws(AlbumError) {
        try await write { db throws(AlbumError) in
            try await db.run("UPDATE users SET password_hash = $1 WHERE id = $2", [hash, userId])
            try await db.run("UPDATE auth_tokens SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL", [now, userId])
        }
    }

    public func storeToken(_ token: NewAuthToken) async throws(AlbumError) {
        try await write { db throws(AlbumError) in try await Self.insert(token, db) }
    }

    private static func insert(_ token: NewAuthToken, _ db: Session) async throws(AlbumError) {
        try await db.run("""
            INSERT INTO auth_tokens (user_id, family, token_hash, kind, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)
            """, [token.userId, token.family, token.hash, token.kind.rawValue, token.createdAt, token.expiresAt])
    }

    public func rotateToken(hash: String, replacementHash: String, expiresAt: Int64, now: Int64) async throws(AlbumError) -> TokenRotation {
        try await write { db throws(AlbumError) in
            // FOR UPDATE: of two uses of one token at once, the second waits and sees it spent.
            guard let row = try await db.queryOne("""
                SELECT user_id, family, expires_at, spent_at, revoked_at FROM auth_tokens
                WHERE token_hash = $1 AND kind = 'refresh' FOR UPDATE
                """, [hash]) else { return .invalid }
            let userId = row.int64("user_id") ?? 0, family = row.string("family") ?? ""
            if row.int64("revoked_at") != nil { return .invalid }
            if row.int64("spent_at") != nil {
                try await db.run("UPDATE auth_tokens SET revoked_at = $1 WHERE family = $2 AND revoked_at IS NULL", [now, family])
                return .reused(family: family)
            }
            guard (row.int64("expires_at") ?? 0) > now else { return .invalid }
            try await db.run("UPDATE auth_tokens SET spent_at = $1 WHERE token_hash = $2", [now, hash])
            try await Self.insert(NewAuthToken(
                userId: userId, family: family, hash: replacementHash, kind: .refresh, createdAt: now, expiresAt: expiresAt), db)
            return .rotated(userId: userId, family: family)
        }
    }

    public func liveToken(hash: String, kind: AuthTokenKind, now: Int64) async throws(AlbumError) -> (userId: Int64, family: String)? {
        try await read { db throws(AlbumError) -> (userId: Int64, family: String)? in
            guard let row = try await db.queryOne("""
                SELECT user_id, family FROM auth_tokens
                WHERE token_hash = $1 AND kind = $2 AND spent_at IS NULL AND revoked_at IS NULL AND expires_at > $3
                """, [hash, kind.rawValue, now]) else { return nil }
            return (row.int64("user_id") ?? 0, row.string("family") ?? "")
        }
    }

    @discardableResult
    public func revokeFamily(_ family: String, now: Int64) async throws(AlbumError) -> Bool {
        try await write { db throws(AlbumError) in
            let known = try await db.queryOne("SELECT 1 FROM auth_tokens WHERE family = $1 LIMIT 1", [family]) != nil
            try await db.run("UPDATE auth_tokens SET revoked_at = $1 WHERE family = $2 AND revoked_at IS NULL", [now, family])
            return known
        }
    }

    public func isFamilyLive(_ family: String, userId: Int64, now: Int64) async throws(AlbumError) -> Bool {
        try await read { db throws(AlbumError) in
            try await db.queryOne("""
                SELECT 1 FROM auth_tokens WHERE family = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > $3 LIMIT 1
                """, [family, userId, now]) != nil
        }
    }
}
#endif

#if PostgreSQL
extension PostgresStore {
    /// Starts every id sequence of a new partition's schema at `first` (decision 0046); a
    /// sequence already used keeps its place, so calling this again changes nothing.
    public func startIds(at first: Int64) async throws(AlbumError) {
        try await write { db throws(AlbumError) in
            let sequences = try await db.query("""
                SELECT s.schemaname || '.' || s.sequencename FROM pg_sequences s
                WHERE s.schemaname = current_schema() AND s.last_value IS NULL
                """).compactMap { $0.string(0) }
            for sequence in sequences {
                try await db.run("SELECT setval($1::regclass, $2, false)", [sequence, first])
            }
        }
    }
}
#endif
