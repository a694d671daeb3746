import AlbumModel
import AlbumSeam

/// The word cloud's roll-up (issue 26, decision 0134-entries): each note's and check-in's words
/// with their counts on the entry (`entries.words`, split in Swift by `EntryWords` where the
/// store writes the text), and their uses per year ('2024') and month ('2024-06') in
/// `word_periods`, kept by triggers on every insert, edit and removal as `song_periods` is.
extension Schema {
    /// Adds (`sign` "") or takes off (`sign` "-") one entry's words (`p` = `new.` or `old.`) to
    /// its year and month; a removal then drops the rows left at zero.
    static func wordPeriodsPut(_ p: String, sign: String) -> String {
        var sql = """
            INSERT INTO word_periods (period, word, uses)
                SELECT substr(\(p)local_date, 1, n.len), j.key, \(sign)j.value FROM json_each(\(p)words) j, (SELECT 4 AS len UNION ALL SELECT 7) n WHERE true
                ON CONFLICT (period, word) DO UPDATE SET uses = uses + excluded.uses;

            """
        if !sign.isEmpty {
            sql += """
                DELETE FROM word_periods WHERE period IN (substr(\(p)local_date, 1, 4), substr(\(p)local_date, 1, 7))
                    AND word IN (SELECT key FROM json_each(\(p)words)) AND uses <= 0;

                """
        }
        return sql
    }

    /// The migration `entries-wordPeriods`: the column, its backfill (`fillEntryWords`, with the
    /// change log's update trigger off: a backfill is no change a client pulls), then the
    /// roll-up made in two set-based statements and its triggers.
    static let wordPeriods = Migration(
        name: "entries-wordPeriods",
        sql: """
            -- The words of a note's or check-in's text with their counts, as JSON ({"harbour":2}):
            -- split once where the store writes the text, read by the triggers below.
            ALTER TABLE entries ADD COLUMN words TEXT;
            DROP TRIGGER changes_entries_update;
            """,
        fill: fillEntryWords,
        after: """
            \(logged.filter { $0.table == "entries" }.map(changesUpdateTrigger).joined())
            -- Uses of each word per year ('2024') or month ('2024-06'): a summary of a whole year
            -- or month reads its most used from the index on the count, and no text.
            CREATE TABLE word_periods (
                period TEXT NOT NULL,
                word TEXT NOT NULL,
                uses INTEGER NOT NULL,
                PRIMARY KEY (period, word)
            ) WITHOUT ROWID;
            CREATE INDEX word_periods_by_uses ON word_periods (period, uses DESC, word);
            INSERT INTO word_periods (period, word, uses)
                SELECT substr(e.local_date, 1, 7), j.key, sum(j.value) FROM entries e CROSS JOIN json_each(e.words) j
                WHERE e.words IS NOT NULL GROUP BY 1, 2;
            INSERT INTO word_periods (period, word, uses)
                SELECT substr(period, 1, 4), word, sum(uses) FROM word_periods GROUP BY 1, 2;
            CREATE TRIGGER entry_words_insert AFTER INSERT ON entries WHEN new.words IS NOT NULL BEGIN
                \(wordPeriodsPut("new.", sign: ""))
            END;
            CREATE TRIGGER entry_words_delete AFTER DELETE ON entries WHEN old.words IS NOT NULL BEGIN
                \(wordPeriodsPut("old.", sign: "-"))
            END;
            CREATE TRIGGER entry_words_update AFTER UPDATE OF words, taken_at ON entries
                WHEN old.words IS NOT new.words OR old.local_date IS NOT new.local_date
            BEGIN
                \(wordPeriodsPut("old.", sign: "-"))
                \(wordPeriodsPut("new.", sign: ""))
            END;
            """)

    /// Splits every note's and check-in's text once (`EntryWords.json`) into `entries.words`.
    static func fillEntryWords(_ db: SQL) throws(AlbumError) {
        var words: [(id: Int64, words: String)] = []
        try db.forEachRow("SELECT id, body FROM entries WHERE kind IN ('note', 'place') AND body IS NOT NULL") { row in
            if let id = row.int64("id"), let json = EntryWords.json(row.string("body")) { words.append((id, json)) }
        }
        for entry in words { try db.run("UPDATE entries SET words = ? WHERE id = ?", [entry.words, entry.id]) }
    }
}
