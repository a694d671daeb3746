#if PostgreSQL
import AlbumModel
import AlbumSeam

/// `LookalikeStore` on PostgreSQL (issue 29), as SQLite's `AlbumDatabase+Lookalikes`.
extension PostgresStore {
    public func photosWithoutPerceptualHash(afterId: Int64, limit: Int) async throws(AlbumError) -> [PendingThumbnail] {
        try await read { db throws(AlbumError) in
            try await db.query("""
                SELECT id, content_hash, file, thumbnail FROM photos
                WHERE phash IS NULL AND id > $1 AND state = 'downloaded' AND file IS NOT NULL
                    AND thumbnail IS NOT NULL AND content_hash IS NOT NULL
                ORDER BY id LIMIT $2
                """, [afterId, limit]).compactMap { row in
                guard let id = row.int64(0), let hash = row.string(1), let file = row.string(2), let thumbnail = row.string(3)
                else { return nil }
                return PendingThumbnail(photoId: id, contentHash: hash, file: file, thumbnail: thumbnail)
            }
        }
    }

    public func setPerceptualHashes(_ hashes: [Int64: PerceptualHash]) async throws(AlbumError) {
        guard !hashes.isEmpty else { return }
        let sorted = hashes.sorted { $0.key < $1.key }
        try await write { db throws(AlbumError) in
            try await db.run("""
                UPDATE photos p SET phash = h.phash
                FROM unnest(string_to_array($1, ',')::bigint[], string_to_array($2, ',')::bigint[]) AS h(id, phash)
                WHERE p.id = h.id
                """, [sorted.map { String($0.key) }.joined(separator: ","), sorted.map { String($0.value.stored) }.joined(separator: ",")])
        }
    }

    public func photos(ids: [Int64]) async throws(AlbumError) -> [Photo] {
        guard !ids.isEmpty else { return [] }
        return try await read { db throws(AlbumError) in
            try await Self.decodePhotos(db.query(
                "SELECT \(Self.photoColumns) FROM photos WHERE id = ANY(string_to_array($1, ',')::bigint[]) ORDER BY id",
                [ids.map { String($0) }.joined(separator: ",")]))
        }
    }

    public func perceptualHashes(pinId: Int64?) async throws(AlbumError) -> [PhotoHash] {
        try await read { db throws(AlbumError) in
            try await db.query("""
                SELECT id, pin_id, phash FROM photos
                WHERE phash IS NOT NULL AND state = 'downloaded' AND ($1::bigint IS NULL OR pin_id = $1)
                ORDER BY id
                """, [pinId]).compactMap { row in
                guard let id = row.int64(0), let hash = row.int64(2) else { return nil }
                return PhotoHash(photoId: id, pinId: row.int64(1) ?? Photo.unplacedPinId, hash: PerceptualHash(stored: hash))
            }
        }
    }
}
#endif
