import AlbumModel
import Foundation
import Testing
import TestSupport

@testable import AlbumStore

/// Claims, holds and marks on a real SQLite file.
@Suite struct ReminderStoreTests {
    let folder = TemporaryFolder("reminder-store")
    static let t0 = Date(timeIntervalSince1970: 1_780_000_000)

    func database() throws -> SQLiteLibraryStore { try AlbumDatabase(path: folder.child("album.sqlite").path).store }

    func addOnce(_ db: SQLiteLibraryStore, at: Date, text: String = "x") async throws -> Reminder {
        let wall = WallClock(zone: TimeZone(identifier: "UTC")!).wall(of: at)
        return try await db.addReminder(
            NewReminderRecord(pinId: nil, text: text, rule: .once(wall), zone: "UTC", zoneSource: .option, scheduledAt: at), now: Self.t0)
    }

    @Test func printingClaimMarksInTheSameTransaction() async throws {
        let db = try database()
        let r = try await addOnce(db, at: Self.t0)
        let planner = DuePlanner(now: Self.t0.addingTimeInterval(30))
        let first = try await db.claimDueReminders(planner, claim: .deliverNow(via: "stdout"), isAlive: { _ in true })
        #expect(first.map(\.reminder.id) == [r.id])
        #expect(try await db.claimDueReminders(planner, claim: .deliverNow(via: "stdout"), isAlive: { _ in true }).isEmpty)
        #expect(try await db.deliveryCounts() == [r.id: 1])
        #expect(try await db.reminder(id: r.id).state == "done")
    }

    @Test func aHoldIsKeptWhileItsOwnerLivesAndDroppedWhenItDies() async throws {
        let db = try database()
        let r = try await addOnce(db, at: Self.t0)
        let planner = DuePlanner(now: Self.t0)
        let held = try await db.claimDueReminders(planner, claim: .lease(owner: "1:1"), isAlive: { _ in true })
        #expect(held.count == 1)
        #expect(try await db.claimDueReminders(planner, claim: .lease(owner: "2:2"), isAlive: { _ in true }).isEmpty)
        // Owner 1 died before marking: owner 2 takes it, and only owner 2's mark counts.
        let retaken = try await db.claimDueReminders(planner, claim: .lease(owner: "2:2"), isAlive: { $0 != "1:1" })
        #expect(retaken.count == 1)
        #expect(try await db.completeDelivery(held[0], owner: "1:1", via: "exec", now: Self.t0) == false)
        #expect(try await db.completeDelivery(retaken[0], owner: "2:2", via: "exec", now: Self.t0))
        #expect(try await db.deliveryCounts() == [r.id: 1])
    }

    @Test func aReleasedHoldStaysDueWithItsError() async throws {
        let db = try database()
        let r = try await addOnce(db, at: Self.t0)
        let planner = DuePlanner(now: Self.t0)
        let held = try await db.claimDueReminders(planner, claim: .lease(owner: "1:1"), isAlive: { _ in true })
        try await db.releaseDelivery(held[0], owner: "1:1", error: "exit status 3", now: Self.t0)
        #expect(try await db.reminder(id: r.id).lastError == "exit status 3")
        #expect(try await db.claimDueReminders(planner, claim: .lease(owner: "1:1"), isAlive: { _ in true }).count == 1)
    }

    @Test func removingAHeldReminderMakesItsMarkANoOp() async throws {
        let db = try database()
        let r = try await addOnce(db, at: Self.t0)
        let held = try await db.claimDueReminders(DuePlanner(now: Self.t0), claim: .lease(owner: "1:1"), isAlive: { _ in true })
        try await db.removeReminder(id: r.id)
        #expect(try await db.completeDelivery(held[0], owner: "1:1", via: "exec", now: Self.t0) == false)
        #expect(try await db.deliveryCounts().isEmpty)
    }

    @Test func plansCheckTheirDatesAndFollowTheirPin() async throws {
        let db = try database()
        let pin = try await db.addPin(at: Coordinate(latitude: 1, longitude: 2), title: "p", note: nil)
        let day = try LocalDate(parsing: "2026-05-01")
        let plan = try await db.setPlan(pinId: pin.id, from: day, to: day.adding(days: 2), note: "n", markVisited: false, now: Self.t0)
        #expect(plan.status == .planned)
        #expect(try await db.markPlansVisited(pinIds: [pin.id], now: Self.t0).isEmpty)  // no photos of the user's own
        await #expect(throws: AlbumError.self) {
            try await db.setPlan(pinId: 99, from: nil, to: nil, note: nil, markVisited: false, now: Self.t0)
        }
        try await db.removePin(id: pin.id)
        #expect(try await db.plans().isEmpty)
    }
}
