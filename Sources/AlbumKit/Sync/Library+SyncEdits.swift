import AlbumModel
import AlbumNet
import AlbumStore
import Foundation

/// An entry's fields as both sides last agreed on them (decision 0092): the text fields of its
/// kind, its local time with offset, its tags. Last writer per field, tags one by one.
struct EntryFields: Codable, Equatable, Sendable {
    var text: String?
    var title: String?
    var artist: String?
    var album: String?
    var link: String?
    var at: String
    var tags: [String]

    init(_ entry: Entry) {
        switch entry.content {
        case .note(let note): text = note
        case .place(let note): text = note
        case .song(let song): (title, artist, album, link) = (song.title, song.artist, song.album, song.link)
        case .audio: break
        }
        at = entry.at.localText + (entry.at.offsetText ?? "")
        tags = entry.tags.map(\.value).sorted()
    }

    /// From the API's entry JSON (only its kind's fields: a sound's title is its file's tag).
    init?(json: Any?) {
        guard let o = json as? [String: Any], let local = o["at"] as? String else { return nil }
        switch o["kind"] as? String {
        case "note", "place": text = o["text"] as? String
        case "song": (title, artist, album, link) = (o["title"] as? String, o["artist"] as? String, o["album"] as? String, o["link"] as? String)
        default: break
        }
        at = local + (o["offset"] as? String ?? "")
        tags = (o["tags"] as? [String] ?? []).sorted()
    }

    var encoded: String { String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self) }
    static func parse(_ text: String?) -> EntryFields? { text.flatMap { try? JSONDecoder().decode(EntryFields.self, from: Data($0.utf8)) } }
}

/// A photo's own tags as both sides last agreed on them.
struct PhotoFields: Codable, Equatable, Sendable {
    var tags: [String]

    var text: String { String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self) }
    static func parse(_ text: String?) -> PhotoFields? { text.flatMap { try? JSONDecoder().decode(PhotoFields.self, from: Data($0.utf8)) } }
}

/// A plan's fields as both sides last agreed on them (keyed by its pin). Dates taken off and the
/// visited mark taken off sync too (decision 0110).
struct PlanFields: Codable, Equatable, Sendable {
    var from: String?
    var to: String?
    var note: String?
    var visited: Bool

    init(_ plan: PinPlan) {
        (from, to, note, visited) = (plan.from?.description, plan.to?.description, plan.note, plan.visitedAt != nil)
    }

    init?(json: Any?) {
        guard let o = json as? [String: Any] else { return nil }
        (from, to, note, visited) = (o["from"] as? String, o["to"] as? String, o["note"] as? String, o["visited"] as? Bool ?? false)
    }

    var text: String { String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self) }
    static func parse(_ text: String?) -> PlanFields? { text.flatMap { try? JSONDecoder().decode(PlanFields.self, from: Data($0.utf8)) } }
}

/// Tags added and removed between two lists.
func tagDelta(from old: [String], to new: [String]) -> (add: [String], remove: [String]) {
    (Set(new).subtracting(old).sorted(), Set(old).subtracting(new).sorted())
}

extension Library {
    // MARK: Push

