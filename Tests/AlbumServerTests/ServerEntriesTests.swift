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
        let atAPin = try #require(try await h.request("GET", "/api/entries?type=note&pin=1").json() as? [String: Any])
        #expect(atAPin["total"] as? Int == 0, "\(atAPin)")
        let backwards = try #require(try await h.request("GET", "/api/entries?type=note&from=2026-07-01&to=2026-06-01").json() as? [String: Any])
        #expect(backwards["total"] as? Int == 0, "from after to matches nothing, as for photos: \(backwards)")
    }
}
