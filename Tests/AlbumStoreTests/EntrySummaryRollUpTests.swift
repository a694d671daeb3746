import AlbumModel
import AlbumSeam
import Foundation
import Testing
import TestSupport

@testable import AlbumStore

/// The summary's roll-ups of entries (migrations `entries-summaryRollUps`, decision 0128-entries,
/// and `entries-wordPeriods`, decision 0134-entries): `entry_kind_days`, `song_periods`,
/// `artist_periods` and `word_periods` stay equal to the entries they count after every kind of
/// write, a migrated library gets them filled, a whole year's top songs and words are read from
/// the index on the count, and a summary answers what reading every entry answers.
@Suite struct EntrySummaryRollUpTests {
    /// Each roll-up stored, and recomputed from the entries, one text a row.
    static let rollUps: [(stored: String, recomputed: String)] = [
        ("SELECT local_date, kind, entries, duration_ms FROM entry_kind_days ORDER BY 1, 2",
         "SELECT local_date, kind, count(*), coalesce(sum(duration_ms), 0) FROM entries GROUP BY 1, 2 ORDER BY 1, 2"),
        ("SELECT period, artist, title, songs FROM song_periods ORDER BY 1, 2, 3",
         """
         SELECT p, artist, title, count(*) FROM (
             SELECT substr(local_date, 1, 4) AS p, artist, title FROM entries WHERE kind = 'song'
             UNION ALL SELECT substr(local_date, 1, 7), artist, title FROM entries WHERE kind = 'song'
         ) GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
         """),
        ("SELECT period, artist, '', songs FROM artist_periods ORDER BY 1, 2",
         """
         SELECT p, artist, '', count(*) FROM (
             SELECT substr(local_date, 1, 4) AS p, artist FROM entries WHERE kind = 'song'
             UNION ALL SELECT substr(local_date, 1, 7), artist FROM entries WHERE kind = 'song'
         ) GROUP BY 1, 2 ORDER BY 1, 2
         """),
        ("SELECT period, word, '', uses FROM word_periods ORDER BY 1, 2",
         """
         SELECT p, w, '', sum(n) FROM (
             SELECT substr(e.local_date, 1, 4) AS p, j.key AS w, j.value AS n FROM entries e, json_each(e.words) j
             UNION ALL SELECT substr(e.local_date, 1, 7), j.key, j.value FROM entries e, json_each(e.words) j
         ) GROUP BY 1, 2 ORDER BY 1, 2
         """),
    ]

    static func rows(_ sql: SQL, _ query: String) throws(AlbumError) -> [String] {
        try sql.query(query).map { row in
            (0..<4).map { row.string($0) ?? row.int64($0).map(String.init) ?? "nil" }.joined(separator: "|")
        }
    }

