import AlbumCore
import AlbumModel
import Foundation
import HTTPTypes
import Hummingbird

/// Notes, songs and check-ins written through the API (issue 26, for the page's add sheet): the
/// checks and messages of `album note add`, `song add`, `check-in` and `entry edit|rm`, with the
/// API's field names. A sound file is uploaded, not written as JSON (the upload route's part).
extension AlbumAPI {
    /// A body may carry a note of `EntryText.maxNote` characters, escaped: more than `JSONBody.maxBytes`.
    static let maxEntryBody = 2 << 20

    /// `POST /api/entries` `{kind: note|song|place, text, title, artist, album, link, at, pinId |
    /// latitude+longitude | place, tags, clientId}`: 201 with the new entry; 200 with the first
    /// one when its `clientId` was seen before, nothing stored again.
    func addEntry(_ call: Call) async throws -> Response {
        let body = try await call.body(maxBytes: Self.maxEntryBody)
        guard let kindName = try body.string("kind", maxLength: 20) else {
            throw APIError.badRequest("kind is required: note, song or place (a file is uploaded as multipart/form-data)")
        }
        let content: EntryContent
        do throws(AlbumError) {
            content = try Self.content(kindName, body)
        } catch {
            throw Self.renamingEntryOptions(error)
        }
        let position = try await Self.entryPosition(body)
        let at = try body.string("at", maxLength: 40)
        let tags = try Self.tagList(body, "tags")
        let clientId = try Self.clientId(body)
        do {
            let given = try at.map { text throws(AlbumError) in try EntryClock.Given(parsing: text) }
            let (entry, created) = try await library.addEntry(
                content, at: given, position: position, tags: tags, clientId: clientId, now: Date(), systemZone: TimeZone.current.identifier)
            return Reply.json(JSONOut.encode(EntryJSON(entry: entry, media: .served)), status: created ? .created : .ok)
        } catch {
            throw Self.renamingEntryOptions(error)
        }
    }

    /// `PUT /api/entries/{entry}` `{text, title, artist, album, link, at, addTags, removeTags}`:
    /// what `album entry edit` changes; null or "" clears an optional field (a check-in's note,
    /// a song's album or link). `at` needs its offset.
    /// An entry that is not there (or another user's) is a 404 before the body is judged.
    func changeEntry(_ id: Int64, _ call: Call) async throws -> Response {
        let current = try await library.entry(id: id)
        let body = try await call.body(maxBytes: Self.maxEntryBody)
        func field(_ name: String) throws(APIError) -> String? {
            guard body.fields[name] != nil else { return nil }
            return try body.entryText(name) ?? ""
        }
        var edit = EntryEdit(text: try field("text"), title: try field("title"), artist: try field("artist"), album: try field("album"), link: try field("link"))
        if let at = try body.string("at", maxLength: 40) {
            let given: EntryClock.Given
            do { given = try EntryClock.Given(parsing: at) } catch { throw Self.renamingEntryOptions(error) }
            guard let offset = given.offset, let time = PhotoTime(parsing: given.local, offset: offset, offsetSource: .user) else {
                throw APIError.badRequest("at of an edit needs its offset (like 2026-06-14T09:43+02:00)")
            }
            edit.at = time
        }
        edit.addTags = try Self.tagList(body, "addTags")
        edit.removeTags = try Self.tagList(body, "removeTags")
        guard edit != EntryEdit() else {
            throw APIError.badRequest("nothing to change: give text, title, artist, album, link, at, addTags or removeTags")
        }
        // What the entry's kind cannot take (a note's title, an empty note or song title) is a
        // conflict with the entry as it is, not a malformed request: 409.
        do throws(AlbumError) {
            _ = try edit.applied(to: current.content)
        } catch .invalidInput(let detail) {
            throw APIError(status: 409, code: "not_for_this_entry", message: detail.description)
        }
        do {
            return Reply.json(JSONOut.encode(EntryJSON(entry: try await library.editEntry(id: id, edit), media: .served)))
        } catch {
            throw Self.renamingEntryOptions(error)
        }
    }

    /// `DELETE /api/entries/{entry}`: the removed entry (a sound's file goes with it).
    func removeEntry(_ id: Int64) async throws -> Response {
        Reply.json(JSONOut.encode(EntryJSON(entry: try await library.removeEntry(id: id), media: .served)))
    }

