#if PostgreSQL
import AlbumModel
import AlbumSeam
import Foundation

/// Plans on PostgreSQL: the same rows and values as `AlbumDatabase+Plans` (SQLite).
extension PostgresStore {
    private static let planColumns = """
        pl.from_date AS from_date, pl.to_date AS to_date, pl.note AS note, pl.visited_at AS visited_at, pl.visited_by AS visited_by,
        (SELECT count(*) FROM photos WHERE pin_id = pl.pin_id AND source = '\(PhotoOrigin.imported.stored)') AS own_photos
        """

    /// Plans a visit to a pin, or changes its plan. New dates are a new trip: a visit marked by
    /// an earlier import is cleared. A nil `note` keeps the note; nil dates keep the dates.
    /// - Throws: `AlbumError.notFound` naming an unknown pin.
    public func setPlan(
        pinId: Int64, from: LocalDate?, to: LocalDate?, note: String?, markVisited: Bool, now: Date
    ) async throws(AlbumError) -> PinPlan {
        try await write { db throws(AlbumError) in
            // Locks the pin: a plan is never added to a pin being removed.
            guard try await db.queryOne("SELECT 1 FROM pins WHERE id = $1 FOR SHARE", [pinId]) != nil else {
                throw .noPin(pinId, in: name)
            }
            let stamp = Timestamp.format(now)
            try await db.run("""
                INSERT INTO plans (pin_id, created_at, updated_at) VALUES ($1, $2, $2) ON CONFLICT (pin_id) DO NOTHING
                """, [pinId, stamp])
            if let from, let to {
                try await db.run("""
                    UPDATE plans SET from_date = $1, to_date = $2, visited_at = NULL, visited_by = NULL, updated_at = $3
                    WHERE pin_id = $4 AND (from_date IS DISTINCT FROM $1 OR to_date IS DISTINCT FROM $2)
                    """, [from.description, to.description, stamp, pinId])
            }
            if let note { try await db.run("UPDATE plans SET note = $1, updated_at = $2 WHERE pin_id = $3", [note, stamp, pinId]) }
            if markVisited {
                try await db.run("UPDATE plans SET visited_at = $1, visited_by = 'user', updated_at = $1 WHERE pin_id = $2", [stamp, pinId])
            }
            guard let plan = try await Self.fetchPlan(db, pinId: pinId) else { throw .database("plan of pin \(pinId) vanished") }
            return plan
        }
    }

    /// Takes a plan's dates off (`dates`) and/or its visited mark (`visited`), in one transaction.
    /// - Throws: `AlbumError.notFound` when the pin has no plan.
    public func clearPlan(pinId: Int64, dates: Bool, visited: Bool, now: Date) async throws(AlbumError) -> PinPlan {
        try await write { db throws(AlbumError) in
            guard try await Self.fetchPlan(db, pinId: pinId, lock: true) != nil else {
                let pinExists = try await db.queryOne("SELECT 1 FROM pins WHERE id = $1", [pinId]) != nil
                throw pinExists ? .notFound("pin \(pinId) has no plan", subject: .pin(pinId)) : .noPin(pinId, in: name)
            }
            let stamp = Timestamp.format(now)
            if dates {
                try await db.run("UPDATE plans SET from_date = NULL, to_date = NULL, updated_at = $1 WHERE pin_id = $2 AND from_date IS NOT NULL", [stamp, pinId])
            }
            if visited {
                try await db.run("UPDATE plans SET visited_at = NULL, visited_by = NULL, updated_at = $1 WHERE pin_id = $2 AND visited_at IS NOT NULL", [stamp, pinId])
            }
            guard let plan = try await Self.fetchPlan(db, pinId: pinId) else { throw .database("plan of pin \(pinId) vanished") }
            return plan
        }
    }

    /// Removes a pin's plan (the pin stays). - Throws: `AlbumError.notFound` when it has none.
    public func removePlan(pinId: Int64) async throws(AlbumError) -> PinPlan {
        try await write { db throws(AlbumError) in
            guard let plan = try await Self.fetchPlan(db, pinId: pinId, lock: true) else {
                let pinExists = try await Self.fetchPin(db, id: pinId) != nil
                throw pinExists ? .notFound("pin \(pinId) has no plan", subject: .pin(pinId)) : .noPin(pinId, in: name)
            }
            try await db.run("DELETE FROM plans WHERE pin_id = $1", [pinId])
            return plan
        }
    }

    /// Every plan, by pin id.
    public func plans() async throws(AlbumError) -> [PinPlan] {
        try await read { db throws(AlbumError) in
            var plans: [PinPlan] = []
            for id in try await db.query("SELECT pin_id FROM plans ORDER BY pin_id").compactMap({ $0.int64(0) }) {
                if let plan = try await Self.fetchPlan(db, pinId: id) { plans.append(plan) }
            }
            return plans
        }
    }

    /// Marks visited every still-planned, dated plan of these pins that now holds an imported
    /// photo taken (local camera date) within its dates. - Returns: the plans marked now.
    public func markPlansVisited(pinIds: [Int64], now: Date) async throws(AlbumError) -> [PinPlan] {
        guard !pinIds.isEmpty else { return [] }
        return try await write { db throws(AlbumError) in
            var marked: [PinPlan] = []
            for id in Set(pinIds).sorted() {
                let changed = try await db.run("""
                    UPDATE plans SET visited_at = $1, visited_by = 'import', updated_at = $1
                    WHERE pin_id = $2 AND visited_at IS NULL AND from_date IS NOT NULL AND EXISTS (
                        SELECT 1 FROM photos WHERE pin_id = plans.pin_id AND source = '\(PhotoOrigin.imported.stored)'
                        AND substr(taken_at, 1, 10) BETWEEN plans.from_date AND plans.to_date)
                    RETURNING 1
                    """, [Timestamp.format(now), id])
                if changed == 1, let plan = try await Self.fetchPlan(db, pinId: id) { marked.append(plan) }
            }
            return marked
        }
    }

    static func fetchPlan(_ db: Session, pinId: Int64, lock: Bool = false) async throws(AlbumError) -> PinPlan? {
        let sql = "SELECT \(planColumns) FROM plans pl WHERE pl.pin_id = $1" + (lock ? " FOR UPDATE" : "")
        guard let row = try await db.queryOne(sql, [pinId]), let pin = try await fetchPin(db, id: pinId) else { return nil }
        func day(_ text: String?) throws(AlbumError) -> LocalDate? {
            guard let text else { return nil }
            return try LocalDate(parsing: text)
        }
        return PinPlan(
            pin: pin, from: try day(row.string("from_date")), to: try day(row.string("to_date")), note: row.string("note"),
            visitedAt: row.string("visited_at").map(Timestamp.parse), visitedBy: row.string("visited_by"), ownPhotos: row.int("own_photos") ?? 0)
    }
}
#endif
