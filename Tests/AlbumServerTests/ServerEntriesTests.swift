import AlbumCore
import AlbumModel
import Foundation
import Testing
import TestSupport

/// Entries on the API (issue 26): `GET /api/entries?type=…`, one entry, and a sound's file with
/// range requests.
@Suite struct ServerEntriesTests {
    @Test func entriesByTypeOneEntryAndRangesOfASound() async throws {
        let h = try await ServerHarness().start()
        defer { Task { await h.stop() } }
        let (note, _) = try await h.library.addEntry(
            .note("A *quiet* <b>morning</b>"), at: try EntryClock.Given(parsing: "2026-06-14T08:00+09:00"), position: nil,
            now: Date(), systemZone: "UTC")
        let sounds = h.folder.child("sounds")
        try FileManager.default.createDirectory(at: sounds, withIntermediateDirectories: true)
        try SoundFiles.tone(sounds.appendingPathComponent("clip.ogg"), codec: ["-c:a", "libvorbis"], seconds: 2)
        let report = try await h.library.importFolder(sounds, options: ImportOptions())
        let clipId = try #require(report.sounds.first?.entryId)

        let notes = try #require(try await h.request("GET", "/api/entries?type=note").json() as? [String: Any])
        let listed = try #require((notes["entries"] as? [[String: Any]])?.first)
        #expect(notes["total"] as? Int == 1 && listed["id"] as? Int == Int(note.id))
        #expect(listed["html"] as? String == "<p>A <em>quiet</em> &lt;b&gt;morning&lt;/b&gt;</p>")
        let audio = try #require(try await h.request("GET", "/api/entries/\(clipId)").json() as? [String: Any])
        #expect(audio["kind"] as? String == "audio" && audio["codec"] as? String == "vorbis")
        #expect(audio["file"] as? String == "/api/entries/\(clipId)/media", "the API shows no path: \(audio)")
        // The timeline of photos is what it was without a type.
        #expect((try await h.request("GET", "/api/entries").json() as? [String: Any])?["groups"] != nil)

        let file = try Data(contentsOf: sounds.appendingPathComponent("clip.ogg"))
        let whole = try await h.request("GET", "/api/entries/\(clipId)/media")
        #expect(whole.status == 200 && whole.body == file && whole.headers["accept-ranges"] == "bytes")
        #expect(whole.headers["content-type"] == "audio/ogg")
        let part = try await h.request("GET", "/api/entries/\(clipId)/media", headers: ["Range": "bytes=100-199"])
        #expect(part.status == 206 && part.body == file.subdata(in: 100..<200))
        #expect(part.headers["content-range"] == "bytes 100-199/\(file.count)")
        let tail = try await h.request("GET", "/api/entries/\(clipId)/media", headers: ["Range": "bytes=-10"])
        #expect(tail.status == 206 && tail.body == file.suffix(10))
        let past = try await h.request("GET", "/api/entries/\(clipId)/media", headers: ["Range": "bytes=\(file.count)-"])
        #expect(past.status == 416 && past.headers["content-range"] == "bytes */\(file.count)")

        #expect(try await h.request("GET", "/api/entries/\(note.id)/media").status == 404)
        #expect(try await h.request("GET", "/api/entries/999").status == 404)
        #expect(try await h.request("GET", "/api/entries/abc").status == 404)
        let bad = try await h.request("GET", "/api/entries?type=video")
        #expect(bad.status == 400 && bad.text.contains("type 'video' must be photo, note, song, audio or place"), "\(bad.text)")
        // The timeline's other parameters are read as the photos' are: a malformed one is a 400
        // (schemathesis found `pin=false` answered 200), and `pin` filters (the note has none).
        let notANumber = try await h.request("GET", "/api/entries?type=note&pin=false")
        #expect(notANumber.status == 400 && notANumber.text.contains("pin 'false' must be a whole number"), "\(notANumber.text)")
        #expect(try await h.request("GET", "/api/entries?type=note&asOf=x").status == 400)
        #expect(try await h.request("GET", "/api/entries?type=note&by=year").status == 400)
        let badKindWithType = try await h.request("GET", "/api/entries?type=place&kind=%C3%B1x")
        #expect(badKindWithType.status == 400 && badKindWithType.text.contains("is no kind"), "a malformed kind is refused with type too (schemathesis ST201): \(badKindWithType.text)")
        let atAPin = try #require(try await h.request("GET", "/api/entries?type=note&pin=1").json() as? [String: Any])
        #expect(atAPin["total"] as? Int == 0, "\(atAPin)")
        let backwards = try #require(try await h.request("GET", "/api/entries?type=note&from=2026-07-01&to=2026-06-01").json() as? [String: Any])
        #expect(backwards["total"] as? Int == 0, "from after to matches nothing, as for photos: \(backwards)")

        // The mixed timeline (`kind`): entries in their groups, in timeline order, a sound's file
        // by its media URL, the voice diary's fields present.
        let mixed = try #require(try await h.request("GET", "/api/entries?kind=photo,note,audio&by=day").json() as? [String: Any])
        #expect(mixed["kinds"] as? [String] == ["photo", "note", "audio"] && mixed["total"] as? Int == 2, "\(mixed)")
        let groups = try #require(mixed["groups"] as? [[String: Any]])
        let listedEntries = groups.flatMap { $0["entries"] as? [[String: Any]] ?? [] }
        #expect(Set(listedEntries.compactMap { $0["id"] as? Int }) == [Int(note.id), Int(clipId)])
        #expect(listedEntries.allSatisfy { ["mood", "moodScore", "moodSource", "transcript"].allSatisfy($0.keys.contains) })
        #expect(listedEntries.first { $0["kind"] as? String == "audio" }?["file"] as? String == "/api/entries/\(clipId)/media")
        let june = (groups.first { $0["key"] as? String == "2026-06-14" }?["items"] as? [[String: Any]] ?? []).map { "\($0["kind"] ?? "") \($0["id"] ?? "")" }
        #expect(june == ["note \(note.id)"], "\(june)")
        let notesOnly = try #require(try await h.request("GET", "/api/entries?kind=checkin,note").json() as? [String: Any])
        #expect(notesOnly["total"] as? Int == 1)
        let badKind = try await h.request("GET", "/api/entries?kind=photo,video")
        #expect(badKind.status == 400 && badKind.text.contains("kind 'video' is no kind"), "\(badKind.text)")
        #expect(try await h.request("GET", "/api/entries?kind=note&page=99999999").status == 200, "a page past the end is empty")
    }
}

