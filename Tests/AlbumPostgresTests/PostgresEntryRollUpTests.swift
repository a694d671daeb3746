#if PostgreSQL
import AlbumModel
import AlbumSeam
import Foundation
import TestSupport
import Testing

@testable import AlbumPostgres

/// The summary's roll-ups of entries on PostgreSQL (migration `entries-summaryRollUps`, decision
/// 0128-entries), as SQLite's `EntrySummaryRollUpTests`: equal to the entries they count after
/// inserts of many rows at once, edits, moves and deletes, and a summary's facts equal to the ones
/// counted from every entry of the period.
@Suite(.postgresServer, .serialized)
struct PostgresEntryRollUpTests {
    static let stored = """
        SELECT concat_ws(' / ',
            (SELECT string_agg(format('%s|%s|%s|%s', local_date, kind, entries, duration_ms), ';' ORDER BY local_date, kind) FROM entry_kind_days),
            (SELECT string_agg(format('%s|%s|%s|%s', period, artist, title, songs), ';' ORDER BY period, artist, title) FROM song_periods),
            (SELECT string_agg(format('%s|%s|%s', period, artist, songs), ';' ORDER BY period, artist) FROM artist_periods))
        """
    static let recomputed = """
        SELECT concat_ws(' / ',
            (SELECT string_agg(format('%s|%s|%s|%s', d, k, n, ms), ';' ORDER BY d, k) FROM (
                SELECT local_date AS d, kind AS k, count(*) AS n, coalesce(sum(duration_ms), 0) AS ms FROM entries GROUP BY 1, 2) x),
            (SELECT string_agg(format('%s|%s|%s|%s', p, a, t, n), ';' ORDER BY p, a, t) FROM (
                SELECT p, a, t, count(*) AS n FROM (
                    SELECT substr(local_date, 1, 4) AS p, artist COLLATE "C" AS a, title COLLATE "C" AS t FROM entries WHERE kind = 'song'
                    UNION ALL SELECT substr(local_date, 1, 7), artist COLLATE "C", title COLLATE "C" FROM entries WHERE kind = 'song') s
                GROUP BY 1, 2, 3) x),
            (SELECT string_agg(format('%s|%s|%s', p, a, n), ';' ORDER BY p, a) FROM (
                SELECT p, a, count(*) AS n FROM (
                    SELECT substr(local_date, 1, 4) AS p, artist COLLATE "C" AS a FROM entries WHERE kind = 'song'
                    UNION ALL SELECT substr(local_date, 1, 7), artist COLLATE "C" FROM entries WHERE kind = 'song') s
                GROUP BY 1, 2) x))
        """

