import AlbumModel
import AlbumSeam

/// The word cloud's roll-up, as SQLite's `entries-wordPeriods` (issue 26, decision 0134-entries):
/// each note's and check-in's words on the entry (`entries.words`, jsonb, split by `EntryWords`
/// where the store writes the text), their uses per year and month in `word_periods`. Inserts
/// and deletes are rolled up per statement, an update that changes the words or the day per row.
extension PostgresSchema {
    static let wordPeriods: Migration = {
        var migration = Migration(name: "entries-wordPeriods", sql: """
            ALTER TABLE entries ADD COLUMN words jsonb;
            -- The backfill is no change a client pulls.
            ALTER TABLE entries DISABLE TRIGGER changes_entries;
            """)
        #if PostgreSQL
        migration.fill = fillEntryWords
        #endif
        migration.after = """
            ALTER TABLE entries ENABLE TRIGGER changes_entries;
            CREATE TABLE word_periods (
                period text COLLATE "C" NOT NULL,
                word text COLLATE "C" NOT NULL,
                uses bigint NOT NULL,
                PRIMARY KEY (period, word)
            );
            CREATE INDEX word_periods_by_uses ON word_periods (period, uses DESC, word);
            INSERT INTO word_periods (period, word, uses)
                SELECT substr(e.local_date, 1, 7), w.key, sum(w.value::bigint) FROM entries e CROSS JOIN jsonb_each_text(e.words) w
                WHERE e.words IS NOT NULL GROUP BY 1, 2;
            INSERT INTO word_periods (period, word, uses)
                SELECT substr(period, 1, 4), word, sum(uses) FROM word_periods GROUP BY 1, 2;
            -- Adds one entry's words (sign -1: takes them off) to its year and month; a row at zero goes.
            CREATE FUNCTION entry_words_put(day text, words jsonb, sign bigint) RETURNS void LANGUAGE plpgsql AS $$
            BEGIN
                INSERT INTO word_periods (period, word, uses)
                    SELECT substr(day, 1, n.len), w.key, sign * w.value::bigint FROM jsonb_each_text(words) w CROSS JOIN (VALUES (4), (7)) n(len)
                    ORDER BY 1, 2
                    ON CONFLICT (period, word) DO UPDATE SET uses = word_periods.uses + excluded.uses;
                IF sign < 0 THEN
                    DELETE FROM word_periods WHERE period IN (substr(day, 1, 4), substr(day, 1, 7))
                        AND word IN (SELECT jsonb_object_keys(words)) AND uses <= 0;
                END IF;
            END $$;
            \(wordPeriodsStatement("inserted", rows: "added", sign: ""))
            \(wordPeriodsStatement("deleted", rows: "removed", sign: "-"))
            \(entryTriggers("entry_words", put: { r, s in "\(r).local_date, \(r).words, \(s)1" }, updateOf: "words, taken_at",
                            when: "old.words IS DISTINCT FROM new.words OR old.local_date IS DISTINCT FROM new.local_date"))
            """
        return migration
    }()

    /// The per-statement trigger function of inserts (`rows`: the new rows, added) or deletes
    /// (the old rows, taken off with `sign` "-"): their words summed per year and month, put in
    /// key order; a delete then drops the rows it left at zero.
    static func wordPeriodsStatement(_ name: String, rows: String, sign: String) -> String {
        let words = "\(rows) r CROSS JOIN jsonb_each_text(r.words) w CROSS JOIN (VALUES (4), (7)) n(len)"
        let removal = sign.isEmpty ? "" : """

                DELETE FROM word_periods WHERE uses <= 0 AND (period, word) IN (SELECT substr(r.local_date, 1, n.len), w.key FROM \(words));
            """
        return """
            CREATE FUNCTION entry_words_\(name)() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                INSERT INTO word_periods (period, word, uses)
                    SELECT substr(r.local_date, 1, n.len), w.key, \(sign)sum(w.value::bigint) FROM \(words)
                    GROUP BY 1, 2 ORDER BY 1, 2
                    ON CONFLICT (period, word) DO UPDATE SET uses = word_periods.uses + excluded.uses;\(removal)
                RETURN NULL;
            END $$;
            """
    }
}

#if PostgreSQL
extension PostgresSchema {
    /// Splits every note's and check-in's text once (`EntryWords.json`) into `entries.words`,
    /// 10,000 entries a statement (their words as one JSON object by id).
    @Sendable static func fillEntryWords(_ db: Session) async throws(AlbumError) {
        var after: Int64 = 0
        while true {
            let rows = try await db.query("""
                SELECT id, body FROM entries WHERE kind IN ('note', 'place') AND body IS NOT NULL AND id > $1 ORDER BY id LIMIT 10000
                """, [after])
            guard let last = rows.last?.int64("id") else { return }
            after = last
            let words = rows.compactMap { row in
                row.int64("id").flatMap { id in EntryWords.json(row.string("body")).map { "\"\(id)\":\($0)" } }
            }
            guard !words.isEmpty else { continue }
            try await db.run("UPDATE entries e SET words = w.value FROM jsonb_each($1::jsonb) w WHERE e.id = w.key::bigint",
                             ["{" + words.joined(separator: ",") + "}"])
        }
    }
}
#endif
