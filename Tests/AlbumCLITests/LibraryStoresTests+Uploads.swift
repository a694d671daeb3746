import Foundation
import TestSupport
import Testing

/// Uploads (`POST /api/entries`, issue 25 item 5) and sync's server side (`Idempotency-Key`,
/// `GET /api/changes`) through `album serve` on a library with users, on both stores: real
/// files (a JPEG with GPS and date, the HEIC fixture, a sound ffmpeg made), through the
/// import's steps, idempotent, private to their user, and nothing stored by a bad upload.
extension LibraryStoresTests {
    static func multipart(_ data: Data, filename: String, field: String = "file", boundary: String = "AlbumBoundary7MA4YWxk") -> (Data, [String: String]) {
        var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(field)\"; filename=\"\(filename)\"\r\n".utf8)
        body += Data("Content-Type: application/octet-stream\r\n\r\n".utf8) + data + Data("\r\n--\(boundary)--\r\n".utf8)
        return (body, ["Content-Type": "multipart/form-data; boundary=\(boundary)"])
    }

    static func upload(_ port: UInt16, _ data: Data, filename: String, headers: [String: String], key: String? = nil) async throws -> RawHTTP.Response {
        let (body, type) = multipart(data, filename: filename)
        var all = headers.merging(type) { $1 }
        if let key { all["Idempotency-Key"] = key }
        return try await RawHTTP.offPool { [all] in try RawHTTP.request("POST", "/api/entries", port: port, headers: all, body: body) }
    }

    /// Files left in the upload folders of a library's files (the owner's and every partition's).
    static func leftovers(_ files: String) -> [String] {
        (FileManager.default.enumerator(atPath: files)?.allObjects as? [String] ?? []).filter { $0.contains(".uploads/") }
    }

    @Test(arguments: StoreKind.all)
    func uploadsGoThroughTheImportOnceAndStayPrivate(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        #expect(try await lib.run(["user", "add", "ann@example.org"], input: "correct horse\n").status == 0)
        #expect(try await lib.run(["user", "add", "bob@example.org"], input: "battery staple\n").status == 0)
        let serve = try lib.start(["serve", "--port", "0", "--json", "--max-upload-mb", "1"])
        let (process, port, _) = try await serveWithUsers(lib, started: serve)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let ann = ["Authorization": "Bearer \(try await Self.login(port, "ann@example.org", "correct horse")["token"] as? String ?? "")"]
        let bob = ["Authorization": "Bearer \(try await Self.login(port, "bob@example.org", "battery staple")["token"] as? String ?? "")"]

        // A JPEG with GPS and a capture time: a photo on a pin at its place, with a thumbnail.
        let jpeg = GeoPhoto(latitude: 41.8902, longitude: 12.4922, takenAt: "2024:06:14 09:43:19", tag: "upload-\(UUID())").jpeg
        let first = try await Self.upload(port, jpeg, filename: "../Colosseum.jpg", headers: ann, key: "k-1")
        #expect(first.status == 201, "\(first.status) \(first.text)")
        let made = try #require(try first.json() as? [String: Any])
        let photo = try #require(made["photo"] as? [String: Any])
        let photoId = try #require(photo["id"] as? Int)
        #expect(made["kind"] as? String == "photo" && made["created"] as? Bool == true)
        #expect(photo["title"] as? String == "Colosseum.jpg" && photo["state"] as? String == "downloaded", "\(photo)")
        #expect(photo["latitude"] as? Double == 41.8902 && photo["pinId"] is Int && (photo["takenAt"] as? String ?? "").hasPrefix("2024-06-14T09:43:19"), "\(photo)")
        #expect(!first.text.contains(".uploads") && !first.text.contains(lib.store.files(of: lib.library)), "no server path: \(first.text)")
        #expect(try await Self.call(port, "GET", "/api/media/\(photoId)?size=thumb", headers: ann).status == 200)
        // The same key again: the first answer, replayed; the same bytes under another key: the same photo.
        let again = try await Self.upload(port, jpeg, filename: "Colosseum.jpg", headers: ann, key: "k-1")
        #expect(again.status == 201 && again.headers["idempotent-replayed"] == "true" && again.text == first.text, "\(again.status) \(again.text)")
        // What a killed server left in the upload folder a day ago or more is swept by the next
        // upload there (decision 0093); a folder with a recent file is not.
        let files = lib.store.files(of: lib.library)
        let uploadFolders = (FileManager.default.enumerator(atPath: files)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".uploads") }
        #expect(!uploadFolders.isEmpty, "the first upload made its folder")
        let old = Date().addingTimeInterval(-2 * 86_400)
        for (name, date) in [("stale", old), ("fresh", Date())] {
            for parent in uploadFolders {
                let folder = URL(fileURLWithPath: files).appendingPathComponent(parent).appendingPathComponent(name)
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data("part".utf8).write(to: folder.appendingPathComponent("x.jpg.part"))
                for path in [folder.appendingPathComponent("x.jpg.part").path, folder.path] {
                    try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
                }
            }
        }
        let twin = try await Self.upload(port, jpeg, filename: "copy.jpg", headers: ann, key: "k-2")
        let left = Self.leftovers(files)
        #expect(!left.contains { $0.contains("/stale") } && left.contains { $0.contains("/fresh") }, "\(left)")
        for parent in uploadFolders { try? FileManager.default.removeItem(atPath: files + "/" + parent + "/fresh") }
        #expect(try twin.status == 200 && ((twin.json() as? [String: Any])?["photo"] as? [String: Any])?["id"] as? Int == photoId, "\(twin.text)")
        // A key used for another request is refused.
        let misuse = try await Self.call(port, "DELETE", "/api/photos/\(photoId)", headers: ann.merging(["Idempotency-Key": "k-1"]) { $1 })
        #expect(misuse.status == 422 && misuse.text.contains("POST /api/entries"), "\(misuse.text)")

        // A HEIC from a phone, and a sound made by ffmpeg (an audio entry with its length).
        let heic = try Data(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("fixtures/heic/IMG_0002.heic"))
        let phone = try await Self.upload(port, heic, filename: "IMG_0002.HEIC", headers: ann)
        #expect(try phone.status == 201 && ((phone.json() as? [String: Any])?["photo"] as? [String: Any])?["id"] is Int, "\(phone.status) \(phone.text)")
        let tone = folder.child("tone-\(UUID().uuidString.prefix(6)).m4a")
        try SoundFiles.tone(tone, codec: ["-c:a", "aac", "-b:a", "32k"], seconds: 2)
        let sound = try await Self.upload(port, try Data(contentsOf: tone), filename: "walk.m4a", headers: ann, key: "k-3")
        #expect(sound.status == 201, "\(sound.status) \(sound.text)")
        let entry = try #require((try sound.json() as? [String: Any])?["entry"] as? [String: Any])
        let entryId = try #require(entry["id"] as? Int)
        #expect(entry["kind"] as? String == "audio" && (entry["durationMs"] as? Int ?? 0) > 1500, "\(entry)")

        // Bad uploads: one clear line each, nothing stored.
        let before = try #require(try await Self.call(port, "GET", "/api/changes", headers: ann).json() as? [String: Any])
        let text = try await Self.upload(port, Data("hello, not a photo".utf8), filename: "notes.jpg", headers: ann)
        #expect(text.status == 415 && text.text.contains("notes.jpg: not an image"), "\(text.status) \(text.text)")
        let broken = try await Self.upload(port, jpeg.prefix(200) + Data(repeating: 0x5A, count: 4000), filename: "broken.jpg", headers: ann)
        #expect(broken.status == 422 && broken.text.contains("broken.jpg: corrupt JPEG"), "\(broken.status) \(broken.text)")
        let big = try await Self.upload(port, Data(repeating: 0xFF, count: (1 << 20) + 10), filename: "big.jpg", headers: ann)
        #expect(big.status == 413 && big.text.contains("upload cap"), "\(big.status) \(big.text)")
        let json = try await Self.call(port, "POST", "/api/entries", json: ["file": "x"], headers: ann)
        // A JSON body is a note, song or check-in (decision 0064-entries): without a kind, the answer says how a file goes.
        #expect(json.status == 400 && json.text.contains("multipart/form-data"), "\(json.status) \(json.text)")
        let noFile = try await RawHTTP.offPool {
            let (body, type) = Self.multipart(Data("x".utf8), filename: "a.jpg", field: "photo")
            return try RawHTTP.request("POST", "/api/entries", port: port, headers: ann.merging(type) { $1 }, body: body)
        }
        #expect(noFile.status == 400 && noFile.text.contains("unknown field 'photo'"), "\(noFile.text)")
        // Cut off mid-stream: nothing stored, and the retry with the same key stores it once.
        let other = GeoPhoto(latitude: 41.9, longitude: 12.5, takenAt: "2024:06:15 10:00:00", tag: "cut-\(UUID())").jpeg
        let (whole, type) = Self.multipart(other, filename: "cut.jpg")
        var head = "POST /api/entries HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: \(whole.count)\r\nIdempotency-Key: k-cut\r\n"
        for (name, value) in ann.merging(type, uniquingKeysWith: { $1 }) { head += "\(name): \(value)\r\n" }
        let cut = Data((head + "\r\n").utf8) + whole.prefix(whole.count / 2)
        let answer = try await RawHTTP.offPool { try RawHTTP.exchange(cut, port: port) }
        let answerText = String(decoding: answer, as: UTF8.self)
        #expect(answer.isEmpty || answerText.contains("400"), "\(answerText)")
        let after = try #require(try await Self.call(port, "GET", "/api/changes?since=\(before["cursor"] as? Int ?? 0)", headers: ann).json() as? [String: Any])
        #expect((after["changes"] as? [Any])?.isEmpty == true, "a failed upload changed nothing: \(after)")
        let retried = try await Self.upload(port, other, filename: "cut.jpg", headers: ann, key: "k-cut")
        #expect(retried.status == 201, "\(retried.status) \(retried.text)")
        #expect(Self.leftovers(lib.store.files(of: lib.library)).isEmpty, "\(Self.leftovers(lib.store.files(of: lib.library)))")

        // Bob sees none of it, and his upload of the same bytes is his own photo.
        #expect(try await Self.call(port, "GET", "/api/media/\(photoId)", headers: bob).status == 404)
        #expect(try await Self.call(port, "GET", "/api/entries/\(entryId)", headers: bob).status == 404)
        #expect(try await Self.call(port, "GET", "/api/entries/\(entryId)/media", headers: bob).status == 404)
        let bobs = try await Self.upload(port, jpeg, filename: "mine.jpg", headers: bob, key: "k-1")
        let bobPhoto = ((try bobs.json() as? [String: Any])?["photo"] as? [String: Any])?["id"] as? Int ?? 0
        #expect(bobs.status == 201 && bobPhoto >= 2_000_000_000, "\(bobs.status) \(bobs.text)")
        let bobChanges = try await Self.call(port, "GET", "/api/changes", headers: bob).text
        #expect(!bobChanges.contains("\"id\":\(photoId),") && bobChanges.contains("\"id\":\(bobPhoto),"), "\(bobChanges)")

        // Ann's change log: her photo and entry put, in order, and a cursor that pages.
        let log = try #require(try await Self.call(port, "GET", "/api/changes?since=0&limit=1000", headers: ann).json() as? [String: Any])
        let changes = try #require(log["changes"] as? [[String: Any]])
        #expect(changes.contains { $0["entity"] as? String == "photo" && $0["id"] as? Int == photoId && $0["op"] as? String == "put" }, "\(changes)")
        #expect(changes.contains { $0["entity"] as? String == "entry" && $0["id"] as? Int == entryId }, "\(changes)")
        let seqs = changes.compactMap { $0["seq"] as? Int }
        #expect(seqs == seqs.sorted() && Set(seqs).count == seqs.count && log["more"] as? Bool == false)
        let page = try #require(try await Self.call(port, "GET", "/api/changes?since=0&limit=2", headers: ann).json() as? [String: Any])
        #expect(page["more"] as? Bool == true && page["cursor"] as? Int == seqs[1], "\(page)")
        // A removal is logged as one, and an idempotent DELETE replays its answer.
        let removed = try await Self.call(port, "DELETE", "/api/photos/\(photoId)", headers: ann.merging(["Idempotency-Key": "rm-1"]) { $1 })
        let replay = try await Self.call(port, "DELETE", "/api/photos/\(photoId)", headers: ann.merging(["Idempotency-Key": "rm-1"]) { $1 })
        #expect(removed.status == 200 && replay.status == 200 && replay.headers["idempotent-replayed"] == "true", "\(replay.status) \(replay.text)")
        // Bytes of a removed photo are not stored again (removals win, as in album import).
        let back = try await Self.upload(port, jpeg, filename: "Colosseum.jpg", headers: ann, key: "k-back")
        #expect(back.status == 422 && back.text.contains("removed"), "\(back.status) \(back.text)")
        let tail = try #require(try await Self.call(port, "GET", "/api/changes?since=\(log["cursor"] as? Int ?? 0)", headers: ann).json() as? [String: Any])
        #expect((tail["changes"] as? [[String: Any]])?.contains { $0["op"] as? String == "remove" && $0["id"] as? Int == photoId } == true, "\(tail)")
        // The same pin pushed twice with one key is one pin.
        let pinKey = ["Idempotency-Key": "pin-\(UUID())"]
        let p1 = try await Self.call(port, "POST", "/api/pins", json: ["latitude": 10.0, "longitude": 10.0, "fetch": false], headers: ann.merging(pinKey) { $1 })
        let p2 = try await Self.call(port, "POST", "/api/pins", json: ["latitude": 10.0, "longitude": 10.0, "fetch": false], headers: ann.merging(pinKey) { $1 })
        #expect(p1.status == 201 && p2.status == 201 && p1.text == p2.text, "\(p1.text) \(p2.text)")
        let pins = try #require(try await Self.call(port, "GET", "/api/pins", headers: ann).json() as? [[String: Any]])
        #expect(pins.filter { $0["latitude"] as? Double == 10.0 }.count == 1, "\(pins)")
        kill(process.processIdentifier, SIGTERM)
        _ = try await StoreLibrary.wait(serve)
    }
}
