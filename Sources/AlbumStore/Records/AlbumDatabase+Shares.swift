import AlbumModel
import AlbumSeam

/// Share links (`AccountStore` on SQLite, decision 0047): each method is the one body of its query
/// (decision 0075-store).
extension SQLiteLibraryStore {
    public func addShareLink(userId: Int64?, pinId: Int64, hash: String, createdAt: Int64, expiresAt: Int64) async throws(AlbumError) -> ShareLink {
        try await write { db throws(AlbumError) in
            try db.run("""
                INSERT INTO share_links (user_id, pin_id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?)
                """, [userId, pinId, hash, createdAt, expiresAt])
            return ShareLink(id: db.lastInsertRowID, userId: userId, pinId: pinId, createdAt: createdAt, expiresAt: expiresAt, revokedAt: nil)
        }
    }

    public func shareLinks(userId: Int64?) async throws(AlbumError) -> [ShareLink] {
        try await read { db throws(AlbumError) in
            try db.query("SELECT \(RowDecoder.shareColumns) FROM share_links WHERE user_id IS ? ORDER BY id DESC", [userId]).map(RowDecoder.shareLink)
        }
    }

    public func revokeShareLink(id: Int64, userId: Int64?, now: Int64) async throws(AlbumError) -> ShareLink? {
        try await write { db throws(AlbumError) in
            try db.run("UPDATE share_links SET revoked_at = ? WHERE id = ? AND user_id IS ? AND revoked_at IS NULL", [now, id, userId])
            return try db.queryOne("SELECT \(RowDecoder.shareColumns) FROM share_links WHERE id = ? AND user_id IS ?", [id, userId]).map(RowDecoder.shareLink)
        }
    }

    public func liveShareLink(hash: String, now: Int64) async throws(AlbumError) -> ShareLink? {
        try await read { db throws(AlbumError) in
            try db.queryOne("""
                SELECT \(RowDecoder.shareColumns) FROM share_links WHERE token_hash = ? AND revoked_at IS NULL AND expires_at > ?
                """, [hash, now]).map(RowDecoder.shareLink)
        }
    }
}
