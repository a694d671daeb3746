import AlbumFiles
import AlbumModel
import AlbumMood
import AlbumSeam
import Foundation

/// What one `album transcribe` run did.
public struct TranscribeReport: Sendable, Hashable {
    /// Clips put on the queue by this run (sound entries that had no transcript yet).
    public var queued = 0
    public var done: [Int64] = []
    /// Each failed clip with its reason.
    public var failed: [(id: Int64, reason: String)] = []
    /// Notes, check-ins and transcripts whose mood was read by this run.
    public var moodsRead = 0
    /// The queue after the run.
    public var counts: [TranscriptState: Int] = [:]

    public init() {}

    public static func == (a: TranscribeReport, b: TranscribeReport) -> Bool {
        a.queued == b.queued && a.done == b.done && a.failed.map(\.id) == b.failed.map(\.id) && a.moodsRead == b.moodsRead
            && a.counts == b.counts
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(done) }
}

extension Library {
    /// The mood VADER reads in a text.
    public static func mood(of text: String) -> Mood { VADER.shared.mood(of: text) }

    /// Works the transcript queue (issue 32): queues every clip without a transcript, then claims
    /// one clip at a time (a short transaction), decodes and transcribes it with no transaction
    /// open, and stores the text and its mood (another short one). Several runs at once each take
    /// other clips; a clip held by a killed run is taken again (its holder is gone, or its lease
    /// ran out). Moods missing on notes and check-ins are read too.
    /// - Parameter limit: at most this many clips (nil: until the queue is empty).
    /// - Throws: `.io` when the engine cannot run at all (before any clip is claimed); a clip that
    ///   fails is `failed` with its reason, not an error of the run.
    public func transcribe(
        with transcriber: Transcriber, limit: Int? = nil, owner: String = ProcessToken.current,
        now: @Sendable () -> Date = { Date() }, progress: @Sendable (Int64, Result<String, AlbumError>) -> Void = { _, _ in }
    ) async throws(AlbumError) -> TranscribeReport {
        var report = TranscribeReport()
        report.moodsRead = try await readMissingMoods()
        report.queued = try await store.enqueueTranscripts(now: now())
        var checked = false
        while limit.map({ report.done.count + report.failed.count < $0 }) ?? true {
            let started = now()
            // A lease long enough for a slow engine on a long clip; a dead holder is seen sooner
            // on SQLite (its process token), and on PostgreSQL when the lease ends.
            let jobs = try await store.claimTranscripts(
                owner: owner, limit: 1, leaseUntil: started.addingTimeInterval(600), now: started,
                isAlive: { ProcessToken.isAlive($0) })
            guard let job = jobs.first else { break }
            if !checked {
                do {
                    try transcriber.check()
                } catch {
                    // Give the clip back untouched: the engine is missing, not the clip bad.
                    try await store.requeueTranscript(entryId: job.entryId, now: now())
                    throw error
                }
                checked = true
            }
            let result: Result<String, AlbumError>
            do {
                let url = folder.appendingPathComponent(job.file)
                result = .success(try await Self.onItsOwnThread { () throws(AlbumError) in try transcriber.transcribe(url) })
            } catch {
                result = .failure(error)
            }
            let outcome: TranscriptOutcome = switch result {
            case .success(let text):
                .done(text: text, engine: transcriber.name, mood: try await moodForShownText(entryId: job.entryId, machine: text))
            case .failure(let error): .failed(reason: error.description, engine: transcriber.name)
            }
            // A claim lost meanwhile (its lease ran out and another run took the clip): that
            // run's outcome counts, not this one's.
            guard try await store.finishTranscript(entryId: job.entryId, owner: owner, outcome, now: now()) else { continue }
            switch result {
            case .success: report.done.append(job.entryId)
            case .failure(let error): report.failed.append((job.entryId, error.description))
            }
            progress(job.entryId, result)
        }
        report.counts = try await store.transcriptCounts()
        return report
    }

