import AlbumModel
import AlbumSeam
import Foundation

/// Plans, reminders, due deliveries and the version on SQLite: the `AlbumDatabase` methods of the
/// same names, on the database's own thread.
extension SQLiteLibraryStore {
    public func setPlan(
        pinId: Int64, from: LocalDate?, to: LocalDate?, note: String?, markVisited: Bool, now: Date
    ) async throws(AlbumError) -> PinPlan {
        try await database.write { db throws(AlbumError) in
            try db.setPlan(pinId: pinId, from: from, to: to, note: note, markVisited: markVisited, now: now)
        }
    }

    public func removePlan(pinId: Int64) async throws(AlbumError) -> PinPlan {
        try await database.write { db throws(AlbumError) in try db.removePlan(pinId: pinId) }
    }

    public func plans() async throws(AlbumError) -> [PinPlan] {
        try await database.read { db throws(AlbumError) in try db.plans() }
    }

    public func markPlansVisited(pinIds: [Int64], now: Date) async throws(AlbumError) -> [PinPlan] {
        try await database.write { db throws(AlbumError) in try db.markPlansVisited(pinIds: pinIds, now: now) }
    }

    public func addReminder(_ new: NewReminderRecord, now: Date) async throws(AlbumError) -> Reminder {
        try await database.write { db throws(AlbumError) in try db.addReminder(new, now: now) }
    }

    public func reminders() async throws(AlbumError) -> [Reminder] {
        try await database.read { db throws(AlbumError) in try db.reminders() }
    }

    public func reminder(id: Int64) async throws(AlbumError) -> Reminder {
        try await database.read { db throws(AlbumError) in try db.reminder(id: id) }
    }

    public func removeReminder(id: Int64) async throws(AlbumError) -> Reminder {
        try await database.write { db throws(AlbumError) in try db.removeReminder(id: id) }
    }

    public func updateReminder(
        id: Int64, now: Date, _ change: @escaping @Sendable (Reminder) throws(AlbumError) -> Reminder
    ) async throws(AlbumError) -> Reminder {
        try await database.write { db throws(AlbumError) in try db.updateReminder(id: id, now: now, change) }
    }

    public func claimDueReminders(
        _ planner: DuePlanner, claim: DueClaim, isAlive: @escaping @Sendable (String) -> Bool
    ) async throws(AlbumError) -> [DueDelivery] {
        try await database.write { db throws(AlbumError) in try db.claimDueReminders(planner, claim: claim, isAlive: isAlive) }
    }

    public func completeDelivery(_ delivery: DueDelivery, owner: String, via: String, now: Date) async throws(AlbumError) -> Bool {
        try await database.write { db throws(AlbumError) in try db.completeDelivery(delivery, owner: owner, via: via, now: now) }
    }

    public func releaseDelivery(_ delivery: DueDelivery, owner: String, error: String, now: Date) async throws(AlbumError) {
        try await database.write { db throws(AlbumError) in try db.releaseDelivery(delivery, owner: owner, error: error, now: now) }
    }

    public func deliveryCounts() async throws(AlbumError) -> [Int64: Int] {
        try await database.read { db throws(AlbumError) in try db.deliveryCounts() }
    }

    /// Read on the caller's thread, as before the seam: two pragmas, no table, and the answer
    /// cache's hits must not queue behind a fetch's writes on the database's thread.
    public func version() async throws(AlbumError) -> LibraryVersion { try database.version() }
}
