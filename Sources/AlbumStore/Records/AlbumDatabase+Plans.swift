import AlbumModel
import AlbumSeam
import Foundation

/// Plans (`PlanStore`'s plans on SQLite): one body per method (decision 0075-store).
extension SQLiteLibraryStore {
    /// Plans a visit to a pin, or changes its plan. New dates are a new trip: a visit marked
    /// by an earlier import is cleared. A nil `note` keeps the note; nil dates keep the dates
    /// (`clearPlan` takes them off).
    /// - Throws: `AlbumError.notFound` naming an unknown pin.
    public func setPlan(
        pinId: Int64, from: LocalDate?, to: LocalDate?, note: String?, markVisited: Bool, now: Date
    ) async throws(AlbumError) -> PinPlan {
        try await write { db throws(AlbumError) in
            guard try AlbumDatabase.fetchPin(db, id: pinId) != nil else { throw .noPin(pinId, in: path) }
            let stamp = Timestamp.format(now)
            try db.run("""
                INSERT INTO plans (pin_id, created_at, updated_at) VALUES (?, ?, ?)
                ON CONFLICT (pin_id) DO NOTHING
                """, [pinId, stamp, stamp])
            if let from, let to {
                try db.run("""
                    UPDATE plans SET from_date = ?, to_date = ?, visited_at = NULL, visited_by = NULL, updated_at = ?
                    WHERE pin_id = ? AND (from_date IS NOT ? OR to_date IS NOT ?)
                    """, [from.description, to.description, stamp, pinId, from.description, to.description])
            }
            if let note { try db.run("UPDATE plans SET note = ?, updated_at = ? WHERE pin_id = ?", [note, stamp, pinId]) }
            if markVisited {
                try db.run("UPDATE plans SET visited_at = ?, visited_by = 'user', updated_at = ? WHERE pin_id = ?", [stamp, stamp, pinId])
            }
            guard let plan = try AlbumDatabase.fetchPlan(db, pinId: pinId) else { throw .database("plan of pin \(pinId) vanished") }
            return plan
        }
    }

    /// Takes a plan's dates off (`dates`) and/or its visited mark (`visited`), in one transaction.
    /// - Throws: `AlbumError.notFound` when the pin has no plan.
    public func clearPlan(pinId: Int64, dates: Bool, visited: Bool, now: Date) async throws(AlbumError) -> PinPlan {
        try await write { db throws(AlbumError) in
            guard try AlbumDatabase.fetchPlan(db, pinId: pinId) != nil else {
                let pinExists = try AlbumDatabase.fetchPin(db, id: pinId) != nil
                throw pinExists ? .notFound("pin \(pinId) has no plan", subject: .pin(pinId)) : .noPin(pinId, in: path)
            }
            let stamp = Timestamp.format(now)
            if dates {
                try db.run("UPDATE plans SET from_date = NULL, to_date = NULL, updated_at = ? WHERE pin_id = ? AND from_date IS NOT NULL", [stamp, pinId])
            }
            if visited {
                try db.run("UPDATE plans SET visited_at = NULL, visited_by = NULL, updated_at = ? WHERE pin_id = ? AND visited_at IS NOT NULL", [stamp, pinId])
            }
            guard let plan = try AlbumDatabase.fetchPlan(db, pinId: pinId) else { throw .database("plan of pin \(pinId) vanished") }
            return plan
        }
    }

    /// Removes a pin's plan (the pin stays).
    /// - Throws: `AlbumError.notFound` when the pin has no plan.
    @discardableResult
    public func removePlan(pinId: Int64) async throws(AlbumError) -> PinPlan {
        try await write { db throws(AlbumError) in
            guard let plan = try AlbumDatabase.fetchPlan(db, pinId: pinId) else {
                let pinExists = try AlbumDatabase.fetchPin(db, id: pinId) != nil
                throw pinExists ? .notFound("pin \(pinId) has no plan", subject: .pin(pinId)) : .noPin(pinId, in: path)
            }
            try db.run("DELETE FROM plans WHERE pin_id = ?", [pinId])
            return plan
        }
    }

    /// Every plan, in no particular order (the caller sorts by date in the pins' zones).
    public func plans() async throws(AlbumError) -> [PinPlan] {
        try await read { db throws(AlbumError) in
            let ids = try db.query("SELECT pin_id FROM plans ORDER BY pin_id").compactMap { $0.int64(0) }
            var plans: [PinPlan] = []
            for id in ids { if let plan = try AlbumDatabase.fetchPlan(db, pinId: id) { plans.append(plan) } }
            return plans
        }
    }

    /// Marks visited every still-planned, dated plan of these pins that now holds a photo of the
    /// user's own taken (local camera date) within its dates. Reads the stored photos, so running
    /// it again after a crash finds what an interrupted run missed.
    /// - Returns: the plans marked now.
    public func markPlansVisited(pinIds: [Int64], now: Date) async throws(AlbumError) -> [PinPlan] {
        guard !pinIds.isEmpty else { return [] }
        return try await write { db throws(AlbumError) in
            var marked: [PinPlan] = []
            for id in Set(pinIds).sorted() {
                let changed = try db.run("""
                    UPDATE plans SET visited_at = ?, visited_by = 'import', updated_at = ?
                    WHERE pin_id = ? AND visited_at IS NULL AND from_date IS NOT NULL AND EXISTS (
                        SELECT 1 FROM photos WHERE pin_id = plans.pin_id AND source = '\(PhotoOrigin.imported.stored)'
                        AND substr(taken_at, 1, 10) BETWEEN plans.from_date AND plans.to_date)
                    """, [Timestamp.format(now), Timestamp.format(now), id])
                if changed == 1, let plan = try AlbumDatabase.fetchPlan(db, pinId: id) { marked.append(plan) }
            }
            return marked
        }
    }
}

extension AlbumDatabase {
    static let planColumns = """
        pl.from_date, pl.to_date, pl.note, pl.visited_at, pl.visited_by,
        (SELECT count(*) FROM photos WHERE pin_id = pl.pin_id AND source = '\(PhotoOrigin.imported.stored)'), pl.pin_id
        """

    static func fetchPlan(_ db: SQL, pinId: Int64) throws(AlbumError) -> PinPlan? {
        guard let row = try db.queryOne("SELECT \(planColumns) FROM plans pl WHERE pl.pin_id = ?", [pinId]),
              let pin = try fetchPin(db, id: pinId)
        else { return nil }
        func day(_ text: String?) throws(AlbumError) -> LocalDate? {
            guard let text else { return nil }
            return try LocalDate(parsing: text)
        }
        return PinPlan(
            pin: pin, from: try day(row.string(0)), to: try day(row.string(1)),
            note: row.string(2), visitedAt: row.string(3).map(Timestamp.parse), visitedBy: row.string(4), ownPhotos: row.int(5) ?? 0)
    }
}