    /// Runs seconds of CPU work (decoding, PocketSphinx, a command) on a thread of its own, so the
    /// cooperative pool stays free for the downloads and servers beside it (`album worker`).
    static func onItsOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws(AlbumError) -> T) async throws(AlbumError) -> T {
        let result: Result<T, AlbumError> = await withCheckedContinuation { continuation in
            Thread {
                do throws(AlbumError) {
                    continuation.resume(returning: .success(try body()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }.start()
        }
        return try result.get()
    }

    /// The mood of what will be shown: the user's edit when there is one, else the engine's text.
    private func moodForShownText(entryId: Int64, machine: String) async throws(AlbumError) -> Mood {
        let edited = try await store.transcript(entryId: entryId)?.editedText
        return Self.mood(of: edited ?? machine)
    }

    /// Reads the mood of every note, check-in note and transcript that has none (entries made
    /// before this version, or whose mood was cleared by an edit). - Returns: how many.
    @discardableResult
    public func readMissingMoods() async throws(AlbumError) -> Int {
        var count = 0
        while true {
            let batch = try await store.entriesWithoutMood(limit: 500)
            if batch.isEmpty { return count }
            for (id, text) in batch {
                _ = try await store.setMood(entryId: id, Self.mood(of: text), overridingUser: false)
                count += 1
            }
            if batch.count < 500 { return count }
        }
    }

    /// Reads a new or changed entry's mood from its text (a note's, a check-in's note, a clip's
    /// transcript), unless the user set one.
    @discardableResult
    public func refreshMood(of entry: Entry) async throws(AlbumError) -> Entry {
        guard entry.mood?.source != .user, let text = Self.moodText(entry) else { return entry }
        return try await store.setMood(entryId: entry.id, Self.mood(of: text), overridingUser: false)
    }

    /// Sets an entry's mood by hand (`nil`: read it from the text again).
    /// - Throws: `.notFound` for no entry; `.invalidInput` for an entry with no text to feel.
    public func setMood(entryId: Int64, _ label: MoodLabel?) async throws(AlbumError) -> Entry {
        let entry = try await self.entry(id: entryId)
        guard let text = Self.moodText(entry) ?? (label != nil && entry.kind == .audio ? "" : nil) else {
            throw .invalidInput("entry \(entryId) is a \(entry.kind) with no text: only notes, check-in notes and voice clips have a mood")
        }
        if let label {
            return try await store.setMood(entryId: entryId, .byHand(label), overridingUser: true)
        }
        return try await store.setMood(entryId: entryId, Self.mood(of: text), overridingUser: true)
    }

    /// The text whose mood an entry has.
    static func moodText(_ entry: Entry) -> String? {
        switch entry.content {
        case .note(let text): text
        case .place(let note): note.flatMap { $0.isEmpty ? nil : $0 }
        case .audio: entry.transcript
        case .song: nil
        }
    }

    /// A clip's transcript row (nil: not queued yet).
    public func transcript(entryId: Int64) async throws(AlbumError) -> Transcript? {
        try await store.transcript(entryId: entryId)
    }

    /// The user's text for a clip's transcript, kept over a re-run (nil or "": back to the engine's).
    public func editTranscript(entryId: Int64, text: String?, now: Date = Date()) async throws(AlbumError) -> Transcript {
        let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines)
        let edit = trimmed?.isEmpty == false ? trimmed : nil
        let current = try await store.transcript(entryId: entryId)
        let shown = edit ?? current?.machineText ?? ""
        return try await store.editTranscript(entryId: entryId, text: edit, mood: Self.mood(of: shown), now: now)
    }

    /// Puts a clip back on the queue (`album transcribe --again ID`).
    public func requeueTranscript(entryId: Int64, now: Date = Date()) async throws(AlbumError) {
        try await store.requeueTranscript(entryId: entryId, now: now)
    }

    /// How many clips are in each state of the queue.
    public func transcriptCounts() async throws(AlbumError) -> [TranscriptState: Int] {
        try await store.transcriptCounts()
    }
}
