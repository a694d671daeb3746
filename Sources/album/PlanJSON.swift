import AlbumKit
import AlbumModel
import Foundation

/// A plan: `{pinId, title, latitude, longitude, place, status, from, to, note, visitedAt, visitedBy,
/// ownPhotos, daysFromNow, forecast, zone}`; the last three are null outside `album plans`.
struct PlanJSON: Encodable {
    let plan: PinPlan
    var entry: PlanEntry?

    init(plan: PinPlan) { self.plan = plan }
    init(entry: PlanEntry) {
        self.plan = entry.plan
        self.entry = entry
    }

    enum Key: String, CodingKey {
        case pinId, title, latitude, longitude, place, status, from, to, note, visitedAt, visitedBy, ownPhotos
        case daysFromNow, forecast, zone
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(plan.pin.id, forKey: .pinId)
        try c.encode(plan.pin.title, forKey: .title)
        try c.encode(plan.pin.coordinate.latitude, forKey: .latitude)
        try c.encode(plan.pin.coordinate.longitude, forKey: .longitude)
        try c.encode(plan.pin.place, forKey: .place)  // the nearest GeoNames place, or null
        try c.encode(plan.status.rawValue, forKey: .status)
        try c.encode(plan.from?.description, forKey: .from)
        try c.encode(plan.to?.description, forKey: .to)
        try c.encode(plan.note, forKey: .note)
        try c.encode(plan.visitedAt.map(Self.iso), forKey: .visitedAt)
        try c.encode(plan.visitedBy, forKey: .visitedBy)
        try c.encode(plan.ownPhotos, forKey: .ownPhotos)
        try c.encode(entry?.daysFromNow, forKey: .daysFromNow)
        try c.encode(entry?.forecast, forKey: .forecast)
        try c.encode(entry?.zone, forKey: .zone)
    }

    static func iso(_ date: Date) -> String { date.formatted(.iso8601) }

    /// `2026-05-01 – 2026-05-05`, `2026-05-01`, or `no dates`.
    static func dates(_ plan: PinPlan) -> String {
        guard let from = plan.from, let to = plan.to else { return "no dates" }
        return from == to ? "\(from)" : "\(from) – \(to)"
    }

    static func name(_ pin: Pin) -> String { "pin \(pin.id)" + (pin.title.map { "  \(TerminalText.inline($0))" } ?? "") }

    /// `pin 3  Kyoto  2026-05-01 – 2026-05-05  planned  12 days from now`, then the pin's place
    /// (when it has one) and the note.
    static func text(_ entry: PlanEntry) -> String {
        var line = "\(name(entry.plan.pin))  \(dates(entry.plan))  \(entry.plan.status.rawValue)"
        if entry.plan.status == .planned, let forecast = entry.forecast { line += "  \(forecast)" }
        if let place = entry.plan.pin.place { line += "\n  \(Output.placeText(place))" }
        if let note = entry.plan.note { line += "\n  note: \(TerminalText.inline(note))" }
        return line
    }

    /// `pin 3  Kyoto  planned 2026-05-01 – 2026-05-05` after `plan` changes it.
    static func text(_ plan: PinPlan) -> String {
        var line = "\(name(plan.pin))  \(plan.status.rawValue)  \(dates(plan))"
        if let note = plan.note { line += "\n  note: \(TerminalText.inline(note))" }
        return line
    }

    /// For the import report: `pin 3 (planned 2026-05-01 – 2026-05-05) marked visited`.
    static func text(visited plan: PinPlan) -> String {
        "pin \(plan.pin.id)\(plan.pin.title.map { " \(TerminalText.inline($0))" } ?? "") (planned \(dates(plan))) marked visited: photos taken there on those dates"
    }
}
