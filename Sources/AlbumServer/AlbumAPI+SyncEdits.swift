import AlbumCore
import AlbumModel
import Foundation
import Hummingbird

/// What `album sync` sends besides pins, photos and entries (decision 0092): a pin's or a photo's
/// own tags (`GET`/`POST /api/pins/{pin}/tags`, `/api/photos/{photo}/tags`) and a pin's plan
/// (`GET`/`PUT`/`DELETE /api/pins/{pin}/plan`). Another user's pin or photo is 404 before the
/// body is judged, as everywhere.
extension AlbumAPI {
    /// `GET …/tags`: `{"tags": [...]}`, the target's own tags, sorted.
    func ownTags(_ target: TagTarget) async throws -> Response {
        Reply.json(JSONOut.encode(TagsJSON(tags: try await library.ownTags(of: target).map(\.value))))
    }

    /// `POST …/tags {add, remove}`: adds and removes own tags (adding one it has, or removing one
    /// it has not, changes nothing; a tag in both ends removed), then answers them as `GET` does.
    func changeOwnTags(_ target: TagTarget, _ call: Call) async throws -> Response {
        _ = try await library.ownTags(of: target)  // another user's or no pin/photo: 404 first
        let body = try await call.body()
        for name in body.fields.keys where name != "add" && name != "remove" {
            throw APIError.badRequest("unknown field \(name): give add and/or remove, arrays of tags")
        }
        for (name, value) in body.fields { if case .null = value { throw APIError.badRequest("\(name) must be an array of tags, not null") } }
        let add = try Self.tagList(body, "add"), remove = try Self.tagList(body, "remove")
        guard !add.isEmpty || !remove.isEmpty else { throw APIError.badRequest("nothing to change: give add or remove, arrays of tags") }
        let tags = try await library.changeOwnTags(of: target, add: add, remove: remove)
        return Reply.json(JSONOut.encode(TagsJSON(tags: tags.map(\.value))))
    }

    /// `GET /api/pins/{pin}/plan`: the pin's plan, 404 when it has none.
    func plan(_ pinId: Int64) async throws -> Response {
        _ = try await library.pin(id: pinId)
        guard let plan = try await library.plans(now: Date(timeIntervalSince1970: TimeInterval(clock())), upcoming: false, systemZone: TimeZone.current.identifier)
            .first(where: { $0.plan.pin.id == pinId })?.plan
        else { throw APIError.notFound("pin \(pinId) has no plan") }
        return Reply.json(JSONOut.encode(PinPlanJSON(plan: plan)))
    }

    /// `PUT /api/pins/{pin}/plan {from, to, note, visited}`: plans a visit or changes the plan, as
    /// `album plan` does (`from` and `to` both or neither; new dates clear "visited"; both null
    /// take the dates off, `visited: false` the visited mark, as `--no-dates`, `--not-visited`).
    func setPlan(_ pinId: Int64, _ call: Call) async throws -> Response {
        _ = try await library.pin(id: pinId)
        let body = try await call.body()
        for name in body.fields.keys where !["from", "to", "note", "visited"].contains(name) {
            throw APIError.badRequest("unknown field \(name): give from, to, note or visited")
        }
        for name in ["note", "visited"] { if case .null? = body.fields[name] { throw APIError.badRequest("\(name) must not be null (leave it out)") } }
        func isNull(_ name: String) -> Bool { if case .null? = body.fields[name] { true } else { false } }
        let clearDates = isNull("from") && isNull("to")
        if isNull("from") != isNull("to") { throw APIError.badRequest("from and to go together: give both, both null, or neither") }
        func date(_ name: String) throws -> LocalDate? {
            guard let text = try body.string(name, maxLength: 40) else { return nil }
            guard let date = try? LocalDate(parsing: text) else { throw APIError.badRequest("\(name) must be a date like 2026-06-14") }
            return date
        }
        let from = try date("from"), to = try date("to")
        let note = try body.string("note", maxLength: 5000)
        let visited = try body.bool("visited")
        if (from == nil) != (to == nil) { throw APIError.badRequest("from and to go together: give both or neither") }
        if let from, let to, to < from { throw APIError.badRequest("to \(to) is before from \(from)") }
        let now = Date(timeIntervalSince1970: TimeInterval(clock()))
        var plan = try await library.setPlan(pinId: pinId, from: from, to: to, note: note, markVisited: visited == true, now: now)
        if clearDates || visited == false {
            plan = try await library.clearPlan(pinId: pinId, dates: clearDates, visited: visited == false, now: now)
        }
        return Reply.json(JSONOut.encode(PinPlanJSON(plan: plan)))
    }

    /// `DELETE /api/pins/{pin}/plan`: the removed plan; 404 when the pin has none.
    func removePlan(_ pinId: Int64) async throws -> Response {
        _ = try await library.pin(id: pinId)
        return Reply.json(JSONOut.encode(PinPlanJSON(plan: try await library.removePlan(pinId: pinId))))
    }
}

/// `{"tags": [...]}`.
struct TagsJSON: Encodable {
    let tags: [String]
}

/// A plan as the API shows it: `{pinId, from, to, note, visited, visitedAt, visitedBy}`.
struct PinPlanJSON: Encodable {
    let plan: PinPlan

    enum Key: String, CodingKey { case pinId, from, to, note, visited, visitedAt, visitedBy }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(plan.pin.id, forKey: .pinId)
        try c.encode(plan.from?.description, forKey: .from)
        try c.encode(plan.to?.description, forKey: .to)
        try c.encode(plan.note, forKey: .note)
        try c.encode(plan.visitedAt != nil, forKey: .visited)
        try c.encode(plan.visitedAt.map { ISO8601DateFormatter().string(from: $0) }, forKey: .visitedAt)
        try c.encode(plan.visitedBy, forKey: .visitedBy)
    }
}