/// Notes, songs and check-ins written through the API (the page's add sheet): the CLI's checks
/// and messages with the API's field names.
@Suite struct ServerEntryChangesTests {
    @Test func postPutAndDeleteEntries() async throws {
        let h = try await ServerHarness().start()
        defer { Task { await h.stop() } }
        let pin = try await h.library.addPin(at: try Coordinate(latitude: 48.8566, longitude: 2.3522), title: "Louvre", note: nil)

        let note = try await h.json("POST", "/api/entries", [
            "kind": "note", "text": "First day: <script>alert(1)</script> **matcha**", "at": "2026-06-14T09:43",
            "latitude": 35.0116, "longitude": 135.7681, "tags": ["Travel", "Été"],
        ])
        #expect(note.status == 201, "\(note.text)")
        let noteJSON = try #require(try note.json() as? [String: Any])
        #expect(noteJSON["offset"] as? String == "+09:00" && noteJSON["offsetSource"] as? String == "inferred" && noteJSON["place"] as? String == "Kyoto")
        #expect(noteJSON["tags"] as? [String] == ["travel", "été"])
        #expect(noteJSON["html"] as? String == "<p>First day: &lt;script&gt;alert(1)&lt;/script&gt; <strong>matcha</strong></p>")
        let noteId = try #require(noteJSON["id"] as? Int)

        let song = try #require(try await h.json("POST", "/api/entries", [
            "kind": "song", "title": "Blue in Green", "artist": "Miles Davis", "album": "Kind of Blue", "link": "https://example.com/blue",
            "at": "2026-06-15T21:00+02:00",
        ]).json() as? [String: Any])
        #expect(song["offset"] as? String == "+02:00" && song["offsetSource"] as? String == "user" && song["album"] as? String == "Kind of Blue")
        let checkIn = try await h.json("POST", "/api/entries", ["kind": "place", "pinId": Int(pin.id), "text": "Louvre queue", "at": "2026-06-16T10:00"])
        let checkInJSON = try #require(try checkIn.json() as? [String: Any])
        #expect(checkIn.status == 201 && checkInJSON["pinId"] as? Int == Int(pin.id) && checkInJSON["offset"] as? String == "+02:00", "\(checkIn.text)")
        let byName = try #require(try await h.json("POST", "/api/entries", ["kind": "place", "place": "Kyoto"]).json() as? [String: Any])
        #expect(byName["place"] as? String == "Kyoto" && byName["latitude"] as? Double != nil, "\(byName)")
        let list = try #require(try await h.request("GET", "/api/entries?type=song").json() as? [String: Any])
        #expect(list["total"] as? Int == 1)

        // A retried add (the same clientId, or Idempotency-Key) is the first entry: 200, nothing stored twice.
        let first = try await h.json("POST", "/api/entries", ["kind": "note", "text": "once", "clientId": "c-1"])
        let again = try await h.json("POST", "/api/entries", ["kind": "note", "text": "once", "clientId": "c-1"])
        #expect(first.status == 201 && again.status == 200, "\(again.text)")
        let firstId = (try first.json() as? [String: Any])?["id"] as? Int, againId = (try again.json() as? [String: Any])?["id"] as? Int
        #expect(firstId != nil && againId == firstId)
        // An Idempotency-Key is answered by the server's replay (decision 0061): the first answer again.
        let keyed = try await h.json("POST", "/api/entries", ["kind": "note", "text": "keyed"], headers: ["Idempotency-Key": "k-1"])
        let keyedAgain = try await h.json("POST", "/api/entries", ["kind": "note", "text": "keyed"], headers: ["Idempotency-Key": "k-1"])
        #expect(keyed.status == 201 && keyedAgain.status == 201 && keyedAgain.body == keyed.body, "\(keyedAgain.text)")
        // The same key on the same path without the body is another request, not a retry (schemathesis
        // sent one and had the first answer replayed).
        let bodiless = try await h.request("POST", "/api/entries", headers: ["Idempotency-Key": "k-1"])
        #expect(bodiless.status == 422 && bodiless.text.contains("was used for POST /api/entries (JSON) "), "\(bodiless.text)")
        let otherBody = try await h.json("POST", "/api/entries", ["kind": "note", "text": "another"], headers: ["Idempotency-Key": "k-1"])
        #expect(otherBody.status == 422, "the same key with another body is another request: \(otherBody.text)")
        #expect((try await h.request("GET", "/api/entries?type=note").json() as? [String: Any])?["total"] as? Int == 3)
        // A keyed body past its route's limit (a pin's tags take 64 KiB; the key's own read takes up
        // to 2 MiB and hands the body on in one buffer) is a 413 naming the limit, not a 500
        // (schemathesis found it); so is one without a key.
        let tags: [String: any Sendable] = ["add": [String(repeating: "w", count: 70_000)]]
        let tooLarge = try await h.json("POST", "/api/pins/\(pin.id)/tags", tags, headers: ["Idempotency-Key": "k-big"])
        #expect(tooLarge.status == 413 && tooLarge.text.contains("body is larger than 65536 bytes"), "\(tooLarge.status) \(tooLarge.text)")
        let unkeyed = try await h.json("POST", "/api/pins/\(pin.id)/tags", tags)
        #expect(unkeyed.status == 413 && unkeyed.text.contains("body is larger than 65536 bytes"), "\(unkeyed.status) \(unkeyed.text)")
        #expect((try await h.request("GET", "/api/entries?type=note").json() as? [String: Any])?["total"] as? Int == 3)

        // Bad input: one line naming the field, nothing stored.
        let cases: [([String: any Sendable], Int, String)] = [
            (["kind": "note", "text": "  "], 400, "a note cannot be empty"),
            (["kind": "note"], 400, "text is required for a note"),
            (["kind": "place", "text": "nowhere"], 400, "a check-in needs a place: pinId, latitude/longitude or place"),
            (["kind": "song", "title": " ", "artist": "A"], 400, "a song's title cannot be empty"),
            (["kind": "song", "title": "T"], 400, "artist is required for a song"),
            (["kind": "song", "title": "T", "artist": "A", "link": "javascript:alert(1)"], 400, "link 'javascript:alert(1)' is not an http:// or https:// address"),
            (["kind": "note", "text": "x", "title": "T"], 400, "a note entry has no title"),
            (["kind": "video"], 400, "kind 'video' must be note, song or place"),
            (["kind": "audio"], 400, "an audio entry is made from its sound file (an upload), not from JSON"),
            ([:], 400, "kind is required: note, song or place (a file is uploaded as multipart/form-data)"),
            (["kind": "note", "text": "x", "at": "yesterday"], 400,
             "at 'yesterday' is not a local time like 2026-06-14T09:43 (seconds, a 'Z' or '+02:00' optional) or a date"),
            (["kind": "note", "text": "x", "pinId": 1, "latitude": 1, "longitude": 2], 400, "give one of pinId, latitude/longitude or place"),
            (["kind": "note", "text": "x", "latitude": 91, "longitude": 2], 400, "latitude 91.0 is outside [-90, 90]"),
            (["kind": "note", "text": "x", "tags": ["  "]], 400, "tag '  ' is empty"),
            (["kind": "note", "text": "x", "tags": "travel"], 400, "tags must be an array of strings"),
            (["kind": "note", "text": "x", "clientId": "two words"], 400, "clientId must be 1-200 visible ASCII characters"),
            (["kind": "note", "text": "x", "clientId": 7], 400, "clientId must be a string"),
            (["kind": "place", "pinId": 99], 404, "no pin with id 99"),
            (["kind": "place", "place": "Nowhereville-sur-Rien"], 404, "no place named 'Nowhereville-sur-Rien'"),
            (["kind": "song", "title": "T", "artist": "A", "album": String(repeating: "a", count: 1001)], 400, "album is longer than 1000 characters"),
        ]
        for (body, status, message) in cases {
            let answer = try await h.json("POST", "/api/entries", body)
            #expect(answer.status == status && answer.text.contains(message), "\(body): \(answer.status) \(answer.text)")
        }
        #expect((try await h.request("GET", "/api/entries?type=note").json() as? [String: Any])?["total"] as? Int == 3, "nothing stored")

        // PUT: what the kind has; tags added and removed; what it has not is a 409.
        let edited = try await h.json("PUT", "/api/entries/\(noteId)", ["text": "Second thoughts", "addTags": ["kyoto"], "removeTags": ["été"]])
        let editedJSON = try #require(try edited.json() as? [String: Any])
        #expect(edited.status == 200 && editedJSON["text"] as? String == "Second thoughts" && editedJSON["tags"] as? [String] == ["kyoto", "travel"], "\(edited.text)")
        let wrong = try await h.json("PUT", "/api/entries/\(noteId)", ["artist": "Nobody"])
        #expect(wrong.status == 409 && wrong.text.contains("a note entry has no artist"), "\(wrong.text)")
        let empty = try await h.json("PUT", "/api/entries/\(noteId)", ["text": ""])
        #expect(empty.status == 409 && empty.text.contains("a note cannot be empty"), "\(empty.text)")
        let moved = try #require(try await h.json("PUT", "/api/entries/\(noteId)", ["at": "2026-06-20T08:00+09:00"]).json() as? [String: Any])
        #expect(moved["at"] as? String == "2026-06-20T08:00:00" && moved["offset"] as? String == "+09:00", "\(moved)")
        let noOffset = try await h.json("PUT", "/api/entries/\(noteId)", ["at": "2026-06-20T08:00"])
        #expect(noOffset.status == 400 && noOffset.text.contains("at of an edit needs its offset"), "\(noOffset.text)")
        let nothing = try await h.json("PUT", "/api/entries/\(noteId)", [:])
        #expect(nothing.status == 400 && nothing.text.contains("nothing to change"), "\(nothing.text)")
        let cleared = try #require(try await h.json("PUT", "/api/entries/\(checkInJSON["id"] as? Int ?? 0)", ["text": NSNull()]).json() as? [String: Any])
        #expect(cleared["text"] is NSNull, "null clears a check-in's note: \(cleared)")
        #expect(try await h.json("PUT", "/api/entries/999", ["text": "x"]).status == 404)

        // DELETE: the removed entry, then 404.
        let removed = try await h.request("DELETE", "/api/entries/\(song["id"] as? Int ?? 0)")
        let removedJSON = try removed.json() as? [String: Any]
        #expect(removed.status == 200 && removedJSON?["kind"] as? String == "song")
        #expect(try await h.request("GET", "/api/entries/\(song["id"] as? Int ?? 0)").status == 404)
        #expect(try await h.request("DELETE", "/api/entries/\(song["id"] as? Int ?? 0)").status == 404)
    }
}

@Suite struct EntryLinkTests {
    /// A mark after `//` joins the `/` into one character; the scheme still reads as `http://`
    /// (schemathesis sent `HTtP://🏻…` and the link was refused).
    @Test(arguments: ["HTtP://\u{1F3FB}\u{AD}x", "https://example.com/a?b=c", "http://x"])
    func linksAreReadByTheirBytes(_ text: String) throws {
        #expect(try EntryText.link(text) == text)
    }

    @Test(arguments: ["ftp://x", "https://", "https://a b", "javascript:alert(1)", "https://a\"b", "http:/x"])
    func notLinks(_ text: String) {
        #expect(throws: AlbumError.self) { try EntryText.link(text) }
    }
}
