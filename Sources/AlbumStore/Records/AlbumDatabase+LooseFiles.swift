import AlbumModel
import AlbumSeam

/// Files that may be no photo's (`loose_files`, migration speed-looseFiles; issue 22): what a claim
/// wrote before it died or lost its photo, and the content of deleted photos. While a claim holds
/// its photo, what it writes is recorded on the photo's row (`claimed_content`, migration
/// speed-claimedContent) and becomes a `loose_files` row only if the claim ends without
/// committing it. `DownloadStore`'s part on SQLite: one body per method (decision 0075-store).
extension SQLiteLibraryStore {
    /// Records that `claim` is about to write the files of `contentHash` for its photo: on the
    /// photo's row while the claim holds it, else (the photo replaced or removed already) as a
    /// `loose_files` row of the claim.
    public func recordClaimedContent(_ claim: PhotoClaim, contentHash: String) async throws(AlbumError) {
        let (photoId, token) = (claim.photo.id, claim.token)
        try await write { db throws(AlbumError) in
            let held = try db.run("UPDATE photos SET claimed_content = ? WHERE id = ? AND claimed_by = ?", [contentHash, photoId, token])
            if held == 0 {
                try db.run("INSERT INTO loose_files (content_hash, claim, photo_id) VALUES (?, ?, ?)", [contentHash, token, photoId])
            }
        }
    }

    /// The rows whose claim is over (none, or its process gone: `isAlive`), and the content among
    /// them that no photo and no live claim names.
    public func looseFiles(isAlive: @escaping @Sendable (String) -> Bool) async throws(AlbumError) -> LooseFiles {
        try await read { db throws(AlbumError) in
            var over = LooseFiles()
            var overHashes = Set<String>(), liveHashes = Set<String>()
            var alive: [String: Bool] = [:]
            for row in try db.query("SELECT id, content_hash, claim FROM loose_files") {
                guard let id = row.int64("id"), let hash = row.string("content_hash") else { continue }
                if let claim = row.string("claim") {
                    let live = alive[claim] ?? isAlive(claim)
                    alive[claim] = live
                    if live {
                        liveHashes.insert(hash)
                        continue
                    }
                }
                over.ids.append(id)
                overHashes.insert(hash)
            }
            // What claims on photos are writing (`photos_by_claim` finds them): a live claim's
            // content is in use; a dead one's is over (its row is put back by
            // `releaseStaleClaims`, which makes the content a `loose_files` row to forget).
            for row in try db.query(
                "SELECT claimed_content, claimed_by FROM photos WHERE claimed_by IS NOT NULL AND claimed_content IS NOT NULL") {
                guard let hash = row.string("claimed_content"), let claim = row.string("claimed_by") else { continue }
                let live = alive[claim] ?? isAlive(claim)
                alive[claim] = live
                if live { liveHashes.insert(hash) } else { overHashes.insert(hash) }
            }
            for hash in overHashes.subtracting(liveHashes)
            where try db.queryOne("SELECT 1 FROM photos WHERE content_hash = ? LIMIT 1", [hash]) == nil {
                over.unused.insert(hash)
            }
            return over
        }
    }

    /// Deletes `loose_files` rows by id.
    public func forgetLooseFiles(_ ids: [Int64]) async throws(AlbumError) {
        guard !ids.isEmpty else { return }
        try await write { db throws(AlbumError) in
            for id in ids { try db.run("DELETE FROM loose_files WHERE id = ?", [id]) }
        }
    }
}

extension AlbumDatabase {
    /// The end of a claim on `photoId`: its row goes when the photo was stored (the photo names
    /// the content now); otherwise the row stays without a claim, for the next `looseFiles`.
    static func endClaimedContent(_ db: SQL, claim: String?, photoId: Int64, stored: Bool) throws(AlbumError) {
        guard let claim else { return }
        try db.run(stored
            ? "DELETE FROM loose_files WHERE claim = ? AND photo_id = ?"
            : "UPDATE loose_files SET claim = NULL WHERE claim = ? AND photo_id = ?", [claim, photoId])
    }
}
