import AlbumModel
import Foundation
import Testing
import TestSupport

@testable import AlbumStore

/// Claims, holds and marks on a real SQLite file.
@Suite struct ReminderStoreTests {
    let folder = TemporaryFolder("reminder-store")
    static let t0 = Date(timeIntervalSince1970: 1_780_000_000)

    func database() throws -> AlbumDatabase { try AlbumDatabase(path: folder.child("album.sqlite").path) }

    func addOnce(_ db: AlbumDatabase, at: Date, text: String = "x") throws -> Reminder {
        let wall = WallClock(zone: TimeZone(identifier: "UTC")!).wall(of: at)
        return try db.addReminder(
            NewReminderRecord(pinId: nil, text: text, rule: .once(wall), zone: "UTC", zoneSource: .option, scheduledAt: at), now: Self.t0)
    }

    @Test func printingClaimMarksInTheSameTransaction() throws {
        let db = try database()
        let r = try addOnce(db, at: Self.t0)
        let planner = DuePlanner(now: Self.t0.addingTimeInterval(30))
        let first = try db.claimDueReminders(planner, claim: .deliverNow(via: "stdout"), isAlive: { _ in true })
        #expect(first.map(\.reminder.id) == [r.id])
        #expect(try db.claimDueReminders(planner, claim: .deliverNow(via: "stdout"), isAlive: { _ in true }).isEmpty)
        #expect(try db.deliveryCounts() == [r.id: 1])
        #expect(try db.reminder(id: r.id).state == "done")
    }

    @Test func aHoldIsKeptWhileItsOwnerLivesAndDroppedWhenItDies() throws {
        let db = try database()
        let r = try addOnce(db, at: Self.t0)
        let planner = DuePlanner(now: Self.t0)
        let held = try db.claimDueReminders(planner, claim: .lease(owner: "1:1"), isAlive: { _ in true })
        #expect(held.count == 1)
        #expect(try db.claimDueReminders(planner, claim: .lease(owner: "2:2"), isAlive: { _ in true }).isEmpty)
        // Owner 1 died before marking: owner 2 takes it, and only owner 2's mark counts.
        let retaken = try db.claimDueReminders(planner, claim: .lease(owner: "2:2"), isAlive: { $0 != "1:1" })
        #expect(retaken.count == 1)
        #expect(try db.completeDelivery(held[0], owner: "1:1", via: "exec", now: Self.t0) == false)
        #expect(try db.completeDelivery(retaken[0], owner: "2:2", via: "exec", now: Self.t0))
        #expect(try db.deliveryCounts() == [r.id: 1])
    }

    @Test func aReleasedHoldStaysDueWithItsError() throws {
        let db = try database()
        let r = try addOnce(db, at: Self.t0)
        let planner = DuePlanner(now: Self.t0)
        let held = try db.claimDueReminders(planner, claim: .lease(owner: "1:1"), isAlive: { _ in true })
        try db.releaseDelivery(held[0], owner: "1:1", error: "exit status 3", now: Self.t0)
        #expect(try db.reminder(id: r.id).lastError == "exit status 3")
        #expect(try db.claimDueReminders(planner, claim: .lease(owner: "1:1"), isAlive: { _ in true }).count == 1)
    }

    @Test func removingAHeldReminderMakesItsMarkANoOp() throws {
        let db = try database()
        let r = try addOnce(db, at: Self.t0)
        let held = try db.claimDueReminders(DuePlanner(now: Self.t0), claim: .lease(owner: "1:1"), isAlive: { _ in true })
        try db.removeReminder(id: r.id)
        #expect(try db.completeDelivery(held[0], owner: "1:1", via: "exec", now: Self.t0) == false)
        #expect(try db.deliveryCounts().isEmpty)
    }

    @Test func plansCheckTheirDatesAndFollowTheirPin() async throws {
        let db = try database()
        let pin = try await db.store.addPin(at: Coordinate(latitude: 1, longitude: 2), title: "p", note: nil)
        let day = try LocalDate(parsing: "2026-05-01")
        let plan = try db.setPlan(pinId: pin.id, from: day, to: day.adding(days: 2), note: "n", markVisited: false, now: Self.t0)
        #expect(plan.status == .planned)
        #expect(try db.markPlansVisited(pinIds: [pin.id], now: Self.t0).isEmpty)  // no photos of the user's own
        #expect(throws: AlbumError.self) {
            try db.setPlan(pinId: 99, from: nil, to: nil, note: nil, markVisited: false, now: Self.t0)
        }
        try await db.store.removePin(id: pin.id)
        #expect(try db.plans().isEmpty)
    }
}
