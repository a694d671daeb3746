import AlbumFiles
import AlbumModel
import AlbumNet
import AlbumStore
import Foundation

/// A pin's fields as both sides last agreed on them: last writer wins per field (decision 0062).
struct PinFields: Codable, Equatable, Sendable {
    var latitude: Double
    var longitude: Double
    var title: String?
    var note: String?
    /// Its own tags, sorted (nil in an agreement kept before tags were synced: decision 0092).
    var tags: [String]?

    init(_ pin: Pin, tags: [String]? = nil) {
        (latitude, longitude, title, note) = (pin.coordinate.latitude, pin.coordinate.longitude, pin.title, pin.note)
        self.tags = tags
    }

    init?(json: Any?) {
        guard let o = json as? [String: Any], let lat = o["latitude"] as? Double, let lon = o["longitude"] as? Double else { return nil }
        (latitude, longitude, title, note) = (lat, lon, o["title"] as? String, o["note"] as? String)
    }

    var text: String { String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self) }
    static func parse(_ text: String?) -> PinFields? { text.flatMap { try? JSONDecoder().decode(PinFields.self, from: Data($0.utf8)) } }
}

extension Library {
    // MARK: Push

    /// Sends one outbox row.
    /// - Throws: `SyncSession.Failure` (try again later), `SyncRefusal` (the server will not take it).
    func push(_ item: OutboxItem, state: SyncServerState, session: SyncSession) async throws {
        let database = try self.database
        let sid = state.id, entity = item.entity, local = item.localId
        let mapped = try await database.read { db throws(AlbumError) in try db.remoteId(serverId: sid, entity: entity, localId: local) }
        let key = "\(state.device)-\(entity)-\(local)-\(item.seq)"
        if entity == "plan" { return try await pushPlan(item, key: key, state: state, session: session) }
        if entity == "reminder" { return try await pushReminder(item, key: key, state: state, session: session) }
        if item.op == "remove" {
            guard let mapped else { return }
            let path = entity == "pin" ? "/api/pins/\(mapped.id)" : entity == "photo" ? "/api/photos/\(mapped.id)" : "/api/entries/\(mapped.id)"
            let answer = try await session.send("DELETE", path, key: key)
            guard answer.status < 300 || answer.status == 404 else { throw SyncRefusal(message: SyncSession.message(answer)) }
            try await database.write { db throws(AlbumError) in try db.unmapIds(serverId: sid, entity: entity, localId: local) }
            return
        }
        // A note, a check-in or a song without a file: JSON, not an upload.
        if entity == "entry", mapped == nil, let entry = try? await self.entry(id: local), entry.content.clip == nil {
            return try await pushEntry(entry, key: key, state: state, session: session)
        }
        switch entity {
        case "pin":
            guard let pin = try? await self.pin(id: local) else { return }  // removed since: its removal follows
            let now = PinFields(pin, tags: try await ownTags(of: .pin(local)).map(\.value))
            if let mapped {
                // Only the fields changed here since the last agreement: another device's change
                // to the others stays (last writer per field).
                let agreed = PinFields.parse(mapped.agreed)
                var change: [String: Any] = [:]
                if agreed?.latitude != now.latitude || agreed?.longitude != now.longitude {
                    change["latitude"] = now.latitude; change["longitude"] = now.longitude; change["fetch"] = false
                }
                if agreed?.title != now.title { change["title"] = now.title ?? NSNull() }
                if agreed?.note != now.note { change["note"] = now.note ?? NSNull() }
                var fields = agreed ?? now
                if !change.isEmpty {
                    let answer = try await session.send("PUT", "/api/pins/\(mapped.id)", body: try JSONSerialization.data(withJSONObject: change),
                                                        type: "application/json", key: key)
                    if answer.status == 404 { return }  // removed on the server: the removal wins (the pull removes it here)
                    guard answer.status < 300 else { throw SyncRefusal(message: SyncSession.message(answer)) }
                    fields = PinFields(json: try? JSONSerialization.jsonObject(with: answer.body)) ?? now
                }
                // Its own tags one by one: added or removed here since the agreement.
                guard let tags = try await pushPinTags(now.tags ?? [], remote: mapped.id, agreed: agreed?.tags, key: key, session: session) else { return }
                fields.tags = tags
                let agreedText = fields.text
                try await database.write { db throws(AlbumError) in
                    try db.mapIds(serverId: sid, entity: entity, localId: local, remoteId: mapped.id, agreed: agreedText)
                }
            } else {
                // The pin's own id on this device: a retry whose first answer was lost, even one the
                // server never kept (killed after its commit), gets that pin again (decision 0077).
                var body: [String: Any] = ["latitude": now.latitude, "longitude": now.longitude, "fetch": false,
                                           "clientId": "\(state.device)-pin-\(local)"]
                if let title = now.title { body["title"] = title }
                if let note = now.note { body["note"] = note }
                let answer = try await session.send("POST", "/api/pins", body: try JSONSerialization.data(withJSONObject: body),
                                                    type: "application/json", key: key)
                guard answer.status < 300, let object = try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any],
                      let id = (object["id"] as? NSNumber)?.int64Value
                else { throw SyncRefusal(message: SyncSession.message(answer)) }
                var made = PinFields(json: object) ?? now
                made.tags = []
                let agreed = made.text
                try await database.write { db throws(AlbumError) in
                    try db.mapIds(serverId: sid, entity: entity, localId: local, remoteId: id, agreed: agreed)
                }
                if let tags = now.tags, !tags.isEmpty, let sent = try await pushPinTags(tags, remote: id, agreed: [], key: key, session: session) {
                    made.tags = sent
                    let agreed = made.text
                    try await database.write { db throws(AlbumError) in
                        try db.mapIds(serverId: sid, entity: entity, localId: local, remoteId: id, agreed: agreed)
                    }
                }
            }
        case "photo", "entry":
            // A photo's or sound's content does not change: its tags (and a sound's time) do.
            if let mapped {
                if entity == "photo" {
                    return try await pushPhotoTags(local: local, remote: mapped.id, agreed: mapped.agreed, key: key, state: state, session: session)
                }
                return try await pushEntryEdit(local: local, remote: mapped.id, agreed: mapped.agreed, key: key, state: state, session: session)
            }
            let file: String, name: String
            if entity == "photo" {
                guard let photo = try? await self.photo(id: local) else { return }
                guard photo.state == .downloaded, let stored = photo.file else { return }  // sent when it is downloaded
                file = stored
                name = photo.title.map { $0.isEmpty ? "photo-\(local).jpg" : $0 } ?? "photo-\(local).jpg"
            } else {
                guard let entry = try? await self.entry(id: local) else { return }
                guard let clip = entry.content.clip else {
                    throw SyncRefusal(message: "a \(entry.kind.rawValue) entry has no upload route yet: it stays on this device")
                }
                file = clip.file
                name = "sound-\(local)." + (clip.file as NSString).pathExtension
            }
            let data: Data
            do { data = try Data(contentsOf: url(forStoredPath: file), options: .alwaysMapped) } catch {
                throw SyncRefusal(message: "the file of \(entity) \(local) cannot be read: run album verify")
            }
            let boundary = "geoalbum-" + PasswordHasherBridge.randomHex()
            var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(name.replacingOccurrences(of: "\"", with: "'"))\"\r\n".utf8)
            body += Data("Content-Type: application/octet-stream\r\n\r\n".utf8) + data + Data("\r\n--\(boundary)--\r\n".utf8)
            let answer = try await session.send("POST", "/api/entries", body: body, type: "multipart/form-data; boundary=\(boundary)", key: key)
            guard answer.status < 300, let object = try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any] else {
                throw SyncRefusal(message: SyncSession.message(answer))
            }
            let made = (object["photo"] as? [String: Any]) ?? (object["entry"] as? [String: Any])
            guard let id = (made?["id"] as? NSNumber)?.int64Value else { throw SyncRefusal(message: "the server's answer names no id") }
            try await database.write { db throws(AlbumError) in try db.mapIds(serverId: sid, entity: entity, localId: local, remoteId: id, agreed: nil) }
            // Its tags follow (the upload carries the file only).
            if entity == "photo" {
                try await pushPhotoTags(local: local, remote: id, agreed: nil, key: key, state: state, session: session)
            } else {
                try await pushEntryEdit(local: local, remote: id, agreed: nil, key: key, state: state, session: session)
            }
        default:
            return
        }
    }

    /// A note, a check-in or a song without a file (decision 0078): `POST /api/entries` as JSON with
    /// the entry's own `clientId`, its local time and offset, its place (the pin's server id when
    /// the pin is synced, else its coordinate) and its tags.
    private func pushEntry(_ entry: Entry, key: String, state: SyncServerState, session: SyncSession) async throws {
        let database = try self.database
        let sid = state.id
        var body: [String: Any] = ["clientId": "\(state.device)-entry-\(entry.id)", "at": entry.at.localText + (entry.at.offsetText ?? "")]
        switch entry.content {
        case .note(let text): (body["kind"], body["text"]) = ("note", text)
        case .place(let note):
            body["kind"] = "place"
            if let note { body["text"] = note }
        case .song(let song):
            (body["kind"], body["title"], body["artist"]) = ("song", song.title, song.artist)
            if let album = song.album { body["album"] = album }
            if let link = song.link { body["link"] = link }
        case .audio: return
        }
        let pin = try await entry.pinId.asyncMap { local in
            try await database.read { db throws(AlbumError) in try db.remoteId(serverId: sid, entity: "pin", localId: local) }
        }
        if let pin = pin ?? nil {
            body["pinId"] = pin.id
        } else if let coordinate = entry.coordinate {
            (body["latitude"], body["longitude"]) = (coordinate.latitude, coordinate.longitude)
        }
        if !entry.tags.isEmpty { body["tags"] = entry.tags.map(\.value) }
        let answer = try await session.send("POST", "/api/entries", body: try JSONSerialization.data(withJSONObject: body),
                                            type: "application/json", key: key)
        guard answer.status < 300, let object = try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any],
              let id = (object["id"] as? NSNumber)?.int64Value
        else { throw SyncRefusal(message: SyncSession.message(answer)) }
        let agreed = (EntryFields(json: object) ?? EntryFields(entry)).encoded
        try await database.write { db throws(AlbumError) in try db.mapIds(serverId: sid, entity: "entry", localId: entry.id, remoteId: id, agreed: agreed) }
    }

    /// A server's note, check-in or song without a file, made here (its tags and place with it).
    /// A pin not mapped here yet: the entry's coordinate. - Returns: nil for a kind that has no JSON.
    private func pullEntry(_ found: [String: Any], state: SyncServerState) async throws -> Entry? {
        let database = try self.database
        let sid = state.id
        let content: EntryContent
        switch found["kind"] as? String {
        case "note": content = .note(found["text"] as? String ?? "")
        case "place": content = .place(note: found["text"] as? String)
        case "song":
            content = .song(Song(title: found["title"] as? String ?? "", artist: found["artist"] as? String ?? "",
                                 album: found["album"] as? String, link: found["link"] as? String))
        default: return nil
        }
        var position: EntryPosition?
        let remotePin = (found["pinId"] as? NSNumber)?.int64Value
        if let remotePin, let pin = try await database.read({ db throws(AlbumError) in try db.localId(serverId: sid, entity: "pin", remoteId: remotePin) }) {
            position = .pin(pin.id)
        } else if let lat = found["latitude"] as? Double, let lon = found["longitude"] as? Double {
            position = .coordinate(try Coordinate(latitude: lat, longitude: lon))
        }
        let at = try (found["at"] as? String).map { text throws(AlbumError) in try EntryClock.Given(parsing: text + (found["offset"] as? String ?? "")) }
        let tags = try (found["tags"] as? [String] ?? []).map { text throws(AlbumError) in try TagName(text) }
        return try await addEntry(content, at: at, position: position, tags: tags, now: Date(), systemZone: TimeZone.current.identifier).entry
    }

    // MARK: Pull

    /// Applies the server's changes since the cursor, a page at a time, the cursor kept after each.
    /// - Returns: how many changes were applied.
    func pull(state: SyncServerState, session: SyncSession) async throws -> Int {
        let database = try self.database
        var cursor = try await database.read { db throws(AlbumError) in try db.syncServers().first { $0.id == state.id }?.pullCursor ?? 0 }
        var applied = 0
        while true {
            let answer = try await session.send("GET", "/api/changes?since=\(cursor)&limit=200")
            guard answer.status == 200, let page = try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any],
                  let changes = page["changes"] as? [[String: Any]], let next = (page["cursor"] as? NSNumber)?.int64Value
            else { throw SyncSession.Failure.unreachable("GET /api/changes: \(SyncSession.message(answer))") }
            for change in changes {
                guard let entity = change["entity"] as? String, let id = (change["id"] as? NSNumber)?.int64Value, let op = change["op"] as? String else { continue }
                if try await apply(entity: entity, remote: id, remove: op == "remove", state: state, session: session) { applied += 1 }
            }
            let sid = state.id
            try await database.write { db throws(AlbumError) in try db.setPullCursor(serverId: sid, next) }
            cursor = next
            guard page["more"] as? Bool == true else { return applied }
        }
    }

    /// One server change made here. - Returns: whether anything here changed.
    private func apply(entity: String, remote: Int64, remove: Bool, state: SyncServerState, session: SyncSession) async throws -> Bool {
        let database = try self.database
        let sid = state.id
        if entity == "plan" { return try await applyPlan(remote: remote, remove: remove, state: state, session: session) }
        if entity == "reminder" { return try await applyReminder(remote: remote, remove: remove, state: state, session: session) }
        guard ["pin", "photo", "entry"].contains(entity) else { return false }
        let mapped = try await database.read { db throws(AlbumError) in try db.localId(serverId: sid, entity: entity, remoteId: remote) }
        func echo(_ entity: String, _ local: Int64) async throws {
            try await database.write { db throws(AlbumError) in try db.noteEcho(serverId: sid, entity: entity, localId: local) }
        }
        func forget() async throws {
            guard let mapped else { return }
            switch entity {
            case "pin": _ = try? await removePin(id: mapped.id)
            case "photo": _ = try? await removePhoto(id: mapped.id)
            default: _ = try? await removeEntry(id: mapped.id)
            }
            try await echo(entity, mapped.id)
            try await database.write { db throws(AlbumError) in try db.unmapIds(serverId: sid, entity: entity, localId: mapped.id) }
        }
        if remove {
            try await forget()
            return mapped != nil
        }
        switch entity {
        case "pin":
            let answer = try await session.send("GET", "/api/pins/\(remote)")
            if answer.status == 404 { try await forget(); return mapped != nil }
            guard answer.status == 200, var untagged = PinFields(json: try? JSONSerialization.jsonObject(with: answer.body)) else { return false }
            let tagged = try await session.send("GET", "/api/pins/\(remote)/tags")
            if tagged.status == 404 { try await forget(); return mapped != nil }
            guard tagged.status == 200, let tags = (try? JSONSerialization.jsonObject(with: tagged.body) as? [String: Any])?["tags"] as? [String] else { return false }
            untagged.tags = tags
            let server = untagged
            let local: Int64
            if let mapped {
                guard let pin = try? await self.pin(id: mapped.id) else { return false }  // removed here: the push removes it there
                let here = PinFields(pin, tags: try await ownTags(of: .pin(mapped.id)).map(\.value))
                guard here != server else {
                    try await database.write { db throws(AlbumError) in try db.mapIds(serverId: sid, entity: entity, localId: mapped.id, remoteId: remote, agreed: server.text) }
                    return false
                }
                if here.latitude != server.latitude || here.longitude != server.longitude {
                    _ = try await movePin(id: mapped.id, to: try Coordinate(latitude: server.latitude, longitude: server.longitude))
                }
                if here.title != server.title || here.note != server.note {
                    _ = try await editPin(id: mapped.id, title: .some(server.title), note: .some(server.note))
                }
                let delta = tagDelta(from: here.tags ?? [], to: tags)
                if !delta.add.isEmpty || !delta.remove.isEmpty {
                    _ = try await changeOwnTags(of: .pin(mapped.id), add: delta.add.map { TagName(stored: $0) }, remove: delta.remove.map { TagName(stored: $0) })
                }
                local = mapped.id
            } else {
                local = try await addPin(at: try Coordinate(latitude: server.latitude, longitude: server.longitude), title: server.title, note: server.note).id
                if !tags.isEmpty { _ = try await changeOwnTags(of: .pin(local), add: tags.map { TagName(stored: $0) }, remove: []) }
            }
            try await echo("pin", local)
            try await database.write { db throws(AlbumError) in try db.mapIds(serverId: sid, entity: entity, localId: local, remoteId: remote, agreed: server.text) }
            return true
        case "photo", "entry":
            if let mapped {
                // Its content does not change: its tags (and an entry's text and time) do.
                if entity == "photo" { return try await reconcilePhotoTags(local: mapped.id, remote: remote, state: state, session: session) }
                let about = try await session.send("GET", "/api/entries/\(remote)")
                if about.status == 404 { try await forget(); return true }
                guard about.status == 200, let found = try? JSONSerialization.jsonObject(with: about.body) as? [String: Any] else { return false }
                return try await reconcileEntry(local: mapped.id, remote: remote, found: found, state: state)
            }
            var name = entity == "photo" ? "photo-\(remote).jpg" : "sound-\(remote)"
            var entryFound: [String: Any]?
            let mediaPath: String
            if entity == "photo" {
                let about = try await session.send("GET", "/api/photos/\(remote)")
                guard about.status == 200, let photo = try? JSONSerialization.jsonObject(with: about.body) as? [String: Any],
                      photo["state"] as? String == "downloaded" else { return false }
                if let title = photo["title"] as? String, !title.isEmpty { name = title }
                mediaPath = "/api/media/\(remote)"
            } else {
                let about = try await session.send("GET", "/api/entries/\(remote)")
                guard about.status == 200, let found = try? JSONSerialization.jsonObject(with: about.body) as? [String: Any] else { return false }
                guard found["file"] is String else {
                    guard let entry = try await pullEntry(found, state: state) else { return false }
                    try await echo("entry", entry.id)
                    let agreed = (EntryFields(json: found) ?? EntryFields(entry)).encoded
                    try await database.write { db throws(AlbumError) in try db.mapIds(serverId: sid, entity: entity, localId: entry.id, remoteId: remote, agreed: agreed) }
                    return true
                }
                entryFound = found
                if let type = found["mediaType"] as? String, let ext = AudioExtensions.forMediaType(type) { name += "." + ext }
                mediaPath = "/api/entries/\(remote)/media"
            }
            let media = try await session.send("GET", mediaPath)
            guard media.status == 200 else { return false }
            let outcome: UploadOutcome
            do {
                outcome = try await importSynced(media.body, name: name)
            } catch let error as AlbumError {
                // Not taken here (a photo removed here before: removals win): left as it is.
                if case .invalidInput = error { return false }
                throw error
            }
            let local: Int64
            switch outcome {
            case .photo(let photo, _):
                local = photo.id
                try await echo("photo", photo.id)
                if photo.pinId > 0 { try await echo("pin", photo.pinId) }
            case .entry(let entry, _):
                local = entry.id
                try await echo("entry", entry.id)
            }
            try await database.write { db throws(AlbumError) in try db.mapIds(serverId: sid, entity: entity, localId: local, remoteId: remote, agreed: nil) }
            // Its tags (and a sound's time) as the server has them.
            if entity == "photo" {
                _ = try await reconcilePhotoTags(local: local, remote: remote, state: state, session: session)
            } else if let entryFound {
                _ = try await reconcileEntry(local: local, remote: remote, found: entryFound, state: state)
            }
            return true
        default:
            return false
        }
    }

    /// A file pulled from the server, imported here as an upload is there.
    private func importSynced(_ data: Data, name: String) async throws -> UploadOutcome {
        let uploads = self.folder.appendingPathComponent(".uploads", isDirectory: true)
        await UploadFolders.sweep(uploads)
        let folder = uploads.appendingPathComponent("sync-" + PasswordHasherBridge.randomHex(), isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: folder) }
        let safe = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init).map { $0.hasPrefix(".") ? "f" + $0 : $0 } ?? "file"
        let file = folder.appendingPathComponent(safe)
        try data.write(to: file)
        return try await importUpload(file, name: safe, maxBytes: max(data.count, 1), systemZone: TimeZone.current.identifier)
    }
}

extension Optional {
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}

/// Random names for sync's temporary folders and multipart boundaries.
enum PasswordHasherBridge {
    static func randomHex() -> String { (0..<12).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined() }
}

/// A sound's file extension from its media type (the reverse of `AudioReader.mediaTypes`).
enum AudioExtensions {
    static func forMediaType(_ type: String) -> String? {
        ["audio/mp4": "m4a", "audio/aac": "aac", "audio/mpeg": "mp3", "audio/ogg": "ogg", "audio/flac": "flac", "audio/wav": "wav"][type]
    }
}