    /// The kind's content from the body; a field another kind has is refused, not ignored.
    static func content(_ kindName: String, _ body: JSONBody) throws(AlbumError) -> EntryContent {
        func text(_ name: String, required: String? = nil) throws(AlbumError) -> String? {
            let value: String?
            do { value = try body.entryText(name) } catch { throw .invalidInput(error.message) }
            if value == nil, let required { throw .invalidInput("\(name) is required for \(required)") }
            return value
        }
        func refuse(_ names: [String], _ kind: EntryKind) throws(AlbumError) {
            for name in names where body.fields[name] != nil { throw .invalidInput("a \(kind) entry has no \(name)") }
        }
        switch kindName {
        case "note":
            try refuse(["title", "artist", "album", "link"], .note)
            return .note(try EntryText.note(try text("text", required: "a note") ?? ""))
        case "song":
            try refuse(["text"], .song)
            return .song(Song(
                title: try EntryText.required(try text("title", required: "a song") ?? "", "title"),
                artist: try EntryText.required(try text("artist", required: "a song") ?? "", "artist"),
                album: try text("album").flatMap { t throws(AlbumError) in try EntryText.given(t, "album") },
                link: try text("link").flatMap { t throws(AlbumError) in try EntryText.link(t) }))
        case "place":
            try refuse(["title", "artist", "album", "link"], .place)
            return .place(note: try text("text").flatMap { t throws(AlbumError) in try EntryText.checkInNote(t) })
        case "audio":
            throw .invalidInput("an audio entry is made from its sound file (an upload), not from JSON")
        default:
            throw .invalidInput("kind '\(kindName)' must be note, song or place")
        }
    }

    /// `pinId`, `latitude`+`longitude` or `place` (a place name, resolved as `--place` is): one of
    /// them, or none. A field that is there is read, null or not (null is no pin, no number).
    static func entryPosition(_ body: JSONBody) async throws -> EntryPosition? {
        let given = ["pinId", "latitude", "longitude", "place"].filter { body.fields[$0] != nil }
        if given.contains("pinId") || given.contains("place"), given.count > 1 {
            throw APIError.badRequest("give one of pinId, latitude/longitude or place")
        }
        if given.contains("pinId") {
            guard let pinId = try wholeNumber(body, "pinId") else { throw APIError.badRequest("pinId must be a whole number of at least 1") }
            return .pin(pinId)
        }
        if given.contains("latitude") || given.contains("longitude") { return .coordinate(try body.coordinate()) }
        guard given.contains("place") else { return nil }
        guard let place = try body.string("place", maxLength: 200), !place.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw APIError.badRequest("place must be a place name like Kyoto or Paris, FR")
        }
        do {
            return .coordinate(try Library.resolvePlace(place).best.coordinate)
        } catch {
            // A name with no letters (",", "!") names no place either: 404 as an unknown one.
            guard case .invalidInput = error else { throw error }
            throw APIError.notFound("no place named '\(place)'")
        }
    }

    /// An optional array of tag names (each checked as `--tag` is).
    static func tagList(_ body: JSONBody, _ name: String) throws -> [TagName] {
        switch body.fields[name] {
        case nil, .null?: return []
        case .array(let items)? where items.count <= 100:
            return try items.map { item in
                guard case .string(let text) = item else { throw APIError.badRequest("\(name) must be an array of strings") }
                // As the document says (JSON Schema counts code points); then as `--tag` is read.
                guard text.unicodeScalars.count <= TagName.maxLength else {
                    throw APIError.badRequest("tag '\(text.prefix(20))…' is longer than \(TagName.maxLength) characters")
                }
                if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                    throw APIError.badRequest("tag '\(text.debugDescription.dropFirst().dropLast())' holds a control character")
                }
                do { return try TagName(text) } catch { throw renamingEntryOptions(error) }
            }
        case .array?: throw APIError.badRequest("\(name) holds at most 100 tags")
        default: throw APIError.badRequest("\(name) must be an array of strings")
        }
    }

    /// The client's own id of the entry (`clientId`): 1-200 visible ASCII characters. (A retried
    /// request's `Idempotency-Key` is answered before this handler, by `idempotent`.)
    static func clientId(_ body: JSONBody) throws(APIError) -> String? {
        guard let value = try body.string("clientId", maxLength: .max) else { return nil }
        guard !value.isEmpty, value.unicodeScalars.count <= 200, value.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            throw .badRequest("clientId must be 1-200 visible ASCII characters")
        }
        return value
    }

    /// AlbumKit names the entry commands' options (`--pin`, `--lat/--lon`, `--place`, `--at`); the API names its fields.
    static func renamingEntryOptions(_ error: any Error) -> any Error {
        guard let error = error as? AlbumError, case .invalidInput(let detail) = error else { return error }
        var text = detail.description
        for (option, field) in [("--pin", "pinId"), ("--lat/--lon", "latitude/longitude"), ("--place", "place"), ("--at", "at"), ("--tag", "tags")] {
            text = text.replacingOccurrences(of: option, with: field)
        }
        return APIError.badRequest(text)
    }
}

extension JSONBody {
    /// An entry's text field (absent or null is nil): at most `EntryText.maxNote` (`text`) or
    /// `EntryText.maxField` code points, as the API's document counts them (the entry's own
    /// checks, in characters, follow).
    func entryText(_ name: String) throws(APIError) -> String? {
        let limit = name == "text" ? EntryText.maxNote : EntryText.maxField
        guard let value = try string(name, maxLength: .max) else { return nil }
        guard value.unicodeScalars.count <= limit else { throw .badRequest("\(name) is longer than \(limit) characters") }
        return value
    }

    /// Whether the field is there and not null.
    func has(_ name: String) -> Bool {
        switch fields[name] {
        case nil, .null?: false
        default: true
        }
    }
}
