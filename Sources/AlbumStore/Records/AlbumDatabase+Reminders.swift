import AlbumModel
import AlbumSeam
import Foundation

/// Reminders (`PlanStore`'s reminders on SQLite): one body per method (decision 0075-store).
extension SQLiteLibraryStore {
    /// Stores a new reminder; one with a `clientId` stored before is answered, nothing stored
    /// again (decision 0110: a sync client's retry after a lost answer).
    /// - Throws: `AlbumError.notFound` naming an unknown pin.
    public func addReminder(_ new: NewReminderRecord, now: Date) async throws(AlbumError) -> Reminder {
        try await write { db throws(AlbumError) in
            if let clientId = new.clientId, let id = try db.queryOne("SELECT id FROM reminders WHERE client_id = ?", [clientId])?.int64(0) {
                return try AlbumDatabase.requireReminder(db, id: id, path: path)
            }
            if let pinId = new.pinId, try AlbumDatabase.fetchPin(db, id: pinId) == nil {
                throw .noPin(pinId, in: path)
            }
            let stamp = Timestamp.format(now)
            try db.run("""
                INSERT INTO reminders (pin_id, text, kind, rule, zone, zone_source, scheduled_at, due_at, created_at, updated_at, client_id, delivered_by)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [new.pinId, new.text, new.rule.kind, new.rule.text, new.zone, new.zoneSource.rawValue,
                 new.scheduledAt.map(AlbumDatabase.seconds), new.scheduledAt.map(AlbumDatabase.seconds), stamp, stamp, new.clientId, new.deliveredBy])
            return try AlbumDatabase.requireReminder(db, id: db.lastInsertRowID, path: path)
        }
    }

    /// Every reminder, next due first, then done ones by id.
    public func reminders() async throws(AlbumError) -> [Reminder] {
        try await read { db throws(AlbumError) in
            try db.query("SELECT \(AlbumDatabase.reminderColumns) FROM \(AlbumDatabase.reminderFrom) ORDER BY r.due_at IS NULL, r.due_at, r.id")
                .map(RowDecoder.reminder)
        }
    }

    /// The reminder with this id.
    /// - Throws: `AlbumError.notFound` naming the id.
    public func reminder(id: Int64) async throws(AlbumError) -> Reminder {
        try await read { db throws(AlbumError) in try AlbumDatabase.requireReminder(db, id: id, path: path) }
    }

    /// Deletes a reminder with its delivery history.
    /// - Throws: `AlbumError.notFound` naming the id.
    @discardableResult
    public func removeReminder(id: Int64) async throws(AlbumError) -> Reminder {
        try await write { db throws(AlbumError) in
            let reminder = try AlbumDatabase.requireReminder(db, id: id, path: path)
            try db.run("DELETE FROM reminders WHERE id = ?", [id])
            return reminder
        }
    }

    /// Reads a reminder, changes it with `change` (a pure function: done, snooze, which library
    /// delivers it), and stores its new times and deliverer, in one transaction.
    /// - Throws: `AlbumError.notFound` naming the id, or what `change` throws.
    public func updateReminder(
        id: Int64, now: Date, _ change: @escaping @Sendable (Reminder) throws(AlbumError) -> Reminder
    ) async throws(AlbumError) -> Reminder {
        try await write { db throws(AlbumError) in
            let updated = try change(try AlbumDatabase.requireReminder(db, id: id, path: path))
            try db.run("""
                UPDATE reminders SET scheduled_at = ?, snoozed_until = ?, due_at = ?, done = ?, updated_at = ?, delivered_by = ? WHERE id = ?
                """,
                [updated.scheduledAt.map(AlbumDatabase.seconds), updated.snoozedUntil.map(AlbumDatabase.seconds), updated.dueAt.map(AlbumDatabase.seconds),
                 updated.isDone, Timestamp.format(now), updated.deliveredBy, id])
            return try AlbumDatabase.requireReminder(db, id: id, path: path)
        }
    }

    /// How many times each reminder was delivered, from the delivery log (for checks and tests).
    public func deliveryCounts() async throws(AlbumError) -> [Int64: Int] {
        try await read { db throws(AlbumError) in
            var counts: [Int64: Int] = [:]
            for row in try db.query("SELECT reminder_id, count(*) FROM reminder_deliveries GROUP BY reminder_id") {
                if let id = row.int64(0) { counts[id] = row.int(1) ?? 0 }
            }
            return counts
        }
    }
}

extension AlbumDatabase {
    static let reminderColumns = """
        r.id, r.pin_id, p.title AS pin_title, r.text, r.kind, r.rule, r.zone, r.zone_source, r.scheduled_at,
        r.snoozed_until, r.done, r.deliveries, r.last_delivered_at, r.last_error, r.created_at, r.delivered_by
        """
    static let reminderFrom = "reminders r LEFT JOIN pins p ON p.id = r.pin_id"

    static func requireReminder(_ db: SQL, id: Int64, path: String) throws(AlbumError) -> Reminder {
        guard let row = try db.queryOne("SELECT \(reminderColumns) FROM \(reminderFrom) WHERE r.id = ?", [id]) else {
            throw .noReminder(id, in: path)
        }
        return try RowDecoder.reminder(row)
    }

    /// Instants are stored as whole unix seconds (UTC).
    static func seconds(_ date: Date) -> Int64 { ReminderRecord.seconds(date) }
}
