#if PostgreSQL
import AlbumModel
import AlbumSeam
import Foundation

/// Reminders on PostgreSQL: the same rows and values as `AlbumDatabase+Reminders` (SQLite);
/// instants are unix seconds (UTC); rows are read by name by `RowDecoder.reminder`, as SQLite's.
extension PostgresStore {
    static let reminderColumns = """
        r.id, r.pin_id, p.title AS pin_title, r.text, r.kind, r.rule, r.zone, r.zone_source, r.scheduled_at,
        r.snoozed_until, r.done::int AS done, r.deliveries, r.last_delivered_at, r.last_error, r.created_at, r.delivered_by
        """
    static let reminderFrom = "reminders r LEFT JOIN pins p ON p.id = r.pin_id"

    /// Stores a new reminder; one with a `clientId` stored before is answered, nothing stored
    /// again (decision 0110; two servers adding one at once: the insert lets one through).
    /// - Throws: `AlbumError.notFound` naming an unknown pin.
    public func addReminder(_ new: NewReminderRecord, now: Date) async throws(AlbumError) -> Reminder {
        try await write { db throws(AlbumError) in
            if let clientId = new.clientId, let id = try await db.queryOne("SELECT id FROM reminders WHERE client_id = $1", [clientId])?.int64(0) {
                return try await Self.requireReminder(db, id: id, in: name)
            }
            if let pinId = new.pinId, try await db.queryOne("SELECT 1 FROM pins WHERE id = $1 FOR SHARE", [pinId]) == nil {
                throw .noPin(pinId, in: name)
            }
            let stamp = Timestamp.format(now)
            let scheduled = new.scheduledAt.map(Self.seconds)
            var id = try await db.queryOne("""
                INSERT INTO reminders (pin_id, text, kind, rule, zone, zone_source, scheduled_at, due_at, created_at, updated_at, client_id, delivered_by)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $8, $9, $10)
                ON CONFLICT (client_id) WHERE client_id IS NOT NULL DO NOTHING RETURNING id
                """,
                [new.pinId, new.text, new.rule.kind, new.rule.text, new.zone, new.zoneSource.rawValue, scheduled, stamp, new.clientId, new.deliveredBy])?.int64(0)
            if id == nil, let clientId = new.clientId { id = try await db.queryOne("SELECT id FROM reminders WHERE client_id = $1", [clientId])?.int64(0) }
            guard let id else { throw .database("\(name): a new reminder vanished after insert") }
            return try await Self.requireReminder(db, id: id, in: name)
        }
    }

    /// Every reminder, next due first, then done ones by id.
    public func reminders() async throws(AlbumError) -> [Reminder] {
        try await read { db throws(AlbumError) in
            var reminders: [Reminder] = []
            for row in try await db.query(
                "SELECT \(Self.reminderColumns) FROM \(Self.reminderFrom) ORDER BY r.due_at IS NULL, r.due_at, r.id")
            {
                reminders.append(try RowDecoder.reminder(row))
            }
            return reminders
        }
    }

    /// The reminder with this id. - Throws: `AlbumError.notFound` naming the id.
    public func reminder(id: Int64) async throws(AlbumError) -> Reminder {
        try await read { db throws(AlbumError) in try await Self.requireReminder(db, id: id, in: name) }
    }

    /// Deletes a reminder with its delivery history. - Throws: `AlbumError.notFound` naming the id.
    public func removeReminder(id: Int64) async throws(AlbumError) -> Reminder {
        try await write { db throws(AlbumError) in
            let reminder = try await Self.requireReminder(db, id: id, in: name, lock: true)
            try await db.run("DELETE FROM reminders WHERE id = $1", [id])
            return reminder
        }
    }

    /// Reads a reminder (locked), changes it with `change` and stores its new times, in one transaction.
    public func updateReminder(
        id: Int64, now: Date, _ change: @escaping @Sendable (Reminder) throws(AlbumError) -> Reminder
    ) async throws(AlbumError) -> Reminder {
        try await write { db throws(AlbumError) in
            let updated = try change(try await Self.requireReminder(db, id: id, in: name, lock: true))
            try await db.run("""
                UPDATE reminders SET scheduled_at = $1, snoozed_until = $2, due_at = $3, done = $4, updated_at = $5, delivered_by = $7 WHERE id = $6
                """,
                [updated.scheduledAt.map(Self.seconds), updated.snoozedUntil.map(Self.seconds), updated.dueAt.map(Self.seconds),
                 updated.isDone, Timestamp.format(now), id, updated.deliveredBy])
            return try await Self.requireReminder(db, id: id, in: name)
        }
    }

    /// How many times each reminder was delivered, from the delivery log.
    public func deliveryCounts() async throws(AlbumError) -> [Int64: Int] {
        try await read { db throws(AlbumError) in
            var counts: [Int64: Int] = [:]
            for row in try await db.query("SELECT reminder_id, count(*) AS deliveries FROM reminder_deliveries GROUP BY reminder_id") {
                if let id = row.int64("reminder_id") { counts[id] = row.int("deliveries") ?? 0 }
            }
            return counts
        }
    }

    static func requireReminder(_ db: Session, id: Int64, in name: String, lock: Bool = false) async throws(AlbumError) -> Reminder {
        let sql = "SELECT \(reminderColumns) FROM \(reminderFrom) WHERE r.id = $1" + (lock ? " FOR UPDATE OF r" : "")
        guard let row = try await db.queryOne(sql, [id]) else { throw .noReminder(id, in: name) }
        return try RowDecoder.reminder(row)
    }

    /// Instants are stored as whole unix seconds (UTC), as in SQLite.
    static func seconds(_ date: Date) -> Int64 { ReminderRecord.seconds(date) }
}
#endif
