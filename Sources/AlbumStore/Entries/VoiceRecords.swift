import AlbumModel
import AlbumSeam
import Foundation

/// The voice diary on SQLite (`VoiceStore`; issue 32, decision 0069-voice): moods in `entries`,
/// the transcript queue in `transcripts`. Each method is the one body of its query (decision
/// 0075-store), one short transaction; the engine runs between them.
extension SQLiteLibraryStore {
    public func enqueueTranscripts(now: Date) async throws(AlbumError) -> Int {
        try await write { db throws(AlbumError) in
            try db.run("""
                INSERT INTO transcripts (entry_id, state, updated_at)
                SELECT e.id, 'pending', ? FROM entries e
                WHERE e.kind = 'audio' AND e.file IS NOT NULL AND NOT EXISTS (SELECT 1 FROM transcripts t WHERE t.entry_id = e.id)
                """, [Int64(now.timeIntervalSince1970)])
        }
    }

    public func claimTranscripts(
        owner: String, limit: Int, leaseUntil: Date, now: Date, isAlive: @escaping @Sendable (String) -> Bool
    ) async throws(AlbumError) -> [TranscriptJob] {
        try await write { db throws(AlbumError) in
            // Clips held by a process that is gone (kill -9) or past its lease are pending again.
            let holders = try db.query("SELECT DISTINCT claimed_by FROM transcripts WHERE state = 'transcribing'").compactMap { $0.string("claimed_by") }
            for holder in holders where holder != owner && !isAlive(holder) {
                try db.run("UPDATE transcripts SET state = 'pending', claimed_by = NULL, claimed_until = NULL WHERE state = 'transcribing' AND claimed_by = ?", [holder])
            }
            try db.run("""
                UPDATE transcripts SET state = 'pending', claimed_by = NULL, claimed_until = NULL
                WHERE state = 'transcribing' AND claimed_until < ?
                """, [Int64(now.timeIntervalSince1970)])
            let rows = try db.query("""
                SELECT t.entry_id, e.file, e.duration_ms FROM transcripts t JOIN entries e ON e.id = t.entry_id
                WHERE t.state = 'pending' ORDER BY t.entry_id LIMIT ?
                """, [limit])
            var jobs: [TranscriptJob] = []
            for row in rows {
                guard let id = row.int64("entry_id"), let file = row.string("file") else { continue }
                try db.run("""
                    UPDATE transcripts SET state = 'transcribing', claimed_by = ?, claimed_until = ?, attempts = attempts + 1,
                        updated_at = ? WHERE entry_id = ?
                    """, [owner, Int64(leaseUntil.timeIntervalSince1970), Int64(now.timeIntervalSince1970), id])
                jobs.append(TranscriptJob(entryId: id, file: file, durationMs: row.int64("duration_ms") ?? 0))
            }
            return jobs
        }
    }

    public func finishTranscript(entryId: Int64, owner: String, _ outcome: TranscriptOutcome, now: Date) async throws(AlbumError) -> Bool {
        try await write { db throws(AlbumError) in
            let stamp = Int64(now.timeIntervalSince1970)
            switch outcome {
            case .failed(let reason, let engine):
                return try db.run("""
                    UPDATE transcripts SET state = 'failed', reason = ?, engine = ?, claimed_by = NULL, claimed_until = NULL,
                        updated_at = ? WHERE entry_id = ? AND state = 'transcribing' AND claimed_by = ?
                    """, [reason, engine, stamp, entryId, owner]) == 1
            case .done(let text, let engine, let mood):
                let changed = try db.run("""
                    UPDATE transcripts SET state = 'done', machine_text = ?, reason = NULL, engine = ?, claimed_by = NULL,
                        claimed_until = NULL, updated_at = ? WHERE entry_id = ? AND state = 'transcribing' AND claimed_by = ?
                    """, [text, engine, stamp, entryId, owner])
                guard changed == 1 else { return false }
                try AlbumDatabase.showTranscript(db, entryId: entryId, mood: mood)
                return true
            }
        }
    }

    public func transcript(entryId: Int64) async throws(AlbumError) -> Transcript? {
        try await read { db throws(AlbumError) in try db.queryOne("SELECT * FROM transcripts WHERE entry_id = ?", [entryId]).map(RowDecoder.transcript) }
    }