    /// A synced entry changed here: the fields changed since the last agreement go to
    /// `PUT /api/entries/{id}` (tags as `addTags`/`removeTags`), so another device's change to
    /// the others stays. With no agreement kept (synced before this existed), the server's
    /// entry as it is stands for it.
    func pushEntryEdit(local: Int64, remote: Int64, agreed given: String?, key: String, state: SyncServerState, session: SyncSession) async throws {
        let database = try self.database
        let sid = state.id
        guard let entry = try? await self.entry(id: local) else { return }
        let now = EntryFields(entry)
        var agreed = EntryFields.parse(given)
        if agreed == nil {
            let about = try await session.send("GET", "/api/entries/\(remote)")
            if about.status == 404 { return }  // removed there: the removal wins
            guard about.status == 200, let fields = EntryFields(json: try? JSONSerialization.jsonObject(with: about.body)) else {
                throw SyncRefusal(message: SyncSession.message(about))
            }
            agreed = fields
        }
        guard let agreed else { return }
        var change: [String: Any] = [:]
        for (name, mine, theirs) in [("text", now.text, agreed.text), ("title", now.title, agreed.title), ("artist", now.artist, agreed.artist),
                                     ("album", now.album, agreed.album), ("link", now.link, agreed.link)] where mine != theirs {
            change[name] = mine ?? NSNull()
        }
        if now.at != agreed.at, entry.at.offsetText != nil { change["at"] = now.at }
        let tags = tagDelta(from: agreed.tags, to: now.tags)
        if !tags.add.isEmpty { change["addTags"] = tags.add }
        if !tags.remove.isEmpty { change["removeTags"] = tags.remove }
        var fields = agreed
        if !change.isEmpty {
            let answer = try await session.send("PUT", "/api/entries/\(remote)", body: try JSONSerialization.data(withJSONObject: change),
                                                type: "application/json", key: key + "-edit")
            if answer.status == 404 { return }
            guard answer.status < 300 else { throw SyncRefusal(message: SyncSession.message(answer)) }
            fields = EntryFields(json: try? JSONSerialization.jsonObject(with: answer.body)) ?? now
        }
        let agreedText = fields.encoded
        try await database.write { db throws(AlbumError) in try db.mapIds(serverId: sid, entity: "entry", localId: local, remoteId: remote, agreed: agreedText) }
    }

