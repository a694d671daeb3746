import Foundation
import TestSupport
import Testing

/// The voice diary (issue 32) through the `album` binary: clips spoken by espeak-ng, imported,
/// transcribed by PocketSphinx through `album transcribe`, found, felt; the queue's claims.
extension LibraryStoresWorkerTests {
    static let diary = "Today I had a wonderful day at the beach; the weather was sunny"

    /// Imports sound files spoken by espeak-ng; their entry ids, in the order of `texts`.
    func importSpoken(_ lib: StoreLibrary, _ texts: [String]) async throws -> [Int] {
        let clips = folder.child("clips-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: clips, withIntermediateDirectories: true)
        for (i, text) in texts.enumerated() {
            try SoundFiles.speech(clips.appendingPathComponent(String(format: "clip%02d.wav", i)), text, voice: SoundFiles.transcriptVoice)
        }
        let report = try #require(try await lib.json(["import", clips.path]) as? [String: Any])
        let sounds = try #require(report["sounds"] as? [[String: Any]])
        #expect(sounds.count == texts.count, "\(report)")
        return sounds.sorted { ($0["file"] as? String ?? "") < ($1["file"] as? String ?? "") }.compactMap { $0["entryId"] as? Int }
    }

    /// A shell script in the test's folder, for `--transcriber`.
    func script(_ name: String, _ body: String) throws -> String {
        let url = folder.child(name + "-\(UUID().uuidString.prefix(6)).sh")
        try Data(("#!/bin/sh\n" + body + "\n").utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url.path
    }

    /// The "done when": a clip made with espeak-ng is imported, transcribed by `album
    /// transcribe` (PocketSphinx), found by `album find wonderful`, and its mood is positive; a note
    /// "an awful, sad day" is negative; summary counts both; an edit survives a re-run; a mood
    /// set by hand survives a new text.
    @Test(arguments: StoreKind.all)
    func aSpokenDiaryIsTranscribedFoundAndFelt(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        let id = try #require(try await importSpoken(lib, [Self.diary]).first)
        // Not in the command that stores it: pending until a transcribe run.
        let before = try #require(try await lib.json(["transcript", "show", "\(id)"]) as? [String: Any])
        #expect(before["state"] as? String == "pending" && before["text"] is NSNull)

        let run = try #require(try await lib.json(["transcribe"]) as? [String: Any])
        #expect(run["done"] as? [Int] == [id], "\(run)")
        #expect((run["counts"] as? [String: Int])?["done"] == 1)
        let found = try #require(try await lib.json(["find", "wonderful"]) as? [String: Any])
        #expect((found["entries"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [id], "\(found)")
        let clip = try #require(try await lib.json(["entry", "show", "\(id)"]) as? [String: Any])
        #expect((clip["transcript"] as? String)?.contains("wonderful") == true, "\(clip)")
        #expect(clip["mood"] as? String == "positive" && clip["moodSource"] as? String == "computed", "\(clip)")

        let note = try #require(try await lib.json(["note", "add", "an", "awful,", "sad", "day"]) as? [String: Any])
        #expect(note["mood"] as? String == "negative" && note["moodScore"] as? Double == -0.7269, "\(note)")
        let listed = try await lib.run(["entries", "--kind", "audio"])
        #expect(listed.stdout.contains("wonderful") && listed.stdout.contains("(positive)"), "\(listed.stdout)")
        let shown = try await lib.run(["entry", "show", "\(id)"])
        #expect(shown.stdout.contains("transcript: ") && shown.stdout.contains("mood: positive"), "\(shown.stdout)")

        let month = String(try #require(note["date"] as? String).prefix(7))
        let summary = try #require(try await lib.json(["summary", "--month", month]) as? [String: Any])
        let moods = (summary["entries"] as? [String: Any])?["moods"] as? [String: Int]
        #expect(moods == ["positive": 1, "neutral": 0, "negative": 1], "\(summary)")

        // The user's text is shown and searched, and kept when the clip is transcribed again.
        let edited = try #require(try await lib.json(["transcript", "edit", "\(id)", "A", "calm", "morning", "by", "the", "sea"]) as? [String: Any])
        #expect(edited["text"] as? String == "A calm morning by the sea" && edited["editedText"] as? String == "A calm morning by the sea")
        let echo = try script("echo", "echo it rained all day")
        let again = try #require(try await lib.json(["transcribe", "--again", "\(id)", "--transcriber", echo]) as? [String: Any])
        #expect(again["done"] as? [Int] == [id], "\(again)")
        let after = try #require(try await lib.json(["transcript", "show", "\(id)"]) as? [String: Any])
        #expect(after["machineText"] as? String == "it rained all day" && after["text"] as? String == "A calm morning by the sea", "\(after)")
        #expect(after["attempts"] as? Int == 2 && after["engine"] as? String == echo)
        #expect(((try await lib.json(["find", "calm"]) as? [String: Any])?["entriesTotal"] as? Int) == 1)
        #expect(((try await lib.json(["find", "wonderful"]) as? [String: Any])?["entriesTotal"] as? Int) == 0)

        // A mood set by hand stays when the text changes; `auto` reads it from the text again.
        let byHand = try #require(try await lib.json(["mood", "\(id)", "negative"]) as? [String: Any])
        #expect(byHand["mood"] as? String == "negative" && byHand["source"] as? String == "user")
        _ = try await lib.json(["transcript", "edit", "\(id)", "--clear"])
        let kept = try #require(try await lib.json(["entry", "show", "\(id)"]) as? [String: Any])
        #expect(kept["transcript"] as? String == "it rained all day" && kept["mood"] as? String == "negative" && kept["moodSource"] as? String == "user")
        let auto = try #require(try await lib.json(["mood", "\(id)", "auto"]) as? [String: Any])
        #expect(auto["source"] as? String == "computed" && auto["mood"] as? String == "neutral", "\(auto)")
    }

    /// `--transcriber`: a command that fails or outlives its time limit leaves the clip `failed`
    /// with the reason; bad input is one line.
    @Test(arguments: StoreKind.all)
    func transcriberCommandsFailWithTheirReason(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        let ids = try await importSpoken(lib, ["one two three", "four five six"])
        let failing = try script("failing", "echo 'model not found' >&2\nexit 3")
        let run = try #require(try await lib.json(["transcribe", "--transcriber", failing, "--clips", "1"]) as? [String: Any])
        let failure = try #require((run["failed"] as? [[String: Any]])?.first)
        let failedId = try #require(failure["id"] as? Int)
        let otherId = try #require(ids.first { $0 != failedId })
        #expect(ids.contains(failedId) && (failure["reason"] as? String)?.contains("exited 3: model not found") == true, "\(run)")
        #expect((run["counts"] as? [String: Int]) == ["pending": 1, "transcribing": 0, "done": 0, "failed": 1])

        let slow = try script("slow", "sleep 20\necho late")
        let timed = try #require(try await lib.json(["transcribe", "--transcriber", slow, "--timeout", "1"]) as? [String: Any])
        let reason = (timed["failed"] as? [[String: Any]])?.first?["reason"] as? String
        #expect(reason?.contains("timed out after 1 s") == true, "\(timed)")
        let shown = try #require(try await lib.json(["transcript", "show", "\(otherId)"]) as? [String: Any])
        #expect(shown["state"] as? String == "failed" && shown["reason"] as? String == reason)

        let cases: [([String], String)] = [
            (["transcribe", "--timeout", "0"], "album: error: --timeout 0 must be between 1 and 3600 seconds"),
            (["transcribe", "--transcriber", " "], "album: error: --transcriber is empty"),
            (["mood", "\(ids[0])", "happy"], "album: error: unknown mood 'happy' (moods: positive, neutral, negative)"),
            (["transcript", "edit", "999", "words"], "album: error: no voice clip with id 999"),
        ]
        for (arguments, message) in cases {
            let bad = try await lib.run(arguments)
            #expect(bad.status != 0 && bad.stderr.hasPrefix(message) && bad.stderr.split(separator: "\n").count == 1,
                    "\(arguments): \(bad.stderr)")
        }
    }

    /// `album worker` works the transcript queue too, with the engine the setting names
    /// (ALBUM_TRANSCRIBER).
    @Test(arguments: StoreKind.all)
    func theWorkerTranscribesWithTheSettingsEngine(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        let ids = try await importSpoken(lib, ["good morning"])
        let echo = try script("echo", "echo what a lovely morning")
        let report = try #require(try await lib.json(["worker"], environment: ["ALBUM_TRANSCRIBER": echo]) as? [String: Any])
        #expect(report["transcribed"] as? Int == 1 && report["transcriptsFailed"] as? Int == 0, "\(report)")
        let clip = try #require(try await lib.json(["entry", "show", "\(ids[0])"]) as? [String: Any])
        #expect(clip["transcript"] as? String == "what a lovely morning" && clip["mood"] as? String == "positive", "\(clip)")
    }

    /// Two runs at once take different clips: each is transcribed once.
    @Test(arguments: StoreKind.all)
    func runsAtOnceTakeDifferentClips(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        let ids = try await importSpoken(lib, ["red", "green", "blue", "yellow"])
        let log = folder.child("calls-\(UUID().uuidString.prefix(6)).log").path
        let counting = try script("counting", "echo call >> '\(log)'\nsleep 1\necho heard")
        let first = try lib.start(["transcribe", "--transcriber", counting])
        let second = try lib.start(["transcribe", "--transcriber", counting])
        #expect(try await StoreLibrary.wait(first) == 0)
        #expect(try await StoreLibrary.wait(second) == 0)
        let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").count
        #expect(calls == ids.count, "\(calls) calls for \(ids.count) clips")
        for id in ids {
            let shown = try #require(try await lib.json(["transcript", "show", "\(id)"]) as? [String: Any])
            #expect(shown["state"] as? String == "done" && shown["attempts"] as? Int == 1, "\(shown)")
        }
    }

    /// A run killed with SIGKILL while it transcribes: other commands were never held (no
    /// transaction is open while a clip is transcribed), and the next run takes the clip again.
    @Test func aKilledRunHoldsNothingAndIsResumed() async throws {
        let lib = try StoreLibrary(.sqlite, folder: folder)
        let ids = try await importSpoken(lib, [Self.diary, "and then it rained"])
        let stuck = try script("stuck", "sleep 60\necho never")
        let started = try lib.start(["transcribe", "--transcriber", stuck])
        let (process, _, _) = started
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let deadline = Date().addingTimeInterval(60)
        var state = ""
        while state != "transcribing" && Date() < deadline && process.isRunning {
            state = (try await lib.json(["transcript", "show", "\(ids[0])"]) as? [String: Any])?["state"] as? String ?? ""
            if state != "transcribing" { try await Task.sleep(for: .milliseconds(100)) }
        }
        try #require(state == "transcribing", "the run never took the clip")
        // While the clip is being transcribed, a write goes through.
        let note = try await lib.run(["note", "add", "written", "while", "a", "clip", "is", "transcribed"])
        #expect(note.status == 0, "\(note.stderr)")
        #expect(process.isRunning, "the run ended before the note was written")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()

        let echo = try script("echo", "echo a wonderful day")
        let resumed = try #require(try await lib.json(["transcribe", "--transcriber", echo]) as? [String: Any])
        #expect(Set(resumed["done"] as? [Int] ?? []) == Set(ids), "\(resumed)")
        let shown = try #require(try await lib.json(["transcript", "show", "\(ids[0])"]) as? [String: Any])
        #expect(shown["state"] as? String == "done" && shown["attempts"] as? Int == 2, "\(shown)")
    }

    /// A `--transcriber` command gets its clip as a WAV file in the temporary folder; when album
    /// is killed meanwhile the file stays, and the next `album transcribe` removes it (and any
    /// other left by a process that is gone), never one of a live process.
    @Test func aKilledTranscriptionsFileIsRemovedByTheNextOne() async throws {
        let lib = try StoreLibrary(.sqlite, folder: folder)
        _ = try await importSpoken(lib, ["one two three", "four five six"])
        let tmp = folder.child("tmp-transcribe")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        let prefix = "album-transcribe-"
        let live = "\(prefix)\(getpid())-live.wav", dead = "\(prefix)999999999-dead.wav"
        let oldFresh = "\(prefix)0A1B2C3D-fresh.wav", oldStale = "\(prefix)0A1B2C3E-stale.wav"
        for name in [live, dead, oldFresh, oldStale] { try Data("RIFF".utf8).write(to: tmp.appendingPathComponent(name)) }
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-7200)],
                                              ofItemAtPath: tmp.appendingPathComponent(oldStale).path)
        let given = folder.child("given-\(UUID().uuidString.prefix(6)).txt")
        let slow = try script("hold", "echo \"$1\" > '\(given.path)'\nsleep 30\necho late")
        let (process, _, _) = try lib.start(["transcribe", "--transcriber", slow, "--clips", "1"], environment: ["TMPDIR": tmp.path])
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: given.path) && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        let wav = try String(contentsOf: given, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(wav.hasPrefix(tmp.path + "/\(prefix)\(process.processIdentifier)-") && wav.hasSuffix(".wav"), "\(wav)")
        // The first transcription in a process swept what dead processes left.
        var left = Set(try FileManager.default.contentsOfDirectory(atPath: tmp.path))
        #expect(left == [live, oldFresh, (wav as NSString).lastPathComponent], "\(left)")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(FileManager.default.fileExists(atPath: wav), "a killed process leaves its file")

        let echo = try script("echo-next", "echo one two three")
        let next = try await lib.run(["transcribe", "--transcriber", echo], environment: ["TMPDIR": tmp.path])
        #expect(next.status == 0, "\(next.stderr)")
        left = Set(try FileManager.default.contentsOfDirectory(atPath: tmp.path))
        #expect(left == [live, oldFresh], "the killed one's file is gone, a live one's stays: \(left)")
    }
}
