import AlbumModel
import AlbumNet
import AlbumSeam
import AlbumStore
import Foundation

/// A reminder's synced state as both sides last agreed on it (decision 0110), in the server's
/// terms: `deliveredBy` nil is the server, else a device. Its rule, zone, text and pin do not
/// change after it is made (no command changes them).
struct ReminderFields: Codable, Equatable, Sendable {
    var scheduledAt: Int64?
    var snoozedUntil: Int64?
    var done: Bool
    var deliveredBy: String?

    /// This library's reminder, its deliverer named as the server names it (`device`: this library).
    init(_ r: Reminder, device: String) {
        scheduledAt = r.scheduledAt.map(ReminderRecord.seconds)
        snoozedUntil = r.snoozedUntil.map(ReminderRecord.seconds)
        done = r.isDone
        deliveredBy = switch r.deliveredBy {
        case nil: device
        case Reminder.serverDevice?: nil
        case let other?: other
        }
    }

    /// From the API's reminder JSON.
    init?(json: Any?) {
        guard let o = json as? [String: Any], let done = o["done"] as? Bool else { return nil }
        func instant(_ name: String) -> Int64? { (o[name] as? String).flatMap(Self.parse).map(ReminderRecord.seconds) }
        (scheduledAt, snoozedUntil, self.done, deliveredBy) = (instant("scheduledAt"), instant("snoozedUntil"), done, o["deliveredBy"] as? String)
    }

    /// The deliverer as this library keeps it: nil when it is this library (`device`).
    func localDeliverer(device: String) -> String? {
        switch deliveredBy {
        case nil: Reminder.serverDevice
        case device?: nil
        case let other?: other
        }
    }

    static func parse(_ text: String) -> Date? {
        let parser = ISO8601DateFormatter()
        parser.formatOptions = [.withInternetDateTime]
        return parser.date(from: text)
    }

    static func text(_ seconds: Int64?) -> Any {
        guard let seconds else { return NSNull() }
        let printer = ISO8601DateFormatter()
        printer.formatOptions = [.withInternetDateTime]
        return printer.string(from: ReminderRecord.date(seconds))
    }

    var encoded: String { String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self) }
    static func decode(_ text: String?) -> ReminderFields? { text.flatMap { try? JSONDecoder().decode(ReminderFields.self, from: Data($0.utf8)) } }
}

extension Library {
    // MARK: Push

