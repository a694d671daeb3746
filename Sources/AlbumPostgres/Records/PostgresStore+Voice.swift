#if PostgreSQL
import AlbumModel
import AlbumSeam
import Foundation

/// The voice diary on PostgreSQL (issue 32), as SQLite's `VoiceRecords`. Claims take pending rows
/// with `FOR UPDATE SKIP LOCKED` in one short transaction; a clip's hold is a lease by time
/// (`claimed_until`): workers may be on other machines, where a process token means nothing, so
/// a killed worker's clips are pending again when their lease ends.
extension PostgresStore {
    public func enqueueTranscripts(now: Date) async throws(AlbumError) -> Int {
        try await write { db throws(AlbumError) in
            try await db.run("""
                INSERT INTO transcripts (entry_id, state, updated_at)
                SELECT e.id, 'pending', $1 FROM entries e WHERE e.kind = 'audio' AND e.file IS NOT NULL
                ON CONFLICT (entry_id) DO NOTHING RETURNING 1
                """, [Int64(now.timeIntervalSince1970)])
        }
    }

    public func claimTranscripts(
        owner: String, limit: Int, leaseUntil: Date, now: Date, isAlive: @escaping @Sendable (String) -> Bool
    ) async throws(AlbumError) -> [TranscriptJob] {
        try await write { db throws(AlbumError) in
            let rows = try await db.query("""
                SELECT t.entry_id, e.file, e.duration_ms FROM transcripts t JOIN entries e ON e.id = t.entry_id
                WHERE t.state = 'pending' OR (t.state = 'transcribing' AND t.claimed_until < $1)
                ORDER BY t.entry_id LIMIT $2
                FOR UPDATE OF t SKIP LOCKED
                """, [Int64(now.timeIntervalSince1970), limit])
            var jobs: [TranscriptJob] = []
            for row in rows {
                guard let id = row.int64("entry_id"), let file = row.string("file") else { continue }
                try await db.run("""
                    UPDATE transcripts SET state = 'transcribing', claimed_by = $1, claimed_until = $2, attempts = attempts + 1,
                        updated_at = $3 WHERE entry_id = $4
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
                return try await db.run("""
                    UPDATE transcripts SET state = 'failed', reason = $1, engine = $2, claimed_by = NULL, claimed_until = NULL,
                        updated_at = $3 WHERE entry_id = $4 AND state = 'transcribing' AND claimed_by = $5 RETURNING 1
                    """, [reason, engine, stamp, entryId, owner]) == 1
            case .done(let text, let engine, let mood):
                let changed = try await db.run("""
                    UPDATE transcripts SET state = 'done', machine_text = $1, reason = NULL, engine = $2, claimed_by = NULL,
                        claimed_until = NULL, updated_at = $3 WHERE entry_id = $4 AND state = 'transcribing' AND claimed_by = $5 RETURNING 1
                    """, [text, engine, stamp, entryId, owner])
                guard changed == 1 else { return false }
                try await Self.showTranscript(db, entryId: entryId, mood: mood)
                return true
            }
        }
    }

    public func transcript(entryId: Int64) async throws(AlbumError) -> Transcript? {
        try await read { db throws(AlbumError) in
            try await db.queryOne("SELECT * FROM transcripts WHERE entry_id = $1", [entryId]).map(RowDecoder.transcript)
        }
    }

    public func editTranscript(entryId: Int64, text: String?, mood: Mood, now: Date) async throws(AlbumError) -> Transcript {
        try await write { db throws(AlbumError) in
            try await Self.requireClip(db, entryId)
            let stamp = Int64(now.timeIntervalSince1970)
            try await db.run("""
                INSERT INTO transcripts (entry_id, state, updated_at) VALUES ($1, 'pending', $2) ON CONFLICT (entry_id) DO NOTHING
                """, [entryId, stamp])
            try await db.run("UPDATE transcripts SET edited_text = $1, updated_at = $2 WHERE entry_id = $3", [text, stamp, entryId])
            try await Self.showTranscript(db, entryId: entryId, mood: mood)
            guard let row = try await db.queryOne("SELECT * FROM transcripts WHERE entry_id = $1", [entryId]) else { throw .noEntry(entryId) }
            return RowDecoder.transcript(row)
        }
    }

    public func requeueTranscript(entryId: Int64, now: Date) async throws(AlbumError) {
        try await write { db throws(AlbumError) in
            try await Self.requireClip(db, entryId)
            let stamp = Int64(now.timeIntervalSince1970)
            try await db.run("""
                INSERT INTO transcripts (entry_id, state, updated_at) VALUES ($1, 'pending', $2)
                ON CONFLICT (entry_id) DO UPDATE SET state = 'pending', reason = NULL, claimed_by = NULL, claimed_until = NULL,
                    updated_at = $2
                """, [entryId, stamp])
        }
    }

    public func transcriptCounts() async throws(AlbumError) -> [TranscriptState: Int] {
        try await read { db throws(AlbumError) in
            var counts: [TranscriptState: Int] = [:]
            for row in try await db.query("SELECT state, count(*) AS n FROM transcripts GROUP BY state") {
                if let state = row.string("state").flatMap(TranscriptState.init(rawValue:)) { counts[state] = Int(row.int64("n") ?? 0) }
            }
            return counts
        }
    }

    public func setMood(entryId: Int64, _ mood: Mood?, overridingUser: Bool) async throws(AlbumError) -> Entry {
        try await write { db throws(AlbumError) in
            _ = try await Self.entry(db, id: entryId, locking: true)
            try await db.run("""
                UPDATE entries SET mood_label = $1, mood_score = $2, mood_source = $3
                WHERE id = $4 AND ($5 OR mood_source IS DISTINCT FROM 'user')
                """, [mood?.label.rawValue, mood?.score, mood?.source.rawValue, entryId, overridingUser])
            return try await Self.entry(db, id: entryId)
        }
    }

    public func entriesWithoutMood(limit: Int) async throws(AlbumError) -> [(id: Int64, text: String)] {
        try await read { db throws(AlbumError) in
            try await db.query("""
                SELECT id, coalesce(transcript, body) AS text FROM entries
                WHERE mood_label IS NULL AND ((kind IN ('note', 'place') AND body IS NOT NULL AND body <> '')
                    OR (kind = 'audio' AND transcript IS NOT NULL))
                ORDER BY id LIMIT $1
                """, [limit]).compactMap { row in
                guard let id = row.int64("id"), let text = row.string("text") else { return nil }
                return (id, text)
            }
        }
    }

    // MARK: Helpers

    static func showTranscript(_ db: Session, entryId: Int64, mood: Mood?) async throws(AlbumError) {
        try await db.run("""
            UPDATE entries SET transcript = (SELECT coalesce(edited_text, machine_text) FROM transcripts WHERE entry_id = $1)
            WHERE id = $1
            """, [entryId])
        if let mood {
            try await db.run("""
                UPDATE entries SET mood_label = $1, mood_score = $2, mood_source = $3
                WHERE id = $4 AND mood_source IS DISTINCT FROM 'user'
                """, [mood.label.rawValue, mood.score, mood.source.rawValue, entryId])
        }
        let entry = try await Self.entry(db, id: entryId)
        try await Self.index(db, entry: entryId, text: EntryColumns(entry.content).searchText)
    }

    static func requireClip(_ db: Session, _ entryId: Int64) async throws(AlbumError) {
        guard try await db.queryOne("SELECT 1 FROM entries WHERE id = $1 AND kind = 'audio'", [entryId]) != nil else {
            throw .notFound("no voice clip with id \(entryId)")
        }
    }
}
#endif
