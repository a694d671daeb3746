/// The change log and the idempotency keys of issue 25's sync (decision 0061), as the migration
/// `accounts-createSync` makes them; PostgreSQL's `PostgresSchema.syncSQL` makes the same.
extension Schema {
    /// What the change log follows: each table, the entity its rows are (`plan` rows are keyed
    /// by their pin), the id column, and the columns whose update is a change (a photo's lease,
    /// claim and download attempts are work in progress, not changes a client pulls).
    static let logged: [(table: String, entity: String, id: String, columns: String?)] = [
        ("pins", "pin", "id", "latitude, longitude, title, note"),
        ("photos", "photo", "id", "state, pin_id, title, file, thumbnail, taken_at, latitude, longitude"),
        ("entries", "entry", "id", nil),
        ("reminders", "reminder", "id", "pin_id, text, kind, rule, zone, scheduled_at, snoozed_until, done"),
        ("plans", "plan", "pin_id", nil),
        ("photo_tags", "photo", "photo_id", nil),
        ("pin_tags", "pin", "pin_id", nil),
        ("entry_tags", "entry", "entry_id", nil),
    ]

    static let syncSQL: String = {
        var sql = """
            -- What changed in this library (its partition), for clients that pull (issue 25, decision
            -- 0061): one row per change, written by triggers in the changing transaction. On SQLite
            -- one writer at a time: seq order is commit order, so a cursor never skips a change.
            CREATE TABLE changes (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                entity TEXT NOT NULL CHECK (entity IN ('pin', 'photo', 'entry', 'reminder', 'plan')),
                entity_id INTEGER NOT NULL,
                op TEXT NOT NULL CHECK (op IN ('put', 'remove')),
                at INTEGER NOT NULL
            );
            -- Requests made with an Idempotency-Key: the first one's answer, replayed to a retry.
            -- status NULL: the request is being answered (claimed at claimed_at).
            CREATE TABLE client_requests (
                key TEXT PRIMARY KEY,
                fingerprint TEXT NOT NULL,
                status INTEGER,
                answer TEXT,
                claimed_at INTEGER NOT NULL
            ) WITHOUT ROWID;

            """
        for t in logged {
            let name = "changes_\(t.table)"
            // A tag row's removal is its parent's change; an entity's own removal is a remove.
            let removal = t.table.hasSuffix("_tags") ? "put" : "remove"
            // A tag row that goes with its removed parent (a cascade) is no change of its own.
            let parent = ["photo": "photos", "pin": "pins", "entry": "entries"][t.entity] ?? t.table
            let when = t.table.hasSuffix("_tags") ? " WHEN EXISTS (SELECT 1 FROM \(parent) WHERE id = old.\(t.id))" : ""
            sql += """
                CREATE TRIGGER \(name)_insert AFTER INSERT ON \(t.table) BEGIN
                    INSERT INTO changes (entity, entity_id, op, at) VALUES ('\(t.entity)', new.\(t.id), 'put', \(changesNow));
                END;
                \(changesUpdateTrigger(t))
                CREATE TRIGGER \(name)_delete AFTER DELETE ON \(t.table)\(when) BEGIN
                    INSERT INTO changes (entity, entity_id, op, at) VALUES ('\(t.entity)', old.\(t.id), '\(removal)', \(changesNow));
                END;

                """
        }
        // What the library held before the log: one put each, so a first pull from 0 sees everything.
        for t in logged where !t.table.hasSuffix("_tags") {
            sql += "INSERT INTO changes (entity, entity_id, op, at) SELECT '\(t.entity)', \(t.id), 'put', \(changesNow) FROM \(t.table) ORDER BY \(t.id);\n"
        }
        return sql
    }()

    static let changesNow = "CAST(strftime('%s', 'now') AS INTEGER)"

    /// The trigger that logs an update of a logged table's row (of its logged columns) as a put.
    static func changesUpdateTrigger(_ t: (table: String, entity: String, id: String, columns: String?)) -> String {
        let update = t.columns.map { "UPDATE OF \($0)" } ?? "UPDATE"
        return """
            CREATE TRIGGER changes_\(t.table)_update AFTER \(update) ON \(t.table) BEGIN
                INSERT INTO changes (entity, entity_id, op, at) VALUES ('\(t.entity)', new.\(t.id), 'put', \(changesNow));
            END;
            """
    }
}

extension Schema {
    /// `album sync`'s side (decision 0062), in the local library: each server it syncs with
    /// (how far its own change log was taken into the outbox, the server's pull cursor), the id
    /// map (local id ↔ the server's, with the fields as last agreed, for last-writer-wins per
    /// field), the outbox (one row per changed entity, with back-off), and the local writes a
    /// pull made (not sent back).
    static let syncClientSQL = """
        CREATE TABLE sync_servers (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            url TEXT NOT NULL,
            email TEXT NOT NULL,
            taken_seq INTEGER NOT NULL DEFAULT 0,
            pull_cursor INTEGER NOT NULL DEFAULT 0,
            device TEXT NOT NULL,
            UNIQUE (url, email)
        );
        CREATE TABLE sync_ids (
            server_id INTEGER NOT NULL REFERENCES sync_servers(id) ON DELETE CASCADE,
            entity TEXT NOT NULL,
            local_id INTEGER NOT NULL,
            remote_id INTEGER NOT NULL,
            agreed TEXT,
            PRIMARY KEY (server_id, entity, local_id),
            UNIQUE (server_id, entity, remote_id)
        ) WITHOUT ROWID;
        CREATE TABLE sync_outbox (
            server_id INTEGER NOT NULL REFERENCES sync_servers(id) ON DELETE CASCADE,
            entity TEXT NOT NULL,
            local_id INTEGER NOT NULL,
            op TEXT NOT NULL CHECK (op IN ('put', 'remove')),
            seq INTEGER NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            next_attempt_at INTEGER NOT NULL DEFAULT 0,
            last_error TEXT,
            PRIMARY KEY (server_id, entity, local_id)
        ) WITHOUT ROWID;
        CREATE TABLE sync_echoes (
            server_id INTEGER NOT NULL REFERENCES sync_servers(id) ON DELETE CASCADE,
            entity TEXT NOT NULL,
            local_id INTEGER NOT NULL,
            upto_seq INTEGER NOT NULL,
            PRIMARY KEY (server_id, entity, local_id)
        ) WITHOUT ROWID;
        """
}
