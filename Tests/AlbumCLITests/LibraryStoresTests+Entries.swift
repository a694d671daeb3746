import Foundation
import TestSupport
import Testing

/// Entries (issue 26): notes, songs and check-ins through the `album` binary on both stores.
extension LibraryStoresTests {
    @Test(arguments: StoreKind.all)
    func entriesOfEveryKindOnBothStores(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        let note = try #require(try await lib.json([
            "note", "add", "First", "day:", "<script>alert(1)</script>", "**matcha**", "--at", "2026-06-14T09:43",
            "--lat", "35.0116", "--lon", "135.7681", "--tag", "Travel", "--tag", "Été",
        ]) as? [String: Any])
        #expect(note["kind"] as? String == "note")
        #expect(note["at"] as? String == "2026-06-14T09:43:00")
        #expect(note["offset"] as? String == "+09:00" && note["offsetSource"] as? String == "inferred", "\(note)")
        #expect(note["place"] as? String == "Kyoto")
        #expect(note["tags"] as? [String] == ["travel", "été"])
        #expect(note["html"] as? String == "<p>First day: &lt;script&gt;alert(1)&lt;/script&gt; <strong>matcha</strong></p>")
        for key in ["title", "artist", "album", "link", "durationMs", "codec", "waveform", "file", "ownerId", "pinId"] {
            #expect(note.keys.contains(key) && note[key] is NSNull, "\(key) in \(note)")
        }

        let song = try #require(try await lib.json([
            "song", "add", "--title", "Blue in Green", "--artist", "Miles Davis", "--album", "Kind of Blue",
            "--url", "https://example.com/blue", "--at", "2026-06-15T21:00+02:00",
        ]) as? [String: Any])
        #expect(song["offset"] as? String == "+02:00" && song["offsetSource"] as? String == "user")
        #expect(song["link"] as? String == "https://example.com/blue" && song["album"] as? String == "Kind of Blue")

        let pin = try #require((try await lib.json(["pin", "add", "--lat", "48.8566", "--lon", "2.3522"]) as? [String: Any])?["id"] as? Int)
        let checkIn = try #require(try await lib.json([
            "check-in", "--pin", "\(pin)", "--note", "Louvre queue", "--at", "2026-06-16T10:00",
        ]) as? [String: Any])
        #expect(checkIn["kind"] as? String == "place" && checkIn["pinId"] as? Int == pin)
        #expect(checkIn["offset"] as? String == "+02:00" && checkIn["place"] as? String == "Paris", "\(checkIn)")
        #expect(checkIn["latitude"] as? Double == 48.8566)

        // Newest first; filters by kind, days and tag.
        func ids(_ arguments: [String]) async throws -> [Int] {
            let list = try #require(try await lib.json(["entries"] + arguments) as? [String: Any])
            return (list["entries"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
        }
        let noteId = try #require(note["id"] as? Int), songId = try #require(song["id"] as? Int)
        let checkInId = try #require(checkIn["id"] as? Int)
        #expect(try await ids([]) == [checkInId, songId, noteId])
        #expect(try await ids(["--kind", "song"]) == [songId])
        #expect(try await ids(["--from", "2026-06-15", "--to", "2026-06-15"]) == [songId])
        #expect(try await ids(["--tag", "ÉTÉ"]) == [noteId])
        #expect(try await ids(["--page", "2", "--page-size", "2"]) == [noteId])
        #expect(try await lib.run(["entries"]).stdout.contains("song \(songId)  2026-06-15 21:00 +02:00  Miles Davis – Blue in Green"))

        // Edit: what the kind has; tags added and removed; the search index follows.
        let edited = try #require(try await lib.json([
            "entry", "edit", "\(noteId)", "--text", "Second thoughts", "--add-tag", "kyoto", "--rm-tag", "été",
        ]) as? [String: Any])
        #expect(edited["text"] as? String == "Second thoughts" && edited["tags"] as? [String] == ["kyoto", "travel"])
        let wrong = try await lib.run(["entry", "edit", "\(noteId)", "--artist", "Nobody"])
        #expect(wrong.status == 1 && wrong.stderr == "album: error: a note entry has no artist\n", "\(wrong.stderr)")
        let renamed = try #require(try await lib.json(["entry", "edit", "\(songId)", "--title", "Flamenco Sketches"]) as? [String: Any])
        #expect(renamed["title"] as? String == "Flamenco Sketches" && renamed["artist"] as? String == "Miles Davis")

        // Remove: gone, and named when asked again.
        #expect(try await lib.run(["entry", "rm", "\(songId)"]).status == 0)
        let gone = try await lib.run(["entry", "show", "\(songId)"])
        #expect(gone.status == 1 && gone.stderr.hasPrefix("album: error: no entry with id \(songId)"), "\(gone.stderr)")
        #expect(try await ids([]) == [checkInId, noteId])
    }

    @Test(arguments: StoreKind.all)
    func badEntryInputIsOneLineAndStoresNothing(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        #expect(try await lib.run(["pin", "add", "--lat", "1", "--lon", "2"]).status == 0)
        let cases: [([String], String)] = [
            (["note", "add", "  "], "album: error: a note cannot be empty\n"),
            (["check-in", "--note", "nowhere"], "album: error: a check-in needs a place: --pin, --lat/--lon or --place\n"),
            (["song", "add", "--title", " ", "--artist", "A"], "album: error: a song's title cannot be empty\n"),
            (["song", "add", "--title", "T", "--artist", "A", "--url", "javascript:alert(1)"],
             "album: error: link 'javascript:alert(1)' is not an http:// or https:// address\n"),
            (["entries", "--kind", "video"], "album: error: unknown entry kind 'video' (kinds: note, song, audio, place)\n"),
            (["note", "add", "x", "--at", "yesterday"],
             "album: error: --at 'yesterday' is not a local time like 2026-06-14T09:43 (seconds, a 'Z' or '+02:00' optional) or a date\n"),
            (["note", "add", "x", "--pin", "1", "--lat", "1", "--lon", "2"], "album: error: give one of --pin, --lat/--lon or --place\n"),
            (["entries", "--from", "2026-02-01", "--to", "2026-01-01"], "album: error: --from 2026-02-01 is after --to 2026-01-01\n"),
        ]
        for (arguments, line) in cases {
            let run = try await lib.run(arguments)
            #expect(run.status != 0 && run.stderr == line, "\(arguments): \(run.stderr)")
        }
        let unknownPin = try await lib.run(["check-in", "--pin", "99"])
        #expect(unknownPin.status == 1 && unknownPin.stderr.hasPrefix("album: error: no pin with id 99"), "\(unknownPin.stderr)")
        let list = try #require(try await lib.json(["entries"]) as? [String: Any])
        #expect(list["total"] as? Int == 0 && (list["entries"] as? [Any])?.isEmpty == true)
    }
}

