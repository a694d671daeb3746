import AlbumModel
import AlbumSeam

/// `LookalikeStore` on SQLite (issue 29): perceptual hashes, one body per method (decision 0075-store).
extension SQLiteLibraryStore {
    public func photosWithoutPerceptualHash(afterId: Int64, limit: Int) async throws(AlbumError) -> [PendingThumbnail] {
        try await read { db throws(AlbumError) in
            try db.query("""
                SELECT id, content_hash, file, thumbnail FROM photos INDEXED BY photos_phash_missing
                WHERE phash IS NULL AND id > ? AND state = 'downloaded' AND file IS NOT NULL AND thumbnail IS NOT NULL
                    AND content_hash IS NOT NULL
                ORDER BY id LIMIT ?
                """, [afterId, limit]).compactMap { row in
                guard let id = row.int64(0), let hash = row.string(1), let file = row.string(2), let thumbnail = row.string(3)
                else { return nil }
                return PendingThumbnail(photoId: id, contentHash: hash, file: file, thumbnail: thumbnail)
            }
        }
    }

    public func setPerceptualHashes(_ hashes: [Int64: PerceptualHash]) async throws(AlbumError) {
        guard !hashes.isEmpty else { return }
        try await write { db throws(AlbumError) in
            for (id, hash) in hashes.sorted(by: { $0.key < $1.key }) {
                try db.run("UPDATE photos SET phash = ? WHERE id = ?", [hash.stored, id])
            }
        }
    }

    public func photos(ids: [Int64]) async throws(AlbumError) -> [Photo] {
        guard !ids.isEmpty else { return [] }
        return try await read { db throws(AlbumError) in
            try db.decodeEach(
                "SELECT \(AlbumDatabase.photoColumns) FROM photos WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id",
                ["[" + ids.map { String($0) }.joined(separator: ",") + "]"]
            ) { row throws(AlbumError) in try RowDecoder.photo(row) }
        }
    }

    public func perceptualHashes(pinId: Int64?) async throws(AlbumError) -> [PhotoHash] {
        // The partial index `photos_by_phash` holds every column asked, in id order: a scan of
        // ~30 bytes a photo, not of the table, and no sort. Read by position, no `Row` a photo.
        try await read { db throws(AlbumError) in
            var hashes: [PhotoHash] = []
            try db.forEachStep("""
                SELECT id, pin_id, phash FROM photos INDEXED BY photos_by_phash
                WHERE phash IS NOT NULL AND state = 'downloaded' AND (?1 IS NULL OR pin_id = ?1)
                ORDER BY id
                """, [pinId]) { row in
                guard let id = row.int64(at: 0), let hash = row.int64(at: 2) else { return }
                hashes.append(PhotoHash(photoId: id, pinId: row.int64(at: 1) ?? Photo.unplacedPinId, hash: PerceptualHash(stored: hash)))
            }
            return hashes
        }
    }
}