    public func editTranscript(entryId: Int64, text: String?, mood: Mood, now: Date) async throws(AlbumError) -> Transcript {
        try await write { db throws(AlbumError) in
            try AlbumDatabase.requireClip(db, entryId)
            let stamp = Int64(now.timeIntervalSince1970)
            try db.run("INSERT OR IGNORE INTO transcripts (entry_id, state, updated_at) VALUES (?, 'pending', ?)", [entryId, stamp])
            try db.run("UPDATE transcripts SET edited_text = ?, updated_at = ? WHERE entry_id = ?", [text, stamp, entryId])
            try AlbumDatabase.showTranscript(db, entryId: entryId, mood: mood)
            guard let row = try db.queryOne("SELECT * FROM transcripts WHERE entry_id = ?", [entryId]) else { throw .noEntry(entryId) }
            return RowDecoder.transcript(row)
        }
    }

    public func requeueTranscript(entryId: Int64, now: Date) async throws(AlbumError) {
        try await write { db throws(AlbumError) in
            try AlbumDatabase.requireClip(db, entryId)
            let stamp = Int64(now.timeIntervalSince1970)
            try db.run("INSERT OR IGNORE INTO transcripts (entry_id, state, updated_at) VALUES (?, 'pending', ?)", [entryId, stamp])
            try db.run("""
                UPDATE transcripts SET state = 'pending', reason = NULL, claimed_by = NULL, claimed_until = NULL, updated_at = ?
                WHERE entry_id = ?
                """, [stamp, entryId])
        }
    }

    public func transcriptCounts() async throws(AlbumError) -> [TranscriptState: Int] {
        try await read { db throws(AlbumError) in
            var counts: [TranscriptState: Int] = [:]
            for row in try db.query("SELECT state, count(*) AS n FROM transcripts GROUP BY state") {
                if let state = row.string("state").flatMap(TranscriptState.init(rawValue:)) { counts[state] = Int(row.int64("n") ?? 0) }
            }
            return counts
        }
    }

    public func setMood(entryId: Int64, _ mood: Mood?, overridingUser: Bool) async throws(AlbumError) -> Entry {
        try await write { db throws(AlbumError) in
            _ = try AlbumDatabase.entry(db, id: entryId)
            try db.run("""
                UPDATE entries SET mood_label = ?, mood_score = ?, mood_source = ?
                WHERE id = ? AND (? OR mood_source IS NOT 'user')
                """, [mood?.label.rawValue, mood?.score, mood?.source.rawValue, entryId, overridingUser])
            return try AlbumDatabase.entry(db, id: entryId)
        }
    }

    public func entriesWithoutMood(limit: Int) async throws(AlbumError) -> [(id: Int64, text: String)] {
        try await read { db throws(AlbumError) in
            try db.query("""
                SELECT id, coalesce(transcript, body) AS text FROM entries
                WHERE mood_label IS NULL AND ((kind IN ('note', 'place') AND body IS NOT NULL AND body <> '')
                    OR (kind = 'audio' AND transcript IS NOT NULL))
                ORDER BY id LIMIT ?
                """, [limit]).compactMap { row in
                guard let id = row.int64("id"), let text = row.string("text") else { return nil }
                return (id, text)
            }
        }
    }
}

/// The connection-level voice steps the bodies above share.
extension AlbumDatabase {
    /// Copies the transcript's shown text into the entry, its search row, and the mood (unless
    /// the user set the entry's mood, or `mood` is nil).
    static func showTranscript(_ db: SQL, entryId: Int64, mood: Mood?) throws(AlbumError) {
        try db.run("""
            UPDATE entries SET transcript = (SELECT coalesce(edited_text, machine_text) FROM transcripts WHERE entry_id = ?)
            WHERE id = ?
            """, [entryId, entryId])
        if let mood {
            try db.run("""
                UPDATE entries SET mood_label = ?, mood_score = ?, mood_source = ? WHERE id = ? AND mood_source IS NOT 'user'
                """, [mood.label.rawValue, mood.score, mood.source.rawValue, entryId])
        }
        let entry = try Self.entry(db, id: entryId)
        try Self.index(db, entry: entryId, text: EntryColumns(entry.content).searchText)
    }

    static func requireClip(_ db: SQL, _ entryId: Int64) throws(AlbumError) {
        guard try db.queryOne("SELECT 1 FROM entries WHERE id = ? AND kind = 'audio'", [entryId]) != nil else {
            throw .notFound("no voice clip with id \(entryId)")
        }
    }
}