extension LibraryStoresTests {
    @Test(arguments: StoreKind.all)
    func importTakesSoundFilesAsSongsAndVoiceClips(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        let sounds = folder.child("sounds-\(store)")
        try FileManager.default.createDirectory(at: sounds, withIntermediateDirectories: true)
        try SoundFiles.tone(sounds.appendingPathComponent("song.m4a"), codec: ["-c:a", "aac"], title: "So What", artist: "Miles Davis")
        try SoundFiles.tone(sounds.appendingPathComponent("tone.opus"), codec: ["-c:a", "libopus"], seconds: 2)
        try SoundFiles.speech(sounds.appendingPathComponent("memo.wav"), "Remember the ramen place near the station")
        try Data("not a sound".utf8).write(to: sounds.appendingPathComponent("fake.mp3"))
        let memo = try Data(contentsOf: sounds.appendingPathComponent("memo.wav"))
        try memo.prefix(memo.count / 2).write(to: sounds.appendingPathComponent("cut.wav"))

        let report = try #require(try await lib.json(["import", sounds.path]) as? [String: Any])
        let stored = try #require(report["sounds"] as? [[String: Any]])
        #expect(report["seen"] as? Int == 5 && report["imported"] as? Int == 0, "\(report)")
        #expect(stored.map { "\(($0["file"] as? String ?? "").split(separator: "/").last ?? "") \($0["kind"] ?? "") \($0["codec"] ?? "")" }
                == ["memo.wav audio pcm_s16le", "song.m4a song aac", "tone.opus audio opus"], "\(stored)")
        let skipped = try #require(report["skipped"] as? [[String: Any]]).map { "\(($0["file"] as? String ?? "").split(separator: "/").last ?? ""): \($0["reason"] ?? "")" }
        #expect(skipped.count == 2 && skipped[0].hasPrefix("cut.wav: truncated: its header promises"), "\(skipped)")
        #expect(skipped[1].hasPrefix("fake.mp3: not a sound file FFmpeg can read"), "\(skipped)")

