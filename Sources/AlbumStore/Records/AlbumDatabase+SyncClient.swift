import AlbumModel

/// A server a local library syncs with (`album sync`, decision 0062).
public struct SyncServerState: Sendable, Hashable {
    public var id: Int64
    public var url: String
    public var email: String
    /// This library's own change log has been taken into the outbox up to here.
    public var takenSeq: Int64
    /// The server's change log has been applied up to here.
    public var pullCursor: Int64
    /// A random name of this library for this server: its idempotency keys start with it.
    public var device: String
}

/// One outbox row: an entity changed here, to send.
public struct OutboxItem: Sendable, Hashable {
    public var entity: String
    public var localId: Int64
    public var op: String
    public var seq: Int64
    public var attempts: Int
    public var nextAttemptAt: Int64
    public var lastError: String?
}

/// `album sync`'s state in a folder library: the servers, the outbox, the id map.
extension AlbumDatabase {
    /// The kinds `album sync` sends and applies (decisions 0062, 0092, 0110).
    public static let syncedEntities = ["pin", "photo", "entry", "plan", "reminder"]

    public func syncServer(url: String, email: String, device: String) throws(AlbumError) -> SyncServerState {
        try write { db throws(AlbumError) in
            try db.run("INSERT INTO sync_servers (url, email, device) VALUES (?, ?, ?) ON CONFLICT (url, email) DO NOTHING", [url, email, device])
            guard let row = try db.queryOne("SELECT id, url, email, taken_seq, pull_cursor, device FROM sync_servers WHERE url = ? AND email = ?", [url, email]) else {
                throw .database("the sync state of \(url) was not stored", subject: .database(path))
            }
            return SyncServerState(id: row.int64(0) ?? 0, url: row.string(1) ?? url, email: row.string(2) ?? email, takenSeq: row.int64(3) ?? 0,
                                   pullCursor: row.int64(4) ?? 0, device: row.string(5) ?? device)
        }
    }

    public func syncServers() throws(AlbumError) -> [SyncServerState] {
        try read { db throws(AlbumError) in
            try db.query("SELECT id, url, email, taken_seq, pull_cursor, device FROM sync_servers ORDER BY id").map { row in
                SyncServerState(id: row.int64(0) ?? 0, url: row.string(1) ?? "", email: row.string(2) ?? "", takenSeq: row.int64(3) ?? 0,
                                pullCursor: row.int64(4) ?? 0, device: row.string(5) ?? "")
            }
        }
    }

    /// Takes this library's changes since the last call into the outbox, in one transaction:
    /// one row per entity (the latest change; a removal stays a removal), leaving out what a
    /// pull wrote here (`sync_echoes`) and the kinds that are not synced.
    /// - Returns: how many changes were taken.
    @discardableResult
    public func takeChanges(serverId: Int64) throws(AlbumError) -> Int {
        try write { db throws(AlbumError) in
            let taken = try db.queryOne("SELECT taken_seq FROM sync_servers WHERE id = ?", [serverId])?.int64(0) ?? 0
            let kinds = Self.syncedEntities.map { "'\($0)'" }.joined(separator: ", ")
            let rows = try db.query("""
                SELECT c.seq, c.entity, c.entity_id, c.op FROM changes c
                WHERE c.seq > ? AND c.entity IN (\(kinds)) AND NOT EXISTS (
                    SELECT 1 FROM sync_echoes e WHERE e.server_id = ? AND e.entity = c.entity AND e.local_id = c.entity_id AND e.upto_seq >= c.seq)
                ORDER BY c.seq
                """, [taken, serverId])
            for row in rows {
                try db.run("""
                    INSERT INTO sync_outbox (server_id, entity, local_id, op, seq) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (server_id, entity, local_id) DO UPDATE SET
                        op = CASE WHEN sync_outbox.op = 'remove' THEN 'remove' ELSE excluded.op END,
                        seq = excluded.seq, attempts = 0, next_attempt_at = 0, last_error = NULL
                    """, [serverId, row.string(1) ?? "", row.int64(2) ?? 0, row.string(3) ?? "put", row.int64(0) ?? 0])
            }
            let top = try db.queryOne("SELECT coalesce(max(seq), 0) FROM changes")?.int64(0) ?? 0
            try db.run("UPDATE sync_servers SET taken_seq = ? WHERE id = ?", [max(top, taken), serverId])
            try db.run("DELETE FROM sync_echoes WHERE server_id = ? AND upto_seq <= ?", [serverId, top])
            return rows.count
        }
    }

