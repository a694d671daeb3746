import AlbumModel
import Foundation

/// Where a clip's transcript is (issue 32), as a photo's download state is: `pending` until a
/// worker claims it, `transcribing` while one holds it, then `done` or `failed` with a reason.
public enum TranscriptState: String, Sendable, Hashable, Codable, CaseIterable {
    case pending
    case transcribing
    case done
    case failed
}

/// A clip's transcript as the queue holds it.
public struct Transcript: Sendable, Hashable {
    public var entryId: Int64
    public var state: TranscriptState
    /// What the engine heard, once done.
    public var machineText: String?
    /// The user's edit: shown instead, and kept when the clip is transcribed again.
    public var editedText: String?
    /// Why it failed.
    public var reason: String?
    /// `pocketsphinx` or the `--transcriber` command.
    public var engine: String?
    public var attempts: Int

    public init(entryId: Int64, state: TranscriptState, machineText: String? = nil, editedText: String? = nil,
                reason: String? = nil, engine: String? = nil, attempts: Int = 0) {
        self.entryId = entryId
        self.state = state
        self.machineText = machineText
        self.editedText = editedText
        self.reason = reason
        self.engine = engine
        self.attempts = attempts
    }

    /// The text shown and searched: the user's edit, else the engine's.
    public var text: String? { editedText ?? machineText }
}

/// A claimed clip: what a worker needs to transcribe it outside any transaction.
public struct TranscriptJob: Sendable, Hashable {
    public var entryId: Int64
    /// The sound file, relative to the library's folder.
    public var file: String
    public var durationMs: Int64

    public init(entryId: Int64, file: String, durationMs: Int64) {
        self.entryId = entryId
        self.file = file
        self.durationMs = durationMs
    }
}

/// What a worker found for a claimed clip.
public enum TranscriptOutcome: Sendable, Hashable {
    /// The engine's text, and the mood of the text that will be shown (nil: the user's mood stays).
    case done(text: String, engine: String, mood: Mood?)
    case failed(reason: String, engine: String)
}

/// The voice diary on the store seam (issue 32, decision 0069-voice): moods of notes and
/// transcripts (columns of `entries`), and the transcript queue (table `transcripts`). Each
/// method is one short transaction: no transaction is open while a clip is transcribed.
public protocol VoiceStore: Sendable {
    /// Puts every sound entry (`audio`) that has no transcript row on the queue, `pending`.
    /// - Returns: how many were added.
    func enqueueTranscripts(now: Date) async throws(AlbumError) -> Int
    /// Claims up to `limit` clips, oldest first: `pending` ones, and `transcribing` ones whose
    /// holder is gone (`isAlive` false) or whose lease ended before `now`. Each becomes
    /// `transcribing`, held by `owner` until `leaseUntil`.
    func claimTranscripts(owner: String, limit: Int, leaseUntil: Date, now: Date,
                          isAlive: @escaping @Sendable (String) -> Bool) async throws(AlbumError) -> [TranscriptJob]
    /// Stores a claimed clip's outcome (with the entry's transcript, search text and mood when
    /// done). - Returns: false when the claim was lost meanwhile (another worker took it over).
    func finishTranscript(entryId: Int64, owner: String, _ outcome: TranscriptOutcome, now: Date) async throws(AlbumError) -> Bool
    /// The clip's transcript row, nil when it was never queued.
    func transcript(entryId: Int64) async throws(AlbumError) -> Transcript?
    /// The user's text for a clip (nil: back to the engine's), with the mood of the shown text
    /// unless the user set one. - Throws: `.notFound` for no such sound entry.
    func editTranscript(entryId: Int64, text: String?, mood: Mood, now: Date) async throws(AlbumError) -> Transcript
    /// Puts a clip back on the queue, `pending` (its edit is kept).
    /// - Throws: `.notFound` for no such sound entry.
    func requeueTranscript(entryId: Int64, now: Date) async throws(AlbumError)
    /// How many clips are in each state.
    func transcriptCounts() async throws(AlbumError) -> [TranscriptState: Int]
    /// Sets an entry's mood. A computed mood (`source` computed) does not replace one set by hand
    /// unless `overridingUser`. - Returns: the entry.
    func setMood(entryId: Int64, _ mood: Mood?, overridingUser: Bool) async throws(AlbumError) -> Entry
    /// Notes and check-in notes with text and no mood yet, and clips whose transcript has no mood:
    /// their ids and the text to read, up to `limit`.
    func entriesWithoutMood(limit: Int) async throws(AlbumError) -> [(id: Int64, text: String)]
}

extension RowDecoder {
    /// The mood columns of an `entries` row (`mood_label`, `mood_score`, `mood_source`).
    public static func mood(_ row: some StoredRow) -> Mood? {
        guard let label = row.string("mood_label").flatMap(MoodLabel.init(rawValue:)) else { return nil }
        return Mood(label: label, score: row.double("mood_score") ?? 0,
                    source: row.string("mood_source").flatMap(MoodSource.init(rawValue:)) ?? .computed)
    }

    /// A `transcripts` row.
    public static func transcript(_ row: some StoredRow) -> Transcript {
        Transcript(
            entryId: row.int64("entry_id") ?? 0, state: row.string("state").flatMap(TranscriptState.init(rawValue:)) ?? .pending,
            machineText: row.string("machine_text"), editedText: row.string("edited_text"), reason: row.string("reason"),
            engine: row.string("engine"), attempts: Int(row.int64("attempts") ?? 0))
    }
}