        let list = try #require(try await lib.json(["entries", "--kind", "song"]) as? [String: Any])
        let song = try #require((list["entries"] as? [[String: Any]])?.first)
        #expect(song["title"] as? String == "So What" && song["artist"] as? String == "Miles Davis" && song["codec"] as? String == "aac")
        #expect(abs((song["durationMs"] as? Int ?? 0) - 3000) <= 80 && (song["waveform"] as? [Int])?.count == 100, "\(song)")
        let file = try #require(song["file"] as? String)
        #expect(file.hasPrefix(store.files(of: lib.library)) && FileManager.default.fileExists(atPath: file), "\(file)")

        // Again: every sound is a duplicate of its entry, nothing stored twice.
        let again = try #require(try await lib.json(["import", sounds.path]) as? [String: Any])
        #expect((again["sounds"] as? [Any])?.isEmpty == true && again["duplicates"] as? Int == 3, "\(again)")
        #expect((try await lib.json(["entries"]) as? [String: Any])?["total"] as? Int == 3)

        // Removing the entry removes its file.
        #expect(try await lib.run(["entry", "rm", "\(song["id"] as? Int ?? 0)"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: file))
    }
}

extension LibraryStoresTests {
    @Test(arguments: StoreKind.all)
    func findSearchesEntriesWithDiacriticsFolded(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        #expect(try await lib.run(["note", "add", "Un café crème à Montréal", "--at", "2026-05-01T08:00", "--tag", "Petit-déjeuner"]).status == 0)
        #expect(try await lib.run(["song", "add", "--title", "Água de Beber", "--artist", "Astrud Gilberto", "--at", "2026-05-02T20:00"]).status == 0)
        #expect(try await lib.run(["check-in", "--lat", "45.5019", "--lon", "-73.5674", "--note", "Marché Jean-Talon", "--at", "2026-05-03T10:00"]).status == 0)
        func found(_ words: [String]) async throws -> [String] {
            let answer = try #require(try await lib.json(["find"] + words) as? [String: Any])
            return (answer["entries"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        }
        #expect(try await found(["cafe", "creme"]) == ["note"])
        #expect(try await found(["MONTREAL"]) == ["place", "note"], "the check-in's place name and the note's text")
        #expect(try await found(["agua"]) == ["song"])
        #expect(try await found(["gilb*"]) == ["song"])
        #expect(try await found(["marche"]) == ["place"])
        #expect(try await found(["petit-dejeuner"]) == ["note"], "tags are searched")
        #expect(try await found(["cafe", "--from", "2026-05-02"]) == [])
        let text = try await lib.run(["find", "cafe"])
        #expect(text.stdout.hasSuffix("1 entry matches\n") && text.stdout.contains("note 1  2026-05-01 08:00"), "\(text.stdout)")
    }
}

extension LibraryStoresTests {
    @Test(arguments: StoreKind.all)
    func aMonthSummaryCountsEntriesMusicWordsAndVoice(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        for (text, at) in [("Ramen again, the best ramen", "2026-07-02T12:00"), ("Rain all day; ramen for dinner", "2026-07-02T20:00"),
                           ("Museum day", "2026-07-09T10:00")] {
            #expect(try await lib.run(["note", "add", text, "--at", at]).status == 0)
        }
        for (title, artist, at) in [("So What", "Miles Davis", "2026-07-03T09:00"), ("Blue in Green", "Miles Davis", "2026-07-04T09:00"),
                                    ("Naima", "John Coltrane", "2026-07-05T09:00"), ("So What", "Miles Davis", "2026-08-01T09:00")] {
            #expect(try await lib.run(["song", "add", "--title", title, "--artist", artist, "--at", at]).status == 0)
        }
        #expect(try await lib.run(["check-in", "--lat", "35.0116", "--lon", "135.7681", "--note", "Ramen queue", "--at", "2026-07-02T19:00"]).status == 0)
        let summary = try #require(try await lib.json(["summary", "--month", "2026-07"]) as? [String: Any])
        let entries = try #require(summary["entries"] as? [String: Any])
        #expect(entries["notes"] as? Int == 3 && entries["songs"] as? Int == 3 && entries["checkIns"] as? Int == 1 && entries["sounds"] as? Int == 0)
        let artists = (entries["topArtists"] as? [[String: Any]] ?? []).map { "\($0["name"] ?? "") \($0["count"] ?? "")" }
        #expect(artists == ["Miles Davis 2", "John Coltrane 1"], "\(artists)")
        let words = (entries["words"] as? [[String: Any]] ?? []).map { "\($0["name"] ?? "") \($0["count"] ?? "")" }
        #expect(words.first == "ramen 4", "\(words)")
        #expect(!words.contains { $0.hasPrefix("the ") || $0.hasPrefix("for ") }, "common words are left out: \(words)")
        let days = (entries["activeDays"] as? [[String: Any]] ?? []).map { "\($0["date"] ?? "") \($0["photos"] ?? "")" }
        #expect(days.first == "2026-07-02 3", "\(days)")
        let text = try await lib.run(["summary", "--month", "2026-07"])
        #expect(text.stdout.contains("entries: 3 notes, 3 songs, 0 voice clips or sounds (0.0 min), 1 check-in"), "\(text.stdout)")
        #expect(text.stdout.contains("top artists: Miles Davis (2), John Coltrane (1)"), "\(text.stdout)")
    }
}

extension LibraryStoresTests {
    /// The page's add sheet: POST, PUT and DELETE /api/entries through `album serve` on each
    /// store, seen by `album entries` afterwards.
    @Test(arguments: StoreKind.all)
    func serveAddsChangesAndRemovesEntries(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        let pin = try #require((try await lib.json(["pin", "add", "--lat", "48.8566", "--lon", "2.3522"]) as? [String: Any])?["id"] as? Int)
        let (process, port, serve) = try await serveWithUsers(lib)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        func send(_ method: String, _ path: String, _ body: [String: Any]? = nil, headers: [String: String] = [:]) async throws -> (Int, [String: Any]) {
            let data = try body.map { try JSONSerialization.data(withJSONObject: $0) }
            var all = headers
            if data != nil { all["Content-Type"] = "application/json" }
            let answer = try await RawHTTP.offPool { [all] in try RawHTTP.request(method, path, port: port, headers: all, body: data) }
            return (answer.status, (try? JSONSerialization.jsonObject(with: answer.body)) as? [String: Any] ?? [:])
        }

        let (noteStatus, note) = try await send("POST", "/api/entries", ["kind": "note", "text": "Un café à Montréal", "at": "2026-05-01T08:00-04:00", "tags": ["Trip"]])
        #expect(noteStatus == 201 && note["offset"] as? String == "-04:00" && note["tags"] as? [String] == ["trip"], "\(note)")
        let (_, song) = try await send("POST", "/api/entries", ["kind": "song", "title": "Naima", "artist": "John Coltrane", "at": "2026-05-02", "clientId": "song-1"])
        let (retried, same) = try await send("POST", "/api/entries", ["kind": "song", "title": "Naima", "artist": "John Coltrane", "at": "2026-05-02", "clientId": "song-1"])
        #expect(retried == 200 && same["id"] as? Int == song["id"] as? Int, "\(same)")
        let (checkInStatus, checkIn) = try await send("POST", "/api/entries", ["kind": "place", "pinId": pin, "text": "Louvre", "at": "2026-05-03T10:00"])
        #expect(checkInStatus == 201 && checkIn["offset"] as? String == "+02:00" && checkIn["pinId"] as? Int == pin, "\(checkIn)")
        let (badStatus, bad) = try await send("POST", "/api/entries", ["kind": "place", "text": "nowhere"])
        #expect(badStatus == 400 && (bad["error"] as? [String: Any])?["message"] as? String == "a check-in needs a place: pinId, latitude/longitude or place")

        let (editStatus, edited) = try await send("PUT", "/api/entries/\(song["id"] as? Int ?? 0)", ["album": "Giant Steps", "addTags": ["jazz"]])
        #expect(editStatus == 200 && edited["album"] as? String == "Giant Steps" && edited["tags"] as? [String] == ["jazz"], "\(edited)")
        let (conflict, _) = try await send("PUT", "/api/entries/\(song["id"] as? Int ?? 0)", ["text": "no"])
        #expect(conflict == 409)
        let (removedStatus, removed) = try await send("DELETE", "/api/entries/\(note["id"] as? Int ?? 0)")
        #expect(removedStatus == 200 && removed["kind"] as? String == "note")
        kill(process.processIdentifier, SIGTERM)
        _ = try await StoreLibrary.wait(serve)

        // What the server stored is what the library holds, for the CLI too.
        let list = try #require(try await lib.json(["entries"]) as? [String: Any])
        let entries = try #require(list["entries"] as? [[String: Any]])
        #expect(entries.map { "\($0["kind"] ?? "") \($0["album"] as? String ?? "-")" } == ["place -", "song Giant Steps"], "\(entries)")
        let found = try #require(try await lib.json(["find", "jazz"]) as? [String: Any])
        #expect((found["entries"] as? [Any])?.count == 1, "the search index follows an edit through the API: \(found)")
    }
}

extension LibraryStoresTests {
    /// A sound file's own date and position (issue 26): a phone's m4a with its UTC time and ©xyz
    /// position, an mp3 with a wall-clock TDRC and a location, a bare file dated by its mtime;
    /// the import of sounds only says what they became.
    @Test(arguments: StoreKind.all)
    func soundFilesAreDatedAndPlacedByTheirOwnTags(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        let sounds = folder.child("dated-\(store)")
        try FileManager.default.createDirectory(at: sounds, withIntermediateDirectories: true)
        try SoundFiles.tone(sounds.appendingPathComponent("memo.m4a"), codec: ["-c:a", "aac"], seconds: 1,
                            metadata: ["date=2024-05-12T10:31:00Z", "location=+38.7223-009.1393/"])
        try SoundFiles.tone(sounds.appendingPathComponent("walk.mp3"), codec: ["-c:a", "libmp3lame"], seconds: 1,
                            metadata: ["date=2023-07-01T08:15:30", "location=-33.8568+151.2153/"])
        let bare = sounds.appendingPathComponent("bare.opus")
        try SoundFiles.tone(bare, codec: ["-c:a", "libopus"], seconds: 1)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_735_819_200)], ofItemAtPath: bare.path)  // 2025-01-02 12:00 UTC

