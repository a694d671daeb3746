import AlbumModel
import Foundation

/// The store seam for the travel book and reminders (issue 14 on both stores, issue 16): plans,
/// reminders, and the due deliveries `album due` claims. `LibraryStore` refines it; SQLite runs
/// the `AlbumDatabase` methods of the same names on its own thread (`SQLiteLibraryStore+Plans`),
/// PostgreSQL has its own SQL (`PostgresStore+Plans/Reminders/Due`).
///
/// Errors are `AlbumError`: `.notFound` naming an unknown pin or reminder, `.database` when the
/// store fails.
public protocol PlanStore: Sendable {
    // MARK: Plans

    /// Plans a visit to a pin, or changes its plan (see `AlbumDatabase.setPlan`).
    func setPlan(
        pinId: Int64, from: LocalDate?, to: LocalDate?, note: String?, markVisited: Bool, now: Date
    ) async throws(AlbumError) -> PinPlan
    /// Takes a plan's dates off (`dates`) and/or its visited mark (`visited`), in one transaction.
    /// - Throws: `.notFound` when the pin has no plan.
    func clearPlan(pinId: Int64, dates: Bool, visited: Bool, now: Date) async throws(AlbumError) -> PinPlan
    /// Removes a pin's plan. - Throws: `.notFound` when the pin has none.
    func removePlan(pinId: Int64) async throws(AlbumError) -> PinPlan
    /// Every plan, by pin id.
    func plans() async throws(AlbumError) -> [PinPlan]
    /// Marks visited the dated plans of these pins that now hold an imported photo taken within
    /// their dates. - Returns: the plans marked now.
    func markPlansVisited(pinIds: [Int64], now: Date) async throws(AlbumError) -> [PinPlan]

    // MARK: Reminders

    /// Stores a new reminder. - Throws: `.notFound` naming an unknown pin.
    func addReminder(_ new: NewReminderRecord, now: Date) async throws(AlbumError) -> Reminder
    /// Every reminder, next due first, then done ones by id.
    func reminders() async throws(AlbumError) -> [Reminder]
    /// The reminder with this id. - Throws: `.notFound` naming the id.
    func reminder(id: Int64) async throws(AlbumError) -> Reminder
    /// Deletes a reminder with its delivery history. - Throws: `.notFound` naming the id.
    func removeReminder(id: Int64) async throws(AlbumError) -> Reminder
    /// Reads a reminder, changes it with `change` (a pure function: done, snooze) and stores its
    /// new times, in one transaction.
    func updateReminder(
        id: Int64, now: Date, _ change: @escaping @Sendable (Reminder) throws(AlbumError) -> Reminder
    ) async throws(AlbumError) -> Reminder

    // MARK: Due deliveries (the outbox `album due` works through)

    /// Finds the reminders due at `planner.now` and claims them in one transaction: two runs at
    /// once (on one machine or several) never take the same reminder. `.deliverNow` marks them
    /// delivered in that transaction; `.lease` holds them for this process until
    /// `completeDelivery` or `releaseDelivery`. A hold whose holder is gone is dropped first
    /// (SQLite: `isAlive` says no about its process token; PostgreSQL: its lease ran out).
    /// - Returns: the deliveries, earliest first.
    func claimDueReminders(
        _ planner: DuePlanner, claim: DueClaim, isAlive: @escaping @Sendable (String) -> Bool
    ) async throws(AlbumError) -> [DueDelivery]
    /// Extends the holds of this process (a store that leases, every `claimRenewal` while its
    /// commands run); SQLite's holds last as long as their process.
    func renewDeliveries(owner: String) async throws(AlbumError)
    /// Marks a held reminder delivered and schedules its next occurrence.
    /// - Returns: false when the hold was lost (removed meanwhile, or taken over).
    func completeDelivery(_ delivery: DueDelivery, owner: String, via: String, now: Date) async throws(AlbumError) -> Bool
    /// Gives a held reminder back, still due, with the reason its delivery failed.
    func releaseDelivery(_ delivery: DueDelivery, owner: String, error: String, now: Date) async throws(AlbumError)
    /// How many times each reminder was delivered, from the delivery log.
    func deliveryCounts() async throws(AlbumError) -> [Int64: Int]
}

extension PlanStore {
    public func renewDeliveries(owner: String) async throws(AlbumError) {}
}
