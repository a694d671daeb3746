import AlbumModel
import AlbumSeam
import Foundation

/// A plan as `album plans` lists it: with "today" taken in the pin's zone.
public struct PlanEntry: Sendable, Hashable {
    public var plan: PinPlan
    /// Today's date where the pin is (its zone, else the system's).
    public var today: LocalDate
    public var zone: String

    public var daysFromNow: Int? { plan.daysFromNow(today: today) }
    public var forecast: String? { plan.forecast(today: today) }
}

extension Library {
    /// Plans a visit to a pin (or changes its plan): `from`…`to` (both or neither), a note, or
    /// marks it visited.
    /// - Throws: `AlbumError.invalidInput` when `to` is before `from`; `.notFound` for an unknown pin.
    public func setPlan(
        pinId: Int64, from: LocalDate?, to: LocalDate?, note: String?, markVisited: Bool, now: Date
    ) async throws(AlbumError) -> PinPlan {
        if (from == nil) != (to == nil) { throw .invalidInput("a plan's dates need both --from and --to") }
        if let from, let to, to < from { throw .invalidInput("--to \(to) is before --from \(from)") }
        return try await store.setPlan(pinId: pinId, from: from, to: to, note: note, markVisited: markVisited, now: now)
    }

    /// Takes a plan's dates off (`album plan set PIN --no-dates`) and/or its visited mark
    /// (`--not-visited`), in one transaction. - Throws: `AlbumError.notFound` when the pin has no plan.
    public func clearPlan(pinId: Int64, dates: Bool, visited: Bool, now: Date) async throws(AlbumError) -> PinPlan {
        try await store.clearPlan(pinId: pinId, dates: dates, visited: visited, now: now)
    }

    /// Removes a pin's plan. - Throws: `AlbumError.notFound` when the pin has none.
    @discardableResult
    public func removePlan(pinId: Int64) async throws(AlbumError) -> PinPlan { try await store.removePlan(pinId: pinId) }

    /// Every plan sorted by its first day (undated ones last, then by pin), each with today in
    /// its zone; with `upcoming`, only planned visits whose last day is today or later.
    public func plans(now: Date, upcoming: Bool, systemZone: String) async throws(AlbumError) -> [PlanEntry] {
        let entries = try await store.plans().map { plan in
            let zone = Self.zone(of: plan.pin) ?? ((try? TimeZone.iana(systemZone)) != nil ? systemZone : "UTC")
            let today = WallClock(zone: TimeZone(identifier: zone) ?? .current).date(of: now)
            return PlanEntry(plan: plan, today: today, zone: zone)
        }
        return entries
            .filter { !upcoming || $0.plan.isUpcoming(today: $0.today) }
            .sorted { a, b in
                switch (a.plan.from, b.plan.from) {
                case (let x?, let y?): (x, a.plan.pin.id) < (y, b.plan.pin.id)
                case (nil, nil): a.plan.pin.id < b.plan.pin.id
                case (_?, nil): true
                case (nil, _?): false
                }
            }
    }

    /// After an import: planned pins that received photos taken within their dates are marked
    /// visited. - Returns: those plans.
    func markPlansVisited(after outcomes: [ImportGroupOutcome?]) async throws(AlbumError) -> [PinPlan] {
        try await store.markPlansVisited(pinIds: outcomes.compactMap { $0?.pin?.id }, now: Date())
    }
}