        let text = try await lib.run(["import", sounds.path])
        #expect(text.status == 0 && text.stdout.hasPrefix(
            "imported 3 of 3 files from \(sounds.path): 3 sound files as entries (0 songs, 3 voice clips or other sounds); "
            + "0 duplicates, 0 unplaced, 0 other skipped\n"), "\(text.stdout)")
        let list = try #require(try await lib.json(["entries"]) as? [String: Any])
        let entries = try #require(list["entries"] as? [[String: Any]])
        let byTime = entries.map { "\($0["at"] ?? "") \($0["offset"] ?? "-") \($0["place"] ?? "-")" }
        // Lisbon is UTC+1 in May: 10:31 UTC is 11:31 there; Sydney is UTC+10 in July.
        #expect(byTime.count == 3 && byTime[1] == "2024-05-12T11:31:00 +01:00 Lisbon", "\(byTime)")
        #expect(byTime.last == "2023-07-01T08:15:30 +10:00 Sydney", "\(byTime)")
        #expect(entries.count == 3 && (entries[0]["date"] as? String)?.hasPrefix("2025-01-0") == true, "bare.opus by its mtime: \(byTime)")
        #expect(abs((entries[1]["latitude"] as? Double ?? 0) - 38.7223) < 1e-6 && abs((entries[1]["longitude"] as? Double ?? 0) + 9.1393) < 1e-6)
        #expect(entries[0]["latitude"] is NSNull, "no position in a bare file")
    }

    /// `tag --day` tags the day's entries too, their search follows, and a day of entries only
    /// needs no photo (issue 26).
    @Test(arguments: StoreKind.all)
    func tagDayTagsTheEntriesOfTheDay(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        #expect(try await lib.run(["note", "add", "Bread by the river", "--at", "2026-05-01T08:00"]).status == 0)
        #expect(try await lib.run(["song", "add", "--title", "Água de Beber", "--artist", "Astrud Gilberto", "--at", "2026-05-01T20:00"]).status == 0)
        #expect(try await lib.run(["note", "add", "Another day", "--at", "2026-05-02T09:00"]).status == 0)
        let added = try #require(try await lib.json(["tag", "add", "--day", "2026-05-01", "Picnic"]) as? [String: Any])
        #expect(added["targets"] as? Int == 2 && added["changed"] as? Int == 2, "\(added)")
        let again = try #require(try await lib.json(["tag", "add", "--day", "2026-05-01", "picnic"]) as? [String: Any])
        #expect(again["targets"] as? Int == 2 && again["changed"] as? Int == 0, "\(again)")
        let found = try #require(try await lib.json(["find", "picnic"]) as? [String: Any])
        #expect((found["entries"] as? [[String: Any]])?.compactMap { $0["kind"] as? String } == ["song", "note"], "\(found)")
        let tags = try #require(try await lib.json(["tags"]) as? [[String: Any]])
        #expect(tags.first?["tag"] as? String == "picnic" && tags.first?["entries"] as? Int == 2, "\(tags)")
        let removed = try await lib.run(["tag", "rm", "--day", "2026-05-01", "picnic"])
        #expect(removed.stdout == "untagged 2 targets with \"picnic\" (2 changes)\n", "\(removed.stdout)")
        let gone = try #require(try await lib.json(["find", "picnic"]) as? [String: Any])
        #expect(gone["entriesTotal"] as? Int == 0, "\(gone)")
    }
}
