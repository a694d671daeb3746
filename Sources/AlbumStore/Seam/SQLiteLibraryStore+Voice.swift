import AlbumModel
import AlbumSeam
import Foundation

/// `VoiceStore` on SQLite: each method runs the `AlbumDatabase` method of the same name
/// (`Entries/VoiceRecords.swift`) as one read or one write.
extension SQLiteLibraryStore {
    public func enqueueTranscripts(now: Date) async throws(AlbumError) -> Int {
        try await database.write { db throws(AlbumError) in try db.enqueueTranscripts(now: now) }
    }

    public func claimTranscripts(
        owner: String, limit: Int, leaseUntil: Date, now: Date, isAlive: @escaping @Sendable (String) -> Bool
    ) async throws(AlbumError) -> [TranscriptJob] {
        try await database.write { db throws(AlbumError) in
            try db.claimTranscripts(owner: owner, limit: limit, leaseUntil: leaseUntil, now: now, isAlive: isAlive)
        }
    }

    public func finishTranscript(entryId: Int64, owner: String, _ outcome: TranscriptOutcome, now: Date) async throws(AlbumError) -> Bool {
        try await database.write { db throws(AlbumError) in try db.finishTranscript(entryId: entryId, owner: owner, outcome, now: now) }
    }

    public func transcript(entryId: Int64) async throws(AlbumError) -> Transcript? {
        try await database.read { db throws(AlbumError) in try db.transcript(entryId: entryId) }
    }

    public func editTranscript(entryId: Int64, text: String?, mood: Mood, now: Date) async throws(AlbumError) -> Transcript {
        try await database.write { db throws(AlbumError) in try db.editTranscript(entryId: entryId, text: text, mood: mood, now: now) }
    }

    public func requeueTranscript(entryId: Int64, now: Date) async throws(AlbumError) {
        try await database.write { db throws(AlbumError) in try db.requeueTranscript(entryId: entryId, now: now) }
    }

    public func transcriptCounts() async throws(AlbumError) -> [TranscriptState: Int] {
        try await database.read { db throws(AlbumError) in try db.transcriptCounts() }
    }

    public func setMood(entryId: Int64, _ mood: Mood?, overridingUser: Bool) async throws(AlbumError) -> Entry {
        try await database.write { db throws(AlbumError) in try db.setMood(entryId: entryId, mood, overridingUser: overridingUser) }
    }

    public func entriesWithoutMood(limit: Int) async throws(AlbumError) -> [(id: Int64, text: String)] {
        try await database.read { db throws(AlbumError) in try db.entriesWithoutMood(limit: limit) }
    }
}
