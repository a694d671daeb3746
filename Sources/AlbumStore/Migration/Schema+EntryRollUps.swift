extension Schema {
    /// Adds one entry (`p` = `new.`) to the summary's roll-ups: its day and kind, and for a song
    /// its year and month by (artist, title) and by artist.
    static func entryRollUpsAdd(_ p: String) -> String {
        var sql = """
            INSERT INTO entry_kind_days (local_date, kind, entries, duration_ms, first_id, last_id)
                VALUES (\(p)local_date, \(p)kind, 1, coalesce(\(p)duration_ms, 0), \(p)id, \(p)id)
                ON CONFLICT (local_date, kind) DO UPDATE SET entries = entries + 1, duration_ms = duration_ms + excluded.duration_ms,
                    first_id = min(first_id, excluded.first_id), last_id = max(last_id, excluded.last_id);

            """
        for length in [4, 7] {
            sql += """
                INSERT INTO song_periods (period, artist, title, songs)
                    SELECT substr(\(p)local_date, 1, \(length)), \(p)artist, \(p)title, 1 WHERE \(p)kind = 'song'
                    ON CONFLICT (period, artist, title) DO UPDATE SET songs = songs + 1;
                INSERT INTO artist_periods (period, artist, songs)
                    SELECT substr(\(p)local_date, 1, \(length)), \(p)artist, 1 WHERE \(p)kind = 'song'
                    ON CONFLICT (period, artist) DO UPDATE SET songs = songs + 1;

                """
        }
        return sql
    }

    /// Takes one entry (`p` = `old.`) off the summary's roll-ups; a row left at zero goes.
    static func entryRollUpsRemove(_ p: String) -> String {
        let periods = "period IN (substr(\(p)local_date, 1, 4), substr(\(p)local_date, 1, 7))"
        let song = "\(p)kind = 'song' AND \(periods) AND artist = \(p)artist"
        return """
            UPDATE entry_kind_days SET entries = entries - 1, duration_ms = duration_ms - coalesce(\(p)duration_ms, 0)
                WHERE local_date = \(p)local_date AND kind = \(p)kind;
            DELETE FROM entry_kind_days WHERE local_date = \(p)local_date AND kind = \(p)kind AND entries <= 0;
            UPDATE song_periods SET songs = songs - 1 WHERE \(song) AND title = \(p)title;
            DELETE FROM song_periods WHERE \(song) AND title = \(p)title AND songs <= 0;
            UPDATE artist_periods SET songs = songs - 1 WHERE \(song);
            DELETE FROM artist_periods WHERE \(song) AND songs <= 0;

            """
    }

    /// The summary's roll-ups of entries (issue 26, decision 0128-entries): what `summary` reads
    /// instead of every entry of its period for the kinds per day, the minutes of voice, the top
    /// artists and the top songs (at 1 M entries, ~170 ms of a year's summary).
    static let entryRollUpsSQL = """
        -- Entries per local day and kind, with the sum of their durations (voice minutes): a
        -- summary's kinds, active days and voice read a period's days here, not its entries.
        -- first_id and last_id bound the ids of the day's entries of that kind (they only widen:
        -- a removal leaves them), so the word cloud's sample (every n-th id) is read by id.
        CREATE TABLE entry_kind_days (
            local_date TEXT NOT NULL,
            kind TEXT NOT NULL,
            entries INTEGER NOT NULL,
            duration_ms INTEGER NOT NULL,
            first_id INTEGER NOT NULL,
            last_id INTEGER NOT NULL,
            PRIMARY KEY (local_date, kind)
        ) WITHOUT ROWID;
        -- Songs per year ('2024') or month ('2024-06') and (artist, title), and per artist: a
        -- summary of a whole year or month reads its five most played from the index on the count;
        -- any other period adds its whole months to the entries of its partial ones.
        CREATE TABLE song_periods (
            period TEXT NOT NULL,
            artist TEXT NOT NULL,
            title TEXT NOT NULL,
            songs INTEGER NOT NULL,
            PRIMARY KEY (period, artist, title)
        ) WITHOUT ROWID;
        CREATE INDEX song_periods_by_count ON song_periods (period, songs DESC, artist, title);
        CREATE TABLE artist_periods (
            period TEXT NOT NULL,
            artist TEXT NOT NULL,
            songs INTEGER NOT NULL,
            PRIMARY KEY (period, artist)
        ) WITHOUT ROWID;
        CREATE INDEX artist_periods_by_count ON artist_periods (period, songs DESC, artist);
        INSERT INTO entry_kind_days (local_date, kind, entries, duration_ms, first_id, last_id)
            SELECT local_date, kind, count(*), coalesce(sum(duration_ms), 0), min(id), max(id) FROM entries GROUP BY local_date, kind;
        INSERT INTO song_periods (period, artist, title, songs)
            SELECT substr(local_date, 1, 7), artist, title, count(*) FROM entries WHERE kind = 'song' GROUP BY 1, 2, 3;
        INSERT INTO song_periods (period, artist, title, songs)
            SELECT substr(period, 1, 4), artist, title, sum(songs) FROM song_periods GROUP BY 1, 2, 3;
        INSERT INTO artist_periods (period, artist, songs)
            SELECT period, artist, sum(songs) FROM song_periods GROUP BY 1, 2;
        CREATE TRIGGER entry_rollups_insert AFTER INSERT ON entries BEGIN
            \(entryRollUpsAdd("new."))
        END;
        CREATE TRIGGER entry_rollups_delete AFTER DELETE ON entries BEGIN
            \(entryRollUpsRemove("old."))
        END;
        CREATE TRIGGER entry_rollups_update AFTER UPDATE OF kind, taken_at, duration_ms, artist, title ON entries
            WHEN old.kind IS NOT new.kind OR old.taken_at IS NOT new.taken_at OR old.duration_ms IS NOT new.duration_ms
                OR old.artist IS NOT new.artist OR old.title IS NOT new.title
        BEGIN
            \(entryRollUpsRemove("old."))
            \(entryRollUpsAdd("new."))
        END;
        """
}
