#if PostgreSQL
import AlbumModel
import AlbumSeam

/// Share links on PostgreSQL: the same rows and values as `AlbumDatabase+Shares` (SQLite).
extension PostgresStore {
    public func addShareLink(userId: Int64?, pinId: Int64, hash: String, createdAt: Int64, expiresAt: Int64) async throws(AlbumError) -> ShareLink {
        try await write { db throws(AlbumError) in
            guard let row = try await db.queryOne("""
                INSERT INTO share_links (user_id, pin_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)
                RETURNING \(RowDecoder.shareColumns)
                """, [userId, pinId, hash, createdAt, expiresAt]) else { throw .database("\(name): the share link was not stored") }
            return RowDecoder.shareLink(row)
        }
    }

    public func shareLinks(userId: Int64?) async throws(AlbumError) -> [ShareLink] {
        try await read { db throws(AlbumError) in
            try await db.query("SELECT \(RowDecoder.shareColumns) FROM share_links WHERE user_id IS NOT DISTINCT FROM $1 ORDER BY id DESC", [userId])
                .map(RowDecoder.shareLink)
        }
    }

    public func revokeShareLink(id: Int64, userId: Int64?, now: Int64) async throws(AlbumError) -> ShareLink? {
        try await write { db throws(AlbumError) in
            try await db.run("""
                UPDATE share_links SET revoked_at = $1 WHERE id = $2 AND user_id IS NOT DISTINCT FROM $3 AND revoked_at IS NULL
                """, [now, id, userId])
            return try await db.queryOne("SELECT \(RowDecoder.shareColumns) FROM share_links WHERE id = $1 AND user_id IS NOT DISTINCT FROM $2", [id, userId])
                .map(RowDecoder.shareLink)
        }
    }

    public func liveShareLink(hash: String, now: Int64) async throws(AlbumError) -> ShareLink? {
        try await read { db throws(AlbumError) in
            try await db.queryOne("""
                SELECT \(RowDecoder.shareColumns) FROM share_links WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > $2
                """, [hash, now]).map(RowDecoder.shareLink)
        }
    }
}
#endif