    @Test func theRollUpsFollowEveryWriteAndASummaryAnswersAsBefore() async throws {
        let url = try Postgres.database()
        let store = try await PostgresStore.open(PostgresLocation(url: url + "?files=/tmp"), leaseSeconds: 120)
        let database = String(url.split(separator: "/").last ?? "")
        let psql = { (sql: String) throws -> String in
            try Postgres.current().psql(sql, database: database).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let song = "INSERT INTO entries (kind, taken_at, title, artist, created_at, updated_at) VALUES "
        let steps = [
            song + """
                ('song', '2023-12-31T10:00:00', 'Song 1', 'Artist 1', 'x', 'x'), ('song', '2024-01-01T10:00:00', 'Song 1', 'Artist 1', 'x', 'x'),
                ('song', '2024-01-01T11:00:00', 'Song 1', 'Artist 1', 'x', 'x'), ('song', '2024-01-31T11:00:00', 'Song 2', 'Artist 1', 'x', 'x'),
                ('song', '2024-02-01T11:00:00', 'Song 1', 'Artist 2', 'x', 'x'), ('song', '2024-06-15T11:00:00', 'Song 3', 'Artist 2', 'x', 'x'),
                ('song', '2024-06-15T12:00:00', 'Song 3', 'Artist 2', 'x', 'x'), ('song', '2024-12-31T12:00:00', 'B', 'a', 'x', 'x')
                """,
            """
            INSERT INTO entries (kind, taken_at, duration_ms, file, content_hash, created_at, updated_at) VALUES
                ('audio', '2024-01-01T09:00:00', 1500, 'a', 'h1', 'x', 'x'), ('audio', '2024-01-01T09:30:00', 2500, 'b', 'h2', 'x', 'x'),
                ('audio', '2024-06-15T09:00:00', 60000, 'c', 'h3', 'x', 'x')
            """,
            "INSERT INTO entries (kind, taken_at, body, created_at, updated_at) VALUES ('note', '2024-01-01T08:00:00', 'n', 'x', 'x'), ('note', '2024-02-01T08:00:00', 'm', 'x', 'x')",
            "UPDATE entries SET taken_at = '2024-06-15T08:00:00' WHERE title = 'Song 2'",
            "UPDATE entries SET artist = 'Artist 3' WHERE taken_at = '2024-01-01T11:00:00'",
            "UPDATE entries SET title = 'Song 4' WHERE taken_at = '2024-02-01T11:00:00'",
            "UPDATE entries SET duration_ms = 3000 WHERE content_hash = 'h1'",
            "UPDATE entries SET body = 'changed' WHERE body = 'n'",
            "DELETE FROM entries WHERE content_hash = 'h2' OR taken_at = '2023-12-31T10:00:00'",
        ]
        for step in steps {
            _ = try psql(step)
            #expect(try psql(Self.stored) == psql(Self.recomputed), "after \(step)")
            #expect(try psql("""
                SELECT count(*) FROM entries e JOIN entry_kind_days d ON d.local_date = e.local_date AND d.kind = e.kind
                WHERE e.id NOT BETWEEN d.first_id AND d.last_id
                """) == "0", "the ids' bounds after \(step)")
        }
        // Notes' words, as the store writes them, for the word cloud's roll-up.
        _ = try psql("""
            INSERT INTO entries (kind, taken_at, body, words, created_at, updated_at)
            SELECT 'note', '2024-0' || (1 + g % 7) || '-0' || (1 + g % 9) || 'T10:00:00', 'w' || (g % 5) || ' sea', jsonb_build_object('w' || (g % 5), 1, 'sea', 1), 'x', 'x'
            FROM generate_series(1, 40) g
            """)
        let periods = [("2024-01-01", "2024-12-31"), ("2024-06-01", "2024-06-30"), ("2023-12-31", "2024-02-01"), ("2023-01-01", "2024-12-31")]
        for (first, last) in periods {
            let from = try #require(LocalDate(first)), to = try #require(LocalDate(last))
            let facts = try await store.entryPeriodFacts(from: from, to: to, words: 3)
            let range = "local_date BETWEEN '\(first)' AND '\(last)'"
            let kinds = try psql("SELECT string_agg(kind || ':' || n, ',' ORDER BY kind) FROM (SELECT kind, count(*) AS n FROM entries WHERE \(range) GROUP BY 1) x")
            #expect(facts.kinds.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue):\($0.value)" }.joined(separator: ",") == kinds)
            #expect(try "\(facts.voiceMs)" == psql("SELECT coalesce(sum(duration_ms), 0) FROM entries WHERE kind = 'audio' AND \(range)"))
            let artists = try psql("""
                SELECT string_agg(artist || ':' || n, ',' ORDER BY n DESC, artist COLLATE "C") FROM (
                    SELECT artist, count(*) AS n FROM entries WHERE kind = 'song' AND \(range) GROUP BY 1 ORDER BY 2 DESC, artist COLLATE "C" LIMIT 5) x
                """)
            #expect(facts.artists.map { "\($0.name):\($0.count)" }.joined(separator: ",") == artists, "\(first)…\(last)")
            let songs = try psql("""
                SELECT string_agg(artist || ' – ' || title || ':' || n, ',' ORDER BY n DESC, artist COLLATE "C", title COLLATE "C") FROM (
                    SELECT artist, title, count(*) AS n FROM entries WHERE kind = 'song' AND \(range) GROUP BY 1, 2
                    ORDER BY 3 DESC, artist COLLATE "C", title COLLATE "C" LIMIT 5) x
                """)
            #expect(facts.songs.map { "\($0.name):\($0.count)" }.joined(separator: ",") == songs, "\(first)…\(last)")
            let words = try psql("""
                SELECT string_agg(w || ':' || n, ',' ORDER BY n DESC, w COLLATE "C") FROM (
                    SELECT j.key AS w, sum(j.value::bigint) AS n FROM entries e CROSS JOIN jsonb_each_text(e.words) j WHERE \(range)
                    GROUP BY 1 ORDER BY 2 DESC, j.key COLLATE "C" LIMIT 3) x
                """)
            #expect(facts.words.map { "\($0.name):\($0.count)" }.joined(separator: ",") == words, "\(first)…\(last)")
        }
        _ = try psql("DELETE FROM entries")
        #expect(try psql("""
            SELECT (SELECT count(*) FROM entry_kind_days) + (SELECT count(*) FROM song_periods) + (SELECT count(*) FROM artist_periods)
                + (SELECT count(*) FROM word_periods)
            """) == "0")
        await store.close()
    }

    /// The rows of `word_periods`, "period|word|uses" in order.
    static let wordPeriods = "SELECT string_agg(period || '|' || word || '|' || uses, E'\\n' ORDER BY period, word) FROM word_periods"

    /// The word cloud's roll-up (migration `entries-wordPeriods`, decision 0134-entries) after
    /// adds, edits, moves, removals, sync's adds and transcripts through the store, against the
    /// words counted in Swift from every text; then the migration run again on a library whose
    /// entries have no words yet fills them and the roll-up, and logs no change for sync.
    @Test func theWordsOfEveryTextAreRolledUpAndTheMigrationFillsThem() async throws {
        let url = try Postgres.database()
        let location = try PostgresLocation(url: url + "?files=/tmp")
        let store = try await PostgresStore.open(location, leaseSeconds: 120)
        let database = String(url.split(separator: "/").last ?? "")
        let psql = { (sql: String) throws -> String in
            try Postgres.current().psql(sql, database: database).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        var steps = 0
        try await WordPeriodsScenario.run(store) { step in
            steps += 1
            let expected = try await WordPeriodsScenario.expected(store)
            #expect(try psql(Self.wordPeriods).split(separator: "\n").map(String.init).sorted() == expected, "after \(step)")
        }
        #expect(steps == 6)
        await store.close()
        // A library from before the migration: no words column, no roll-up.
        let rows = try psql(Self.wordPeriods)
        _ = try psql("""
            DROP TABLE word_periods;
            DROP FUNCTION entry_words_put, entry_words_inserted, entry_words_deleted, entry_words_updated CASCADE;
            ALTER TABLE entries DROP COLUMN words;
            DELETE FROM schema_migrations WHERE name = 'entries-wordPeriods';
            """)
        let changes = try psql("SELECT count(*) FROM changes")
        let reopened = try await PostgresStore.open(location, leaseSeconds: 120)
        #expect(try psql(Self.wordPeriods) == rows)
        #expect(try psql("SELECT count(*) FROM changes") == changes)
        #expect(try psql("SELECT count(*) FROM entries WHERE words IS NOT NULL AND (kind NOT IN ('note', 'place') OR body IS NULL)") == "0")
        #expect(try psql("SELECT count(*) FROM entries WHERE words IS NULL AND body LIKE '%arbour%'") == "0")
        _ = try psql("UPDATE entries SET words = '{\"sea\": 1}' WHERE id = (SELECT min(id) FROM entries WHERE kind = 'song')")
        #expect(try psql("SELECT count(*) FROM changes") == "\(Int(changes)! + 1)")
        await reopened.close()
    }
}
#endif