    /// The outbox, oldest change first (`due` at `now`: only rows whose back-off is over).
    public func outbox(serverId: Int64, dueAt now: Int64? = nil) throws(AlbumError) -> [OutboxItem] {
        try read { db throws(AlbumError) in
            try db.query("""
                SELECT entity, local_id, op, seq, attempts, next_attempt_at, last_error FROM sync_outbox
                WHERE server_id = ? AND next_attempt_at <= ? ORDER BY seq
                """, [serverId, now ?? Int64.max]).map { row in
                OutboxItem(entity: row.string(0) ?? "", localId: row.int64(1) ?? 0, op: row.string(2) ?? "", seq: row.int64(3) ?? 0,
                           attempts: Int(row.int64(4) ?? 0), nextAttemptAt: row.int64(5) ?? 0, lastError: row.string(6))
            }
        }
    }

    /// The item was sent (or needs no sending): gone from the outbox, unless it changed again meanwhile.
    public func outboxSent(serverId: Int64, _ item: OutboxItem) throws(AlbumError) {
        try write { db throws(AlbumError) in
            try db.run("DELETE FROM sync_outbox WHERE server_id = ? AND entity = ? AND local_id = ? AND seq = ?",
                       [serverId, item.entity, item.localId, item.seq])
        }
    }

    /// The item failed: its error, one more attempt, and when to try again.
    public func outboxFailed(serverId: Int64, _ item: OutboxItem, error: String, retryAt: Int64) throws(AlbumError) {
        try write { db throws(AlbumError) in
            try db.run("""
                UPDATE sync_outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?
                WHERE server_id = ? AND entity = ? AND local_id = ?
                """, [error, retryAt, serverId, item.entity, item.localId])
        }
    }

    /// The server's id of a local entity, with the fields as last agreed.
    public func remoteId(serverId: Int64, entity: String, localId: Int64) throws(AlbumError) -> (id: Int64, agreed: String?)? {
        try read { db throws(AlbumError) in
            try db.queryOne("SELECT remote_id, agreed FROM sync_ids WHERE server_id = ? AND entity = ? AND local_id = ?", [serverId, entity, localId])
                .map { ($0.int64(0) ?? 0, $0.string(1)) }
        }
    }

    /// The local id of a server's entity, with the fields as last agreed.
    public func localId(serverId: Int64, entity: String, remoteId: Int64) throws(AlbumError) -> (id: Int64, agreed: String?)? {
        try read { db throws(AlbumError) in
            try db.queryOne("SELECT local_id, agreed FROM sync_ids WHERE server_id = ? AND entity = ? AND remote_id = ?", [serverId, entity, remoteId])
                .map { ($0.int64(0) ?? 0, $0.string(1)) }
        }
    }

    public func mapIds(serverId: Int64, entity: String, localId: Int64, remoteId: Int64, agreed: String?) throws(AlbumError) {
        try write { db throws(AlbumError) in
            try db.run("DELETE FROM sync_ids WHERE server_id = ? AND entity = ? AND (local_id = ? OR remote_id = ?)", [serverId, entity, localId, remoteId])
            try db.run("INSERT INTO sync_ids (server_id, entity, local_id, remote_id, agreed) VALUES (?, ?, ?, ?, ?)",
                       [serverId, entity, localId, remoteId, agreed])
        }
    }

    public func unmapIds(serverId: Int64, entity: String, localId: Int64) throws(AlbumError) {
        try write { db throws(AlbumError) in
            try db.run("DELETE FROM sync_ids WHERE server_id = ? AND entity = ? AND local_id = ?", [serverId, entity, localId])
        }
    }

    /// A pull wrote this local entity: its changes up to now are not sent back.
    public func noteEcho(serverId: Int64, entity: String, localId: Int64) throws(AlbumError) {
        try write { db throws(AlbumError) in
            let top = try db.queryOne("SELECT coalesce(max(seq), 0) FROM changes")?.int64(0) ?? 0
            try db.run("""
                INSERT INTO sync_echoes (server_id, entity, local_id, upto_seq) VALUES (?, ?, ?, ?)
                ON CONFLICT (server_id, entity, local_id) DO UPDATE SET upto_seq = excluded.upto_seq
                """, [serverId, entity, localId, top])
        }
    }

    public func setPullCursor(serverId: Int64, _ cursor: Int64) throws(AlbumError) {
        try write { db throws(AlbumError) in try db.run("UPDATE sync_servers SET pull_cursor = ? WHERE id = ?", [cursor, serverId]) }
    }
}