    /// A reminder made, changed or removed here (decision 0110). New: `POST /api/reminders` with
    /// its rule, zone, text, pin (the server's id: it waits for its pin), the device that
    /// delivers it and its own `clientId` (a server killed after its commit answers the same
    /// reminder to the retry); then, as for a changed one, `PUT` with the state fields changed
    /// here since the last agreement. Done is sent, never taken back; a snooze of a done
    /// reminder is not sent (done wins).
    func pushReminder(_ item: OutboxItem, key: String, state: SyncServerState, session: SyncSession) async throws {
        let database = try self.database
        let sid = state.id, local = item.localId
        let mapped = try await database.read { db throws(AlbumError) in try db.remoteId(serverId: sid, entity: "reminder", localId: local) }
        if item.op == "remove" {
            guard let mapped else { return }
            let answer = try await session.send("DELETE", "/api/reminders/\(mapped.id)", key: key)
            guard answer.status < 300 || answer.status == 404 else { throw SyncRefusal(message: SyncSession.message(answer)) }
            try await database.write { db throws(AlbumError) in try db.unmapIds(serverId: sid, entity: "reminder", localId: local) }
            return
        }
        guard let reminder = try? await self.reminder(id: local) else { return }  // removed since: its removal follows
        let now = ReminderFields(reminder, device: state.device)
        let remote: Int64
        var agreed: ReminderFields
        if let mapped {
            remote = mapped.id
            if let kept = ReminderFields.decode(mapped.agreed) {
                agreed = kept
            } else {
                let about = try await session.send("GET", "/api/reminders/\(remote)")
                if about.status == 404 { return }  // removed there: the removal wins
                guard about.status == 200, let fields = ReminderFields(json: try? JSONSerialization.jsonObject(with: about.body)) else {
                    throw SyncRefusal(message: SyncSession.message(about))
                }
                agreed = fields
            }
        } else {
            var body: [String: Any] = ["clientId": "\(state.device)-reminder-\(local)", "kind": reminder.rule.kind, "zone": reminder.zone, "allowPast": true]
            switch reminder.rule {
            case .once(let at): body["at"] = at.description
            case .daily(let time): body["time"] = time.description
            case .weekly(let day, let time): (body["day"], body["time"]) = (day.name, time.description)
            }
            if let text = reminder.text { body["text"] = text }
            if let pinId = reminder.pinId {
                guard let pin = try await database.read({ db throws(AlbumError) in try db.remoteId(serverId: sid, entity: "pin", localId: pinId) }) else {
                    throw SyncRefusal(message: "reminder \(local) waits for its pin \(pinId) to reach the server")
                }
                body["pinId"] = pin.id
            }
            if let device = now.deliveredBy { body["deliveredBy"] = device }
            let answer = try await session.send("POST", "/api/reminders", body: try JSONSerialization.data(withJSONObject: body),
                                                type: "application/json", key: key)
            if answer.status == 404 { return }  // its pin was removed there: the removal wins (the pull removes it here)
            guard answer.status < 300, let object = try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any],
                  let id = (object["id"] as? NSNumber)?.int64Value, let made = ReminderFields(json: object)
            else { throw SyncRefusal(message: SyncSession.message(answer)) }
            (remote, agreed) = (id, made)
            let text = made.encoded
            try await database.write { db throws(AlbumError) in
                try db.mapIds(serverId: sid, entity: "reminder", localId: local, remoteId: id, agreed: text)
            }
        }
        var change: [String: Any] = [:]
        if now.scheduledAt != agreed.scheduledAt { change["scheduledAt"] = ReminderFields.text(now.scheduledAt) }
        if now.snoozedUntil != agreed.snoozedUntil, !now.done { change["snoozedUntil"] = ReminderFields.text(now.snoozedUntil) }
        if now.done, !agreed.done { change["done"] = true }
        if now.deliveredBy != agreed.deliveredBy { change["deliveredBy"] = now.deliveredBy ?? NSNull() }
        if !change.isEmpty {
            let answer = try await session.send("PUT", "/api/reminders/\(remote)", body: try JSONSerialization.data(withJSONObject: change),
                                                type: "application/json", key: key + "-edit")
            if answer.status == 404 { return }  // removed there: the removal wins
            guard answer.status < 300, let fields = ReminderFields(json: try? JSONSerialization.jsonObject(with: answer.body)) else {
                throw SyncRefusal(message: SyncSession.message(answer))
            }
            agreed = fields
        }
        let text = agreed.encoded
        try await database.write { db throws(AlbumError) in try db.mapIds(serverId: sid, entity: "reminder", localId: local, remoteId: remote, agreed: text) }
    }

    // MARK: Pull

    /// A server's reminder change made here: a new one made as the server has it (its next
    /// occurrence as it is there, not computed again; a reminder of a pin not here is left), a
    /// known one given the server's state (done stays done), a removed one removed.
    /// - Returns: whether anything here changed.
    func applyReminder(remote: Int64, remove: Bool, state: SyncServerState, session: SyncSession) async throws -> Bool {
        let database = try self.database
        let sid = state.id, device = state.device
        let mapped = try await database.read { db throws(AlbumError) in try db.localId(serverId: sid, entity: "reminder", remoteId: remote) }
        func forget() async throws -> Bool {
            guard let mapped else { return false }
            _ = try? await removeReminder(id: mapped.id)
            try await database.write { db throws(AlbumError) in
                try db.noteEcho(serverId: sid, entity: "reminder", localId: mapped.id)
                try db.unmapIds(serverId: sid, entity: "reminder", localId: mapped.id)
            }
            return true
        }
        if remove { return try await forget() }
        let about = try await session.send("GET", "/api/reminders/\(remote)")
        if about.status == 404 { return try await forget() }
        guard about.status == 200, let object = try? JSONSerialization.jsonObject(with: about.body) as? [String: Any],
              let server = ReminderFields(json: object)
        else { return false }
        let change = ReminderChange(scheduledAt: .some(server.scheduledAt.map(ReminderRecord.date)), snoozedUntil: .some(server.snoozedUntil.map(ReminderRecord.date)),
                                    done: server.done ? true : nil, deliveredBy: .some(server.localDeliverer(device: device)))
        let local: Int64
        var changed = true
        if let mapped {
            guard let here = try? await reminder(id: mapped.id) else { return false }  // removed here: the push removes it there
            changed = ReminderFields(here, device: device) != server
            if changed { _ = try await changeReminder(id: mapped.id, change, now: Date()) }
            local = mapped.id
        } else {
            var pin: Int64?
            if let remotePin = (object["pinId"] as? NSNumber)?.int64Value {
                guard let found = try await database.read({ db throws(AlbumError) in try db.localId(serverId: sid, entity: "pin", remoteId: remotePin) }) else {
                    return false  // its pin is not here (removed here: the push removes it there)
                }
                pin = found.id
            }
            guard let rule = try? ReminderRule(kind: object["kind"] as? String ?? "", text: object["rule"] as? String ?? ""),
                  let zone = object["zone"] as? String, (try? TimeZone.iana(zone)) != nil
            else { return false }
            let record = NewReminderRecord(
                pinId: pin, text: object["text"] as? String, rule: rule, zone: zone,
                zoneSource: ZoneSource(rawValue: object["zoneSource"] as? String ?? "") ?? .option,
                scheduledAt: server.scheduledAt.map(ReminderRecord.date), deliveredBy: server.localDeliverer(device: device))
            let made = try await addSyncedReminder(record, now: Date())
            if server.done || server.snoozedUntil != nil { _ = try await changeReminder(id: made.id, change, now: Date()) }
            local = made.id
        }
        let agreed = server.encoded, echoed = changed
        try await database.write { db throws(AlbumError) in
            if echoed { try db.noteEcho(serverId: sid, entity: "reminder", localId: local) }
            try db.mapIds(serverId: sid, entity: "reminder", localId: local, remoteId: remote, agreed: agreed)
        }
        return changed
    }
}
