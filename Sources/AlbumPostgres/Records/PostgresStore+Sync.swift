#if PostgreSQL
import AlbumModel
import AlbumSeam

/// The change log and idempotency keys (`SyncStore`, decision 0061) on PostgreSQL.
extension PostgresStore {
    /// A week: how long a key's answer is replayed.
    static let requestMemorySeconds: Int64 = 7 * 86_400

    public func claimRequest(key: String, fingerprint: String, now: Int64, staleAfter: Int64) async throws(AlbumError) -> RequestClaim {
        try await write { db throws(AlbumError) in
            // Two servers claiming one key at once: the insert lets one through, the other reads its row.
            if try await db.queryOne("""
                INSERT INTO client_requests (key, fingerprint, claimed_at) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING RETURNING key
                """, [key, fingerprint, now]) != nil
            {
                try await db.run("DELETE FROM client_requests WHERE claimed_at < $1", [now - Self.requestMemorySeconds])
                return .claimed
            }
            guard let row = try await db.queryOne(
                "SELECT fingerprint, status, answer, claimed_at FROM client_requests WHERE key = $1 FOR UPDATE", [key])
            else { return .inProgress }
            let used = row.string("fingerprint") ?? ""
            guard used == fingerprint else { return .otherRequest(used) }
            if let status = row.int64("status") { return .answered(status: Int(status), answer: row.string("answer") ?? "") }
            guard (row.int64("claimed_at") ?? 0) < now - staleAfter else { return .inProgress }
            try await db.run("UPDATE client_requests SET claimed_at = $1 WHERE key = $2", [now, key])
            return .claimed
        }
    }

    public func finishRequest(key: String, status: Int, answer: String) async throws(AlbumError) {
        try await write { db throws(AlbumError) in
            try await db.run("UPDATE client_requests SET status = $1, answer = $2 WHERE key = $3", [Int64(status), answer, key])
        }
    }

    public func releaseRequest(key: String) async throws(AlbumError) {
        try await write { db throws(AlbumError) in
            try await db.run("DELETE FROM client_requests WHERE key = $1 AND status IS NULL", [key])
        }
    }

    /// Two servers adding one client id at once: the insert lets one through, the other reads its pin.
    public func addPin(at coordinate: Coordinate, title: String?, note: String?, clientId: String) async throws(AlbumError) -> (pin: Pin, created: Bool) {
        try await write { db throws(AlbumError) in
            let now = Timestamp.now()
            let made = try await db.queryOne("""
                INSERT INTO pins (latitude, longitude, title, note, client_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
                ON CONFLICT (client_id) WHERE client_id IS NOT NULL DO NOTHING RETURNING id
                """, [coordinate.latitude, coordinate.longitude, title, note, clientId, now, now])?.int64(0)
            var id = made
            if id == nil { id = try await db.queryOne("SELECT id FROM pins WHERE client_id = $1", [clientId])?.int64(0) }
            guard let id, let pin = try await Self.fetchPin(db, id: id) else { throw .database("\(db.store.name): the pin of client id \(clientId) vanished") }
            return (pin, made != nil)
        }
    }

    /// Numbers the changes committed since the last pull (after every number given so far, under
    /// a lock only pulls take), then reads after the cursor.
    public func changes(after seq: Int64, limit: Int) async throws(AlbumError) -> [ChangeRecord] {
        try await write { db throws(AlbumError) in
            try await db.run("SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.changes'))")
            try await db.run("""
                WITH pending AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM changes WHERE seq IS NULL),
                     base AS (SELECT coalesce(max(seq), 0) AS top FROM changes)
                UPDATE changes SET seq = base.top + pending.n FROM pending, base WHERE changes.id = pending.id
                """)
            return try await db.query(
                "SELECT seq, entity, entity_id, op, at FROM changes WHERE seq > $1 ORDER BY seq LIMIT $2", [seq, Int64(limit)]
            ).map { row in
                ChangeRecord(seq: row.int64("seq") ?? 0, entity: row.string("entity") ?? "", entityId: row.int64("entity_id") ?? 0,
                             op: row.string("op") ?? "", at: row.int64("at") ?? 0)
            }
        }
    }
}
#endif