    static func expectInStep(_ sql: SQL, _ comment: Comment? = nil) throws(AlbumError) {
        for (stored, recomputed) in rollUps {
            #expect(try rows(sql, stored) == rows(sql, recomputed), comment)
        }
        // The bounds of a day's ids of a kind hold every one of them (they may be wider).
        #expect(try sql.queryOne("""
            SELECT count(*) FROM entries e JOIN entry_kind_days d ON d.local_date = e.local_date AND d.kind = e.kind
            WHERE e.id NOT BETWEEN d.first_id AND d.last_id
            """)?.int(0) == 0, comment)
    }

    /// Days around the turn of two months and two years; few artists and titles, so counts grow.
    static let days = ["2023-12-30", "2023-12-31", "2024-01-01", "2024-01-31", "2024-02-01", "2024-06-15", "2024-12-31", "2025-01-01"]

    /// Notes' and check-ins' texts: few words, so their counts grow and tie.
    static let texts = ["harbour sea", "Harbour walk, the sea", "fjord", "sea sea fjord [link](http://x.y/harbour)", "ok", "café crème"]

    /// A text drawn from `texts`, with its words as the stores write them (`EntryWords.json`).
    static func text(_ generator: inout SeededGenerator) -> (body: String, words: String?) {
        let body = texts.randomElement(using: &generator)!
        return (body, EntryWords.json(body))
    }

    /// Inserts one random entry (its kind, day, text, song and duration drawn from `generator`);
    /// a note's or check-in's words too, unless `words` is false (a library before `entries-wordPeriods`).
    static func insertEntry(_ sql: SQL, _ generator: inout SeededGenerator, words: Bool = true) throws(AlbumError) {
        let day = days.randomElement(using: &generator)!
        let time = "\(day)T1\(Int.random(in: 0..<10, using: &generator)):00:00"
        let artist = "Artist \(Int.random(in: 0..<3, using: &generator))"
        let title = "Song \(Int.random(in: 0..<3, using: &generator))"
        switch Int.random(in: 0..<4, using: &generator) {
        case 0, 1:
            let kind = Int.random(in: 0..<2, using: &generator) == 0 ? "note" : "place"
            let text = text(&generator)
            try sql.run("INSERT INTO entries (kind, taken_at, latitude, longitude, body, created_at, updated_at) VALUES (?, ?, 1, 2, ?, 'x', 'x')",
                        [kind, time, text.body])
            if words { try sql.run("UPDATE entries SET words = ? WHERE id = ?", [text.words, sql.lastInsertRowID]) }
        case 2:
            let hash = "h\(UInt32.random(in: 0...UInt32.max, using: &generator))"
            try sql.run("""
                INSERT INTO entries (kind, taken_at, duration_ms, file, content_hash, created_at, updated_at)
                VALUES ('audio', ?, ?, 'a.m4a', ?, 'x', 'x')
                """, [time, Int64.random(in: 500...60_000, using: &generator), hash])
        default:
            try sql.run("INSERT INTO entries (kind, taken_at, title, artist, created_at, updated_at) VALUES ('song', ?, ?, ?, 'x', 'x')",
                        [time, title, artist])
        }
    }

    @Test func theRollUpsFollowEveryWrite() throws {
        let db = try AlbumDatabase.inMemory()
        var generator = SeededGenerator(seed: 128)
        for step in 0..<400 {
            let operation = Int.random(in: 0..<9, using: &generator)
            try db.write { sql throws(AlbumError) in
                let entry = try sql.query("SELECT id FROM entries").compactMap { $0.int64(0) }.randomElement(using: &generator)
                let day = Self.days.randomElement(using: &generator)!
                switch (operation, entry) {
                case (0...3, _), (_, nil):
                    try Self.insertEntry(sql, &generator)
                case (4, let id?):
                    try sql.run("UPDATE entries SET taken_at = ? WHERE id = ?", ["\(day)T08:00:00", id])
                case (5, let id?):
                    // An edit of a song's names (a no-op on other kinds' NULLs), or of nothing rolled up.
                    try sql.run("UPDATE entries SET artist = CASE WHEN kind = 'song' THEN ? END, title = CASE WHEN kind = 'song' THEN ? END WHERE id = ?",
                                ["Artist \(Int.random(in: 0..<3, using: &generator))", "Song \(Int.random(in: 0..<3, using: &generator))", id])
                case (6, let id?):
                    // A new text (and its words) for a note or check-in; other kinds keep their NULLs.
                    let text = Self.text(&generator)
                    try sql.run("""
                        UPDATE entries SET duration_ms = duration_ms + 1000, body = CASE WHEN kind IN ('note', 'place') THEN ? END,
                            words = CASE WHEN kind IN ('note', 'place') THEN ? END WHERE id = ?
                        """, [text.body, text.words, id])
                default:
                    try sql.run("DELETE FROM entries WHERE id = ?", [entry])
                }
                try Self.expectInStep(sql, "after step \(step) (operation \(operation))")
            }
        }
        try db.write { sql throws(AlbumError) in
            #expect(try sql.queryOne("SELECT count(*) FROM song_periods")?.int(0) ?? 0 > 10)
            #expect(try sql.queryOne("SELECT count(*) FROM word_periods")?.int(0) ?? 0 > 10)
            try sql.run("DELETE FROM entries")
            #expect(try sql.queryOne("""
                SELECT (SELECT count(*) FROM entry_kind_days) + (SELECT count(*) FROM song_periods) + (SELECT count(*) FROM artist_periods)
                    + (SELECT count(*) FROM word_periods)
                """)?.int(0) == 0)
        }
    }

    /// A library with entries from before the migration gets its roll-ups filled by it.
    @Test func theMigrationFillsTheRollUpsOfALibrary() throws {
        let folder = TemporaryFolder()
        let path = folder.child("album.sqlite").path
        let before = Schema.migrations.filter { $0.name != "entries-summaryRollUps" }
        #expect(before.count == Schema.migrations.count - 1)
        do {
            let connection = try SQLiteConnection(path: path, readOnly: false)
            try Migrator(migrations: before).migrate(connection)
            var generator = SeededGenerator(seed: 26)
            let sql = SQL(connection)
            for _ in 0..<300 { try Self.insertEntry(sql, &generator) }
        }
        let db = try AlbumDatabase(path: path)
        try db.write { sql throws(AlbumError) in
            #expect(try sql.queryOne("SELECT count(*) FROM song_periods")?.int(0) ?? 0 > 10)
            try Self.expectInStep(sql)
        }
    }

    /// A whole year's (or month's) five most played come from the index on the count: no scan of
    /// the period's songs, no sort.
    @Test func aWholeYearsTopSongsAreReadFromTheIndex() throws {
        let db = try AlbumDatabase.inMemory()
        let year = try #require(LocalDate("2024-01-01")), end = try #require(LocalDate("2024-12-31"))
        let plans = try db.write { sql throws(AlbumError) in
            var plans: [([String], [String])] = []
            for query in [EntryPeriodSQL.songs(collation: "", from: year, to: end), EntryPeriodSQL.artists(collation: "", from: year, to: end)] {
                plans.append((query.arguments, try sql.query("EXPLAIN QUERY PLAN " + query.sql, query.arguments).map { $0.string("detail") ?? "" }))
            }
            return plans
        }
        #expect(plans[0].0 == ["2024"])
        #expect(plans[0].1.contains { $0.contains("USING COVERING INDEX song_periods_by_count (period=?)") }, "\(plans[0].1)")
        #expect(plans[1].1.contains { $0.contains("USING COVERING INDEX artist_periods_by_count (period=?)") }, "\(plans[1].1)")
        #expect(!(plans[0].1 + plans[1].1).contains { $0.contains("TEMP B-TREE") })
    }

    /// A whole year's (or month's) most used words come from the index on the count, as songs do.
    @Test func aWholeYearsTopWordsAreReadFromTheIndex() throws {
        let db = try AlbumDatabase.inMemory()
        let query = EntryPeriodSQL.words(eachWord: "json_each", collation: "", from: try #require(LocalDate("2024-06-01")),
                                         to: try #require(LocalDate("2024-06-30")), limit: 30)
        let plan = try db.write { sql throws(AlbumError) in
            try sql.query("EXPLAIN QUERY PLAN " + query.sql, query.arguments).map { $0.string("detail") ?? "" }
        }
        #expect(query.arguments == ["2024-06"])
        #expect(plan.contains { $0.contains("USING COVERING INDEX word_periods_by_uses (period=?)") }, "\(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
    }

    /// A library with notes and check-ins from before `entries-wordPeriods` gets each one's words
    /// and the roll-up filled by it, with no change logged for sync; the change log's update
    /// trigger is back after it.
    @Test func theMigrationSplitsTheTextsOfALibrary() throws {
        let folder = TemporaryFolder()
        let path = folder.child("album.sqlite").path
        let before = Schema.migrations.filter { $0.name != "entries-wordPeriods" }
        #expect(before.count == Schema.migrations.count - 1)
        let changes: Int
        do {
            let connection = try SQLiteConnection(path: path, readOnly: false)
            try Migrator(migrations: before).migrate(connection)
            var generator = SeededGenerator(seed: 134)
            let sql = SQL(connection)
            for _ in 0..<300 { try Self.insertEntry(sql, &generator, words: false) }
            try sql.run("INSERT INTO entries (kind, taken_at, body, created_at, updated_at) VALUES ('note', '2024-05-05T10:00:00', 'Été à la mer, l’été', 'x', 'x')")
            changes = try sql.queryOne("SELECT count(*) FROM changes")?.int(0) ?? 0
        }
        let db = try AlbumDatabase(path: path)
        try db.write { sql throws(AlbumError) in
            for row in try sql.query("SELECT body, words FROM entries WHERE kind IN ('note', 'place')") {
                #expect(row.string("words") == EntryWords.json(row.string("body")), "\(row.string("body") ?? "")")
            }
            #expect(try sql.queryOne("SELECT words FROM entries WHERE body LIKE 'Été%'")?.string(0) == #"{"l’été":1,"mer":1,"été":1}"#)
            #expect(try sql.queryOne("SELECT count(*) FROM word_periods")?.int(0) ?? 0 > 10)
            try Self.expectInStep(sql)
            #expect(try sql.queryOne("SELECT count(*) FROM changes")?.int(0) == changes)
            try sql.run("UPDATE entries SET body = 'sea' WHERE id = 1")
            #expect(try sql.queryOne("SELECT count(*) FROM changes")?.int(0) == changes + 1)
        }
    }

    /// How a period is split between the roll-ups' keys and the days read from the entries.
    @Test(arguments: [
        ("2024-01-01", "2024-12-31", "2024", "", ""),
        ("2024-02-01", "2024-02-29", "2024-02", "", ""),
        ("2024-02-01", "2024-02-28", "", "", "2024-02-01…2024-02-28"),
        ("2023-01-01", "2024-12-31", "", "2023-01…2024-12", ""),
        ("2024-01-15", "2024-03-31", "", "2024-02…2024-03", "2024-01-15…2024-01-31"),
        ("2024-01-15", "2024-04-10", "", "2024-02…2024-03", "2024-01-15…2024-01-31 2024-04-01…2024-04-10"),
        ("2023-12-01", "2024-11-30", "", "2023-12…2024-11", ""),
        ("2024-05-10", "2024-06-20", "", "", "2024-05-10…2024-06-20"),
        ("2024-05-10", "2024-05-09", "", "", ""),
    ])
    func aPeriodIsSplitIntoWholeMonthsAndDays(from: String, to: String, key: String, months: String, days: String) throws {
        let split = SongPeriods(from: try #require(LocalDate(from)), to: try #require(LocalDate(to)))
        #expect(split.key ?? "" == key)
        #expect(split.months.map { "\($0.0)…\($0.1)" } ?? "" == months)
        #expect(split.days.map { "\($0.first)…\($0.last)" }.joined(separator: " ") == days)
    }

    /// The facts a summary reads, against the same facts counted from every entry of the period
    /// (the queries of decision 0120), on a random library and periods of every shape.
    @Test func aSummaryAnswersWhatReadingEveryEntryAnswered() async throws {
        let db = try AlbumDatabase.inMemory()
        var generator = SeededGenerator(seed: 1280)
        try db.write { sql throws(AlbumError) in
            for _ in 0..<1_500 { try Self.insertEntry(sql, &generator) }
            // Edits and removals after the inserts.
            for id in try sql.query("SELECT id FROM entries WHERE kind IN ('note', 'place') AND id % 3 = 0").compactMap({ $0.int64(0) }) {
                let text = Self.text(&generator)
                try sql.run("UPDATE entries SET body = ?, words = ? WHERE id = ?", [text.body, text.words, id])
            }
            try sql.run("UPDATE entries SET taken_at = '2024-06-15T09:00:00' WHERE id % 7 = 0")
            try sql.run("UPDATE entries SET artist = 'Artist 9' WHERE kind = 'song' AND id % 5 = 0")
            try sql.run("DELETE FROM entries WHERE id % 11 = 0")
        }
        let periods = [("2024-01-01", "2024-12-31"), ("2024-01-01", "2024-01-31"), ("2023-12-31", "2024-01-31"),
                       ("2023-01-01", "2025-12-31"), ("2024-01-31", "2024-02-01"), ("2024-06-15", "2024-06-15"), ("2026-01-01", "2026-12-31")]
        for (first, last) in periods {
            let from = try #require(LocalDate(first)), to = try #require(LocalDate(last))
            let facts = try await db.store.entryPeriodFacts(from: from, to: to, words: 4)
            let expected = try db.write { sql throws(AlbumError) in try Self.countedFromEntries(sql, from: from, to: to) }
            #expect(facts.kinds == expected.kinds, "\(first)…\(last)")
            #expect(facts.days == expected.days, "\(first)…\(last)")
            #expect(facts.voiceMs == expected.voiceMs, "\(first)…\(last)")
            #expect(facts.artists == expected.artists, "\(first)…\(last)")
            #expect(facts.songs == expected.songs, "\(first)…\(last)")
            #expect(facts.words == expected.words, "\(first)…\(last)")
        }
    }

    /// Kinds, days, voice, artists and songs counted from every entry of the period, as before the
    /// roll-ups, and the four most used words split from every text of the period.
    static func countedFromEntries(_ sql: SQL, from: LocalDate, to: LocalDate) throws(AlbumError) -> EntryPeriodFacts {
        let range: [any SQLBindable] = [from.description, to.description]
        var facts = EntryPeriodFacts()
        for row in try sql.query("SELECT kind, local_date AS day, count(*) AS n FROM entries WHERE local_date BETWEEN ? AND ? GROUP BY 1, 2", range) {
            let n = row.int("n") ?? 0
            if let kind = row.string("kind").flatMap(EntryKind.init(rawValue:)) { facts.kinds[kind, default: 0] += n }
            if let day = row.string("day").flatMap({ LocalDate($0) }) { facts.days[day, default: 0] += n }
        }
        facts.voiceMs = try sql.queryOne("SELECT sum(duration_ms) FROM entries WHERE kind = 'audio' AND local_date BETWEEN ? AND ?", range)?
            .int64(0) ?? 0
        facts.artists = try sql.query("""
            SELECT artist, count(*) AS n FROM entries WHERE kind = 'song' AND local_date BETWEEN ? AND ?
            GROUP BY artist ORDER BY n DESC, artist LIMIT 5
            """, range).map { NameCount(name: $0.string("artist") ?? "", count: $0.int("n") ?? 0) }
        facts.songs = try sql.query("""
            SELECT artist, title, count(*) AS n FROM entries WHERE kind = 'song' AND local_date BETWEEN ? AND ?
            GROUP BY artist, title ORDER BY n DESC, artist, title LIMIT 5
            """, range).map { NameCount(name: "\($0.string("artist") ?? "") – \($0.string("title") ?? "")", count: $0.int("n") ?? 0) }
        var words: [String: Int] = [:]
        for row in try sql.query("SELECT body FROM entries WHERE kind IN ('note', 'place') AND local_date BETWEEN ? AND ?", range) {
            if let body = row.string(0) { EntryWords.count(words: body, into: &words) }
        }
        facts.words = words.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(4).map { NameCount(name: $0.key, count: $0.value) }
        return facts
    }
}
