import AlbumCore
import AlbumModel
import Foundation
import Testing
import TestSupport

/// The voice diary on the API (issue 32): an entry's mood and a clip's transcript and state.
@Suite struct ServerVoiceTests {
    @Test func entriesCarryTheirMoodAndTranscript() async throws {
        let h = try await ServerHarness().start()
        defer { Task { await h.stop() } }
        let (note, _) = try await h.library.addEntry(.note("an awful, sad day"), at: nil, position: nil, now: Date(), systemZone: "UTC")
        let sounds = h.folder.child("voice")
        try FileManager.default.createDirectory(at: sounds, withIntermediateDirectories: true)
        try SoundFiles.speech(sounds.appendingPathComponent("diary.wav"), "a wonderful day", voice: SoundFiles.transcriptVoice)
        let report = try await h.library.importFolder(sounds, options: ImportOptions())
        let clipId = try #require(report.sounds.first?.entryId)

        let pending = try #require(try await h.request("GET", "/api/entries/\(clipId)").json() as? [String: Any])
        #expect(pending["transcript"] is NSNull && pending["mood"] is NSNull, "\(pending)")
        let done = try await h.library.transcribe(with: .command("echo what a wonderful day; true", timeout: 30))
        #expect(done.done == [clipId])

        let clip = try #require(try await h.request("GET", "/api/entries/\(clipId)").json() as? [String: Any])
        #expect(clip["transcript"] as? String == "what a wonderful day" && clip["mood"] as? String == "positive", "\(clip)")
        #expect(clip["moodSource"] as? String == "computed" && (clip["moodScore"] as? Double ?? 0) > 0.5)
        let notes = try #require(try await h.request("GET", "/api/entries?type=note").json() as? [String: Any])
        let listed = try #require((notes["entries"] as? [[String: Any]])?.first)
        #expect(listed["id"] as? Int == Int(note.id) && listed["mood"] as? String == "negative" && listed["moodScore"] as? Double == -0.7269)
    }
}