    /// A synced photo changed here: its own tags added or removed since the last agreement go
    /// to `POST /api/photos/{id}/tags` (a photo's content and place do not change).
    func pushPhotoTags(local: Int64, remote: Int64, agreed given: String?, key: String, state: SyncServerState, session: SyncSession) async throws {
        let database = try self.database
        let sid = state.id
        guard let now = try? await ownTags(of: .photo(local)).map(\.value) else { return }
        var agreed = PhotoFields.parse(given)?.tags
        if agreed == nil {
            let about = try await session.send("GET", "/api/photos/\(remote)/tags")
            if about.status == 404 { return }
            guard about.status == 200, let tags = (try? JSONSerialization.jsonObject(with: about.body) as? [String: Any])?["tags"] as? [String] else {
                throw SyncRefusal(message: SyncSession.message(about))
            }
            agreed = tags
        }
        guard var fields = agreed.map({ PhotoFields(tags: $0) }) else { return }
        let delta = tagDelta(from: fields.tags, to: now)
        if !delta.add.isEmpty || !delta.remove.isEmpty {
            let answer = try await session.send("POST", "/api/photos/\(remote)/tags", body: try JSONSerialization.data(withJSONObject: ["add": delta.add, "remove": delta.remove]),
                                                type: "application/json", key: key + "-tags")
            if answer.status == 404 { return }
            guard answer.status < 300, let tags = (try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any])?["tags"] as? [String] else {
                throw SyncRefusal(message: SyncSession.message(answer))
            }
            fields.tags = tags
        }
        let agreedText = fields.text
        try await database.write { db throws(AlbumError) in try db.mapIds(serverId: sid, entity: "photo", localId: local, remoteId: remote, agreed: agreedText) }
    }

    /// A pin's own tags added or removed here since the last agreement (`agreed` nil: the
    /// server's as they are), sent to `POST /api/pins/{id}/tags`. - Returns: the tags agreed now,
    /// nil when the pin is gone there.
    func pushPinTags(_ now: [String], remote: Int64, agreed: [String]?, key: String, session: SyncSession) async throws -> [String]? {
        var base = agreed
        if base == nil {
            let about = try await session.send("GET", "/api/pins/\(remote)/tags")
            if about.status == 404 { return nil }
            guard about.status == 200, let tags = (try? JSONSerialization.jsonObject(with: about.body) as? [String: Any])?["tags"] as? [String] else {
                throw SyncRefusal(message: SyncSession.message(about))
            }
            base = tags
        }
        let delta = tagDelta(from: base ?? [], to: now)
        guard !delta.add.isEmpty || !delta.remove.isEmpty else { return base }
        let answer = try await session.send("POST", "/api/pins/\(remote)/tags", body: try JSONSerialization.data(withJSONObject: ["add": delta.add, "remove": delta.remove]),
                                            type: "application/json", key: key + "-tags")
        if answer.status == 404 { return nil }
        guard answer.status < 300, let tags = (try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any])?["tags"] as? [String] else {
            throw SyncRefusal(message: SyncSession.message(answer))
        }
        return tags
    }

    /// A plan made, changed or removed here (keyed by its pin): `PUT` or `DELETE /api/pins/{id}/plan`
    /// with the fields changed since the last agreement. A plan whose pin is not on the server
    /// yet waits for it (pins are sent first).
    func pushPlan(_ item: OutboxItem, key: String, state: SyncServerState, session: SyncSession) async throws {
        let database = try self.database
        let sid = state.id, local = item.localId
        let mapped = try await database.read { db throws(AlbumError) in try db.remoteId(serverId: sid, entity: "plan", localId: local) }
        if item.op == "remove" {
            guard let mapped else { return }
            let answer = try await session.send("DELETE", "/api/pins/\(mapped.id)/plan", key: key)
            guard answer.status < 300 || answer.status == 404 else { throw SyncRefusal(message: SyncSession.message(answer)) }
            try await database.write { db throws(AlbumError) in try db.unmapIds(serverId: sid, entity: "plan", localId: local) }
            return
        }
        let plans = try await self.plans(now: Date(), upcoming: false, systemZone: TimeZone.current.identifier)
        guard let plan = plans.first(where: { $0.plan.pin.id == local })?.plan else { return }  // removed since: its removal follows
        guard let pin = try await database.read({ db throws(AlbumError) in try db.remoteId(serverId: sid, entity: "pin", localId: local) }) else {
            throw SyncRefusal(message: "the plan of pin \(local) waits for its pin to reach the server")
        }
        let now = PlanFields(plan), agreed = PlanFields.parse(mapped?.agreed)
        var change: [String: Any] = [:]
        if let from = now.from, let to = now.to, agreed?.from != from || agreed?.to != to { (change["from"], change["to"]) = (from, to) }
        if now.from == nil, let agreed, agreed.from != nil { (change["from"], change["to"]) = (NSNull(), NSNull()) }  // dates taken off here
        if let note = now.note, agreed?.note != note { change["note"] = note }
        if now.visited, agreed?.visited != true { change["visited"] = true }
        if !now.visited, agreed?.visited == true, change["from"] == nil || change["from"] is NSNull { change["visited"] = false }
        if mapped != nil, change.isEmpty { return }
        let answer = try await session.send("PUT", "/api/pins/\(pin.id)/plan", body: try JSONSerialization.data(withJSONObject: change),
                                            type: "application/json", key: key)
        if answer.status == 404 { return }  // the pin was removed there: the removal wins
        guard answer.status < 300 else { throw SyncRefusal(message: SyncSession.message(answer)) }
        let fields = (PlanFields(json: try? JSONSerialization.jsonObject(with: answer.body)) ?? now).text
        try await database.write { db throws(AlbumError) in try db.mapIds(serverId: sid, entity: "plan", localId: local, remoteId: pin.id, agreed: fields) }
    }

    // MARK: Pull

    /// A server's entry that is (now) mapped here: its fields and tags made as the server has them.
    /// - Returns: whether anything here changed.
    func reconcileEntry(local: Int64, remote: Int64, found: [String: Any], state: SyncServerState) async throws -> Bool {
        let database = try self.database
        let sid = state.id
        guard let server = EntryFields(json: found), let entry = try? await self.entry(id: local) else { return false }
        let here = EntryFields(entry)
        if here != server {
            var edit = EntryEdit()
            if here.text != server.text { edit.text = server.text ?? "" }
            if here.title != server.title { edit.title = server.title ?? "" }
            if here.artist != server.artist { edit.artist = server.artist ?? "" }
            if here.album != server.album { edit.album = server.album ?? "" }
            if here.link != server.link { edit.link = server.link ?? "" }
            if here.at != server.at, let at = found["at"] as? String, let offset = found["offset"] as? String {
                edit.at = PhotoTime(parsing: at, offset: offset, offsetSource: .user)
            }
            let delta = tagDelta(from: here.tags, to: server.tags)
            edit.addTags = delta.add.map { TagName(stored: $0) }
            edit.removeTags = delta.remove.map { TagName(stored: $0) }
            if edit != EntryEdit() { _ = try await editEntry(id: local, edit) }
            try await database.write { db throws(AlbumError) in try db.noteEcho(serverId: sid, entity: "entry", localId: local) }
        }
        let agreed = server.encoded
        try await database.write { db throws(AlbumError) in try db.mapIds(serverId: sid, entity: "entry", localId: local, remoteId: remote, agreed: agreed) }
        return here != server
    }

    /// A server's photo that is (now) mapped here: its own tags made as the server has them.
    /// - Returns: whether anything here changed.
    func reconcilePhotoTags(local: Int64, remote: Int64, state: SyncServerState, session: SyncSession) async throws -> Bool {
        let database = try self.database
        let sid = state.id
        let about = try await session.send("GET", "/api/photos/\(remote)/tags")
        guard about.status == 200, let server = (try? JSONSerialization.jsonObject(with: about.body) as? [String: Any])?["tags"] as? [String],
              let here = try? await ownTags(of: .photo(local)).map(\.value)
        else { return false }
        let delta = tagDelta(from: here, to: server)
        if !delta.add.isEmpty || !delta.remove.isEmpty {
            _ = try await changeOwnTags(of: .photo(local), add: delta.add.map { TagName(stored: $0) }, remove: delta.remove.map { TagName(stored: $0) })
            try await database.write { db throws(AlbumError) in try db.noteEcho(serverId: sid, entity: "photo", localId: local) }
        }
        let agreed = PhotoFields(tags: server).text
        try await database.write { db throws(AlbumError) in try db.mapIds(serverId: sid, entity: "photo", localId: local, remoteId: remote, agreed: agreed) }
        return !delta.add.isEmpty || !delta.remove.isEmpty
    }

    /// A server's plan change (its id is its pin's): made here as the server has it, or removed.
    /// - Returns: whether anything here changed.
    func applyPlan(remote: Int64, remove: Bool, state: SyncServerState, session: SyncSession) async throws -> Bool {
        let database = try self.database
        let sid = state.id
        guard let pin = try await database.read({ db throws(AlbumError) in try db.localId(serverId: sid, entity: "pin", remoteId: remote) }) else {
            return false  // its pin is not here (removed here: the push removes it there)
        }
        let local = pin.id
        let plans = try await self.plans(now: Date(), upcoming: false, systemZone: TimeZone.current.identifier)
        let current = plans.first(where: { $0.plan.pin.id == local })?.plan
        var server: PlanFields?
        if !remove {
            let answer = try await session.send("GET", "/api/pins/\(remote)/plan")
            if answer.status == 200 {
                server = PlanFields(json: try? JSONSerialization.jsonObject(with: answer.body))
            } else if answer.status != 404 {
                return false
            }
        }
        guard let server else {
            guard current != nil else { return false }
            _ = try? await removePlan(pinId: local)
            try await database.write { db throws(AlbumError) in
                try db.noteEcho(serverId: sid, entity: "plan", localId: local)
                try db.unmapIds(serverId: sid, entity: "plan", localId: local)
            }
            return true
        }
        let here = current.map(PlanFields.init)
        if here != server {
            let from = try server.from.map { text throws(AlbumError) in try LocalDate(parsing: text) }
            let to = try server.to.map { text throws(AlbumError) in try LocalDate(parsing: text) }
            let now = Date()
            let plan = try await setPlan(pinId: local, from: from, to: to, note: server.note, markVisited: server.visited && here?.visited != true, now: now)
            // Dates or the visited mark taken off there: taken off here.
            let clearDates = server.from == nil && plan.from != nil, unvisit = !server.visited && plan.visitedAt != nil
            if clearDates || unvisit { _ = try await clearPlan(pinId: local, dates: clearDates, visited: unvisit, now: now) }
            try await database.write { db throws(AlbumError) in try db.noteEcho(serverId: sid, entity: "plan", localId: local) }
        }
        let agreed = server.text
        try await database.write { db throws(AlbumError) in try db.mapIds(serverId: sid, entity: "plan", localId: local, remoteId: remote, agreed: agreed) }
        return here != server
    }
}
