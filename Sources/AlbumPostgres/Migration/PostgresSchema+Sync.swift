/// The change log and idempotency keys of sync (issue 25, decision 0061) on PostgreSQL, as
/// SQLite's `accounts-createSync`. Writers commit in any order here, so a change is numbered
/// (`seq`) not when it is written but by the next pull, under a lock only pulls take
/// (`PostgresStore.changes(after:limit:)`): a change committed after a pull read the log gets a
/// higher number than any that pull returned, so a cursor never skips one, and writers wait for
/// nothing.
extension PostgresSchema {
    /// As SQLite's `Schema.logged`: table, entity, id column, columns whose update is a change.
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
            CREATE TABLE changes (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                seq bigint UNIQUE,
                entity text NOT NULL CHECK (entity IN ('pin', 'photo', 'entry', 'reminder', 'plan')),
                entity_id bigint NOT NULL,
                op text NOT NULL CHECK (op IN ('put', 'remove')),
                at bigint NOT NULL
            );
            CREATE INDEX changes_unnumbered ON changes (id) WHERE seq IS NULL;
            CREATE TABLE client_requests (
                key text PRIMARY KEY,
                fingerprint text NOT NULL,
                status bigint,
                answer text,
                claimed_at bigint NOT NULL
            );
            -- TG_ARGV: the entity, the id column, and for a tag table its parent table (a tag row
            -- removed with its parent is no change of its own; one removed alone puts the parent).
            CREATE FUNCTION album_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
            DECLARE
                row_id bigint;
                op text := 'put';
                alive boolean;
            BEGIN
                IF TG_OP = 'DELETE' THEN
                    row_id := (to_jsonb(OLD) ->> TG_ARGV[1])::bigint;
                    IF TG_ARGV[2] = '' THEN
                        op := 'remove';
                    ELSE
                        EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE id = $1)', TG_ARGV[2]) INTO alive USING row_id;
                        IF NOT alive THEN RETURN NULL; END IF;
                    END IF;
                ELSE
                    row_id := (to_jsonb(NEW) ->> TG_ARGV[1])::bigint;
                END IF;
                INSERT INTO changes (entity, entity_id, op, at) VALUES (TG_ARGV[0], row_id, op, extract(epoch FROM now())::bigint);
                RETURN NULL;
            END $$;

            """
        for t in logged {
            let update = t.columns.map { "UPDATE OF \($0)" } ?? "UPDATE"
            let parent = t.table.hasSuffix("_tags") ? (["photo": "photos", "pin": "pins", "entry": "entries"][t.entity] ?? "") : ""
            sql += """
                CREATE TRIGGER changes_\(t.table) AFTER INSERT OR \(update) OR DELETE ON \(t.table) FOR EACH ROW EXECUTE FUNCTION album_log_change('\(t.entity)', '\(t.id)', '\(parent)');

                """
        }
        for t in logged where !t.table.hasSuffix("_tags") {
            sql += "INSERT INTO changes (entity, entity_id, op, at) SELECT '\(t.entity)', \(t.id), 'put', extract(epoch FROM now())::bigint FROM \(t.table) ORDER BY \(t.id);\n"
        }
        return sql
    }()
}
