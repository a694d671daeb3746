#if PostgreSQL
import AlbumModel
import AlbumSeam
import Foundation

/// `album due` on PostgreSQL: the reminders due are an outbox that any number of `album due`
/// processes, on any machine, work through. A run takes the due rows with
/// `SELECT … FOR UPDATE SKIP LOCKED` in one short transaction: rows another run holds (locked,
/// or leased and the lease still running) are passed over, so each occurrence is delivered by
/// one run only. Printing marks them delivered in that transaction (exactly once in the
/// library); `--exec`/`--notify` lease them to this process (`workerID`, not the caller's
/// process token, which means nothing on another machine) until the command's outcome is
/// recorded; a killed run's lease runs out and the next run delivers them again (at least once
/// to commands, as on SQLite).
extension PostgresStore {
    /// Claims the reminders due at `planner.now` (see `PlanStore.claimDueReminders`).
    /// `isAlive` and the `.lease` owner are not used: leases here are by time, held by `workerID`.
    public func claimDueReminders(
        _ planner: DuePlanner, claim: DueClaim, isAlive: @escaping @Sendable (String) -> Bool
    ) async throws(AlbumError) -> [DueDelivery] {
        try await write { db throws(AlbumError) in
            var candidates: [Reminder] = []
            for row in try await db.query("""
                SELECT \(Self.reminderColumns) FROM \(Self.reminderFrom)
                WHERE r.due_at IS NOT NULL AND r.due_at <= $1 AND NOT r.done AND r.delivered_by IS NULL
                    AND (r.lease_owner IS NULL OR r.lease_until < now())
                ORDER BY r.due_at, r.id
                FOR UPDATE OF r SKIP LOCKED
                """, [Self.seconds(planner.now)])
            {
                candidates.append(try RowDecoder.reminder(row))
            }
            let deliveries = planner.plan(candidates)
            for delivery in deliveries {
                switch claim {
                case .deliverNow(let via):
                    _ = try await Self.markDelivered(db, delivery, now: planner.now, via: via, owner: nil)
                case .lease:
                    try await db.run(
                        "UPDATE reminders SET lease_owner = $1, lease_until = now() + make_interval(secs => $2) WHERE id = $3",
                        [workerID, leaseSeconds, delivery.reminder.id])
                }
            }
            return deliveries
        }
    }

    /// Extends the leases of the reminders this process holds (every `claimRenewal` while its commands run).
    public func renewDeliveries(owner: String) async throws(AlbumError) {
        try await write { db throws(AlbumError) in
            try await db.run(
                "UPDATE reminders SET lease_until = now() + make_interval(secs => $2) WHERE lease_owner = $1",
                [workerID, leaseSeconds])
        }
    }

    /// Marks a reminder this process holds delivered. - Returns: false when the hold was lost.
    public func completeDelivery(_ delivery: DueDelivery, owner: String, via: String, now: Date) async throws(AlbumError) -> Bool {
        try await write { db throws(AlbumError) in try await Self.markDelivered(db, delivery, now: now, via: via, owner: workerID) }
    }

    /// Gives a held reminder back, still due, with the reason its delivery failed.
    public func releaseDelivery(_ delivery: DueDelivery, owner: String, error: String, now: Date) async throws(AlbumError) {
        try await write { db throws(AlbumError) in
            try await db.run("""
                UPDATE reminders SET lease_owner = NULL, lease_until = NULL, last_error = $1, updated_at = $2
                WHERE id = $3 AND lease_owner = $4
                """, [error, Timestamp.format(now), delivery.reminder.id, workerID])
        }
    }

    /// The delivery's row update and its log line. `owner` nil: the row is locked by this
    /// transaction (printing); else only while `owner` holds its lease.
    private static func markDelivered(_ db: Session, _ d: DueDelivery, now: Date, via: String, owner: String?) async throws(AlbumError) -> Bool {
        let after = d.delivered
        let changed = try await db.run("""
            UPDATE reminders SET scheduled_at = $1, snoozed_until = $2, due_at = CASE WHEN done THEN NULL ELSE $3::bigint END,
                deliveries = deliveries + 1, last_delivered_at = $4, last_error = NULL, lease_owner = NULL,
                lease_until = NULL, updated_at = $5
            WHERE id = $6 AND ($7::text IS NULL OR lease_owner = $7)
            RETURNING 1
            """,
            [after.scheduledAt.map(seconds), after.snoozedUntil.map(seconds), after.dueAt.map(seconds), seconds(now),
             Timestamp.format(now), d.reminder.id, owner])
        guard changed == 1 else { return false }
        try await db.run("""
            INSERT INTO reminder_deliveries (reminder_id, occurrence_at, delivered_at, late_seconds, missed, via)
            VALUES ($1, $2, $3, $4, $5, $6)
            """, [d.reminder.id, seconds(d.occurrence), seconds(now), d.lateSeconds, d.missed, via])
        return true
    }
}

extension PostgresStore {
    /// The server's snapshot of committed transactions (`pg_current_snapshot()`): it changes when
    /// any transaction that wrote commits, here or in another process, and reads no table
    /// (decision 0044-pgplans). A commit of another database on the server moves it too: the
    /// answer cache then starts again for nothing, never serves an old answer.
    public func version() async throws(AlbumError) -> LibraryVersion {
        try await read { db throws(AlbumError) in
            let snapshot = try await db.queryOne("SELECT pg_current_snapshot()::text")?.string(0) ?? ""
            return LibraryVersion(others: 0, own: 0, snapshot: snapshot)
        }
    }
}
#endif
