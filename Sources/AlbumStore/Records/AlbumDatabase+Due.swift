import AlbumModel
import AlbumSeam
import Foundation

/// The due outbox (`PlanStore`'s deliveries on SQLite): one body per method (decision 0075-store).
extension SQLiteLibraryStore {
    /// Finds the reminders due at `planner.now` and claims them, in one `BEGIN IMMEDIATE`
    /// transaction, so two runs at the same moment never take the same reminder.
    ///
    /// Holds left by processes that are gone (`isAlive` false) are dropped first: a reminder held
    /// by a killed run is due again.
    /// - Returns: the deliveries, earliest first.
    public func claimDueReminders(
        _ planner: DuePlanner, claim: DueClaim, isAlive: @escaping @Sendable (String) -> Bool
    ) async throws(AlbumError) -> [DueDelivery] {
        try await write { db throws(AlbumError) in
            let owners = try db.query("SELECT DISTINCT lease_owner FROM reminders WHERE lease_owner IS NOT NULL")
                .compactMap { $0.string(0) }
            for owner in owners where !isAlive(owner) {
                try db.run("UPDATE reminders SET lease_owner = NULL WHERE lease_owner = ?", [owner])
            }
            let candidates = try db.query("""
                SELECT \(AlbumDatabase.reminderColumns) FROM \(AlbumDatabase.reminderFrom)
                WHERE r.due_at IS NOT NULL AND r.due_at <= ? AND r.lease_owner IS NULL AND r.done = 0 AND r.delivered_by IS NULL
                """, [AlbumDatabase.seconds(planner.now)]).map(RowDecoder.reminder)
            let deliveries = planner.plan(candidates)
            for delivery in deliveries {
                switch claim {
                case .deliverNow(let via):
                    _ = try AlbumDatabase.markDelivered(db, delivery, now: planner.now, via: via, owner: nil)
                case .lease(let owner):
                    try db.run("UPDATE reminders SET lease_owner = ? WHERE id = ?", [owner, delivery.reminder.id])
                }
            }
            return deliveries
        }
    }

    /// Marks a held reminder delivered and schedules its next occurrence.
    /// - Returns: false when the hold was lost (the reminder was removed meanwhile).
    @discardableResult
    public func completeDelivery(_ delivery: DueDelivery, owner: String, via: String, now: Date) async throws(AlbumError) -> Bool {
        try await write { db throws(AlbumError) in try AlbumDatabase.markDelivered(db, delivery, now: now, via: via, owner: owner) }
    }

    /// Gives a held reminder back, still due, with the reason its delivery failed.
    public func releaseDelivery(_ delivery: DueDelivery, owner: String, error: String, now: Date) async throws(AlbumError) {
        try await write { db throws(AlbumError) in
            try db.run(
                "UPDATE reminders SET lease_owner = NULL, last_error = ?, updated_at = ? WHERE id = ? AND lease_owner = ?",
                [error, Timestamp.format(now), delivery.reminder.id, owner])
        }
    }
}

extension AlbumDatabase {
    static func markDelivered(_ db: SQL, _ d: DueDelivery, now: Date, via: String, owner: String?) throws(AlbumError) -> Bool {
        let after = d.delivered
        let changed = try db.run("""
            UPDATE reminders SET scheduled_at = ?, snoozed_until = ?, due_at = CASE WHEN done = 1 THEN NULL ELSE ? END,
                deliveries = deliveries + 1, last_delivered_at = ?, last_error = NULL, lease_owner = NULL, updated_at = ?
            WHERE id = ? AND lease_owner IS ?
            """,
            [after.scheduledAt.map(seconds), after.snoozedUntil.map(seconds), after.dueAt.map(seconds), seconds(now),
             Timestamp.format(now), d.reminder.id, owner])
        guard changed == 1 else { return false }
        try db.run("""
            INSERT INTO reminder_deliveries (reminder_id, occurrence_at, delivered_at, late_seconds, missed, via)
            VALUES (?, ?, ?, ?, ?, ?)
            """, [d.reminder.id, seconds(d.occurrence), seconds(now), d.lateSeconds, d.missed, via])
        return true
    }
}
