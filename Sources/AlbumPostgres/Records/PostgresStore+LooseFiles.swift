#if PostgreSQL
import AlbumModel
import AlbumSeam

/// Files that may be no photo's (`loose_files`, migration speed-looseFiles; issue 22), as on SQLite:
/// a claim is live while its photo is `downloading` under this claim's lease and the lease holds.
extension PostgresStore {
    public func recordClaimedContent(_ claim: PhotoClaim, contentHash: String) async throws(AlbumError) {
        try await write { db throws(AlbumError) in
            try await db.run("INSERT INTO loose_files (content_hash, claim, photo_id) VALUES ($1, $2, $3)",
                             [contentHash, workerID, claim.photo.id])
        }
    }

    /// The end of a claim on `photoId`: its row goes when the photo was stored; otherwise the row
    /// stays without a claim, for the next `looseFiles`.
    static func endClaimedContent(_ db: Session, claim: String, photoId: Int64, stored: Bool) async throws(AlbumError) {
        try await db.run(stored
            ? "DELETE FROM loose_files WHERE claim = $1 AND photo_id = $2"
            : "UPDATE loose_files SET claim = NULL WHERE claim = $1 AND photo_id = $2", [claim, photoId])
    }

    /// Rows whose claim is over: none, or no live lease of that claim on the photo.
    public func looseFiles(isAlive: @escaping @Sendable (String) -> Bool) async throws(AlbumError) -> LooseFiles {
        try await read { db throws(AlbumError) in
            let rows = try await db.query("""
                SELECT l.id, l.content_hash FROM loose_files l
                WHERE l.claim IS NULL OR NOT EXISTS (
                    SELECT 1 FROM photos p WHERE p.id = l.photo_id AND p.state = 'downloading'
                        AND p.lease_owner = l.claim AND p.lease_until >= now())
                """)
            guard !rows.isEmpty else { return LooseFiles() }
            let ids = rows.compactMap { $0.int64("id") }
            let hashes = Set(rows.compactMap { $0.string("content_hash") })
            let named = try await db.query("""
                SELECT DISTINCT h FROM unnest(string_to_array($1, ',')) AS h
                WHERE EXISTS (SELECT 1 FROM photos p WHERE p.content_hash = h)
                    OR EXISTS (SELECT 1 FROM loose_files l JOIN photos p ON p.id = l.photo_id
                               WHERE l.content_hash = h AND l.claim IS NOT NULL AND p.state = 'downloading'
                                   AND p.lease_owner = l.claim AND p.lease_until >= now())
                """, [hashes.sorted().joined(separator: ",")])
            return LooseFiles(ids: ids, unused: hashes.subtracting(named.compactMap { $0.string(0) }))
        }
    }

    public func forgetLooseFiles(_ ids: [Int64]) async throws(AlbumError) {
        guard !ids.isEmpty else { return }
        try await write { db throws(AlbumError) in
            try await db.run("DELETE FROM loose_files WHERE id = ANY(string_to_array($1, ',')::bigint[])",
                             [ids.map(String.init).joined(separator: ",")])
        }
    }
}
#endif
