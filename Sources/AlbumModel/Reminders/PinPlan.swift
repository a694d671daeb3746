import Foundation

/// A pin in the travel book: a place to visit, with optional dates, or one visited.
public struct PinPlan: Sendable, Hashable {
    public var pin: Pin
    /// The planned days (both nil for an undated plan; equal for `--on`).
    public var from: LocalDate?
    public var to: LocalDate?
    public var note: String?
    /// When it was marked visited, and by what (`import` or `user`); nil while planned.
    public var visitedAt: Date?
    public var visitedBy: String?
    /// Photos of the user's own (imported) in the pin's album.
    public var ownPhotos: Int

    public init(
        pin: Pin, from: LocalDate?, to: LocalDate?, note: String?, visitedAt: Date?, visitedBy: String?, ownPhotos: Int
    ) {
        self.pin = pin
        self.from = from
        self.to = to
        self.note = note
        self.visitedAt = visitedAt
        self.visitedBy = visitedBy
        self.ownPhotos = ownPhotos
    }

    /// `visited` when marked so (by the user, or by an import of photos taken within its dates),
    /// or, for an undated plan, when the pin has photos of the user's own; else `planned`.
    public var status: PlanStatus {
        if visitedAt != nil { return .visited }
        if from == nil && ownPhotos > 0 { return .visited }
        return .planned
    }

    /// Days from `today` to the plan's first day (negative once it has begun); nil when undated.
    public func daysFromNow(today: LocalDate) -> Int? { from.map { $0.dayNumber - today.dayNumber } }

    /// "in 12 days", "tomorrow", "today", "now (until 2026-05-05)", "3 days ago"; nil when undated.
    public func forecast(today: LocalDate) -> String? {
        guard let from, let to else { return nil }
        let days = from.dayNumber - today.dayNumber
        switch days {
        case 2...: return "\(days) days from now"
        case 1: return "tomorrow"
        case 0: return from == to ? "today" : "today (until \(to))"
        default:
            if to >= today { return "now (until \(to))" }
            let ago = today.dayNumber - to.dayNumber
            return ago == 1 ? "ended yesterday" : "ended \(ago) days ago"
        }
    }

    /// Planned (not visited) and not over: its last day is today or later.
    public func isUpcoming(today: LocalDate) -> Bool {
        guard status == .planned, let to else { return false }
        return to >= today
    }
}

public enum PlanStatus: String, Sendable, Hashable {
    case planned, visited
}
