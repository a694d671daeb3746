import AlbumModel
import AlbumSeam

/// The change log and idempotency keys (`SyncStore` on SQLite, decision 0061): each method is
/// the one body of its query (decision 0075-store).
extension SQLiteLibraryStore {
    public func claimRequest(key: String, fingerprint: String, now: Int64, staleAfter: Int64) async throws(AlbumError) -> RequestClaim {
        try await write { db throws(AlbumError) in
            guard let row = try db.queryOne("SELECT fingerprint, status, answer, claimed_at FROM client_requests WHERE key = ?", [key]) else {
                try db.run("DELETE FROM client_requests WHERE claimed_at < ?", [now - AlbumDatabase.requestMemorySeconds])
                try db.run("INSERT INTO client_requests (key, fingerprint, claimed_at) VALUES (?, ?, ?)", [key, fingerprint, now])
                return .claimed
            }
            let used = row.string("fingerprint") ?? ""
            guard used == fingerprint else { return .otherRequest(used) }
            if let status = row.int64("status") { return .answered(status: Int(status), answer: row.string("answer") ?? "") }
            guard (row.int64("claimed_at") ?? 0) < now - staleAfter else { return .inProgress }
            try db.run("UPDATE client_requests SET claimed_at = ? WHERE key = ?", [now, key])
            return .claimed
        }
    }

    public func finishRequest(key: String, status: Int, answer: String) async throws(AlbumError) {
        try await write { db throws(AlbumError) in
            try db.run("UPDATE client_requests SET status = ?, answer = ? WHERE key = ?", [Int64(status), answer, key])
        }
    }

    public func releaseRequest(key: String) async throws(AlbumError) {
        try await write { db throws(AlbumError) in
            try db.run("DELETE FROM client_requests WHERE key = ? AND status IS NULL", [key])
        }
    }

    public func addPin(at coordinate: Coordinate, title: String?, note: String?, clientId: String) async throws(AlbumError) -> (pin: Pin, created: Bool) {
        try await write { db throws(AlbumError) in
            if let id = try db.queryOne("SELECT id FROM pins WHERE client_id = ?", [clientId])?.int64("id"), let pin = try AlbumDatabase.fetchPin(db, id: id) {
                return (pin, false)
            }
            let now = Timestamp.now()
            try db.run(
                "INSERT INTO pins (latitude, longitude, title, note, client_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [coordinate.latitude, coordinate.longitude, title, note, clientId, now, now])
            let id = db.lastInsertRowID
            guard let pin = try AlbumDatabase.fetchPin(db, id: id) else { throw .database("pin \(id) vanished after insert") }
            return (pin, true)
        }
    }

    /// One writer at a time: rows are numbered in commit order as they are written.
    public func changes(after seq: Int64, limit: Int) async throws(AlbumError) -> [ChangeRecord] {
        try await read { db throws(AlbumError) in
            try db.query("SELECT seq, entity, entity_id, op, at FROM changes WHERE seq > ? ORDER BY seq LIMIT ?", [seq, Int64(limit)]).map { row in
                ChangeRecord(seq: row.int64("seq") ?? 0, entity: row.string("entity") ?? "", entityId: row.int64("entity_id") ?? 0,
                             op: row.string("op") ?? "", at: row.int64("at") ?? 0)
            }
        }
    }
}

extension AlbumDatabase {
    /// A week: how long a key's answer is replayed.
    static let requestMemorySeconds: Int64 = 7 * 86_400
}
