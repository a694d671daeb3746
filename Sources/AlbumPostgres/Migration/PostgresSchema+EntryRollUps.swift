extension PostgresSchema {
    /// The summary's roll-ups of entries, as SQLite's `entries-summaryRollUps` (issue 26, decision
    /// 0128-entries): entries per day and kind with their durations, songs per year and month by
    /// (artist, title) and by artist. Inserts and deletes are rolled up per statement (an import's
    /// rows at once, in key order); an update that changes a rolled-up column, per row.
    static let entryRollUpsSQL = """
        CREATE TABLE entry_kind_days (
            local_date text COLLATE "C" NOT NULL,
            kind text COLLATE "C" NOT NULL,
            entries bigint NOT NULL,
            duration_ms bigint NOT NULL,
            first_id bigint NOT NULL,
            last_id bigint NOT NULL,
            PRIMARY KEY (local_date, kind)
        );
        CREATE TABLE song_periods (
            period text COLLATE "C" NOT NULL,
            artist text COLLATE "C" NOT NULL,
            title text COLLATE "C" NOT NULL,
            songs bigint NOT NULL,
            PRIMARY KEY (period, artist, title)
        );
        CREATE INDEX song_periods_by_count ON song_periods (period, songs DESC, artist, title);
        CREATE TABLE artist_periods (
            period text COLLATE "C" NOT NULL,
            artist text COLLATE "C" NOT NULL,
            songs bigint NOT NULL,
            PRIMARY KEY (period, artist)
        );
        CREATE INDEX artist_periods_by_count ON artist_periods (period, songs DESC, artist);
        INSERT INTO entry_kind_days (local_date, kind, entries, duration_ms, first_id, last_id)
            SELECT local_date, kind, count(*), coalesce(sum(duration_ms), 0), min(id), max(id) FROM entries GROUP BY 1, 2;
        INSERT INTO song_periods (period, artist, title, songs)
            SELECT substr(local_date, 1, 7), artist, title, count(*) FROM entries WHERE kind = 'song' GROUP BY 1, 2, 3;
        INSERT INTO song_periods (period, artist, title, songs)
            SELECT substr(period, 1, 4), artist, title, sum(songs) FROM song_periods GROUP BY 1, 2, 3;
        INSERT INTO artist_periods (period, artist, songs)
            SELECT period, artist, sum(songs) FROM song_periods GROUP BY 1, 2;
        -- Adds n entries (n < 0: takes them off) of one day and kind, with ms of duration and ids
        -- from first to last (the bounds only widen); a song's also to its year and month by
        -- (artist, title) and by artist. A row at zero goes.
        CREATE FUNCTION entry_rollups_put(day text, k text, a text, t text, n bigint, ms bigint, first bigint, last bigint)
        RETURNS void LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO entry_kind_days (local_date, kind, entries, duration_ms, first_id, last_id) VALUES (day, k, n, ms, first, last)
                ON CONFLICT (local_date, kind) DO UPDATE SET entries = entry_kind_days.entries + excluded.entries,
                    duration_ms = entry_kind_days.duration_ms + excluded.duration_ms,
                    first_id = least(entry_kind_days.first_id, excluded.first_id), last_id = greatest(entry_kind_days.last_id, excluded.last_id);
            IF n < 0 THEN
                DELETE FROM entry_kind_days WHERE local_date = day AND kind = k AND entries <= 0;
            END IF;
            IF k = 'song' THEN
                INSERT INTO song_periods (period, artist, title, songs) VALUES (substr(day, 1, 4), a, t, n), (substr(day, 1, 7), a, t, n)
                    ON CONFLICT (period, artist, title) DO UPDATE SET songs = song_periods.songs + excluded.songs;
                INSERT INTO artist_periods (period, artist, songs) VALUES (substr(day, 1, 4), a, n), (substr(day, 1, 7), a, n)
                    ON CONFLICT (period, artist) DO UPDATE SET songs = artist_periods.songs + excluded.songs;
                IF n < 0 THEN
                    DELETE FROM song_periods WHERE period IN (substr(day, 1, 4), substr(day, 1, 7)) AND artist = a AND title = t AND songs <= 0;
                    DELETE FROM artist_periods WHERE period IN (substr(day, 1, 4), substr(day, 1, 7)) AND artist = a AND songs <= 0;
                END IF;
            END IF;
        END $$;
        \(entryRollUpsStatement("inserted", rows: "added", sign: ""))
        \(entryRollUpsStatement("deleted", rows: "removed", sign: "-"))
        \(entryTriggers("entry_rollups", put: { r, s in "\(r).local_date, \(r).kind, \(r).artist, \(r).title, \(s)1, \(s)coalesce(\(r).duration_ms, 0), \(r).id, \(r).id" },
                        updateOf: "kind, taken_at, duration_ms, artist, title", when: """
            old.kind IS DISTINCT FROM new.kind OR old.taken_at IS DISTINCT FROM new.taken_at
                OR old.duration_ms IS DISTINCT FROM new.duration_ms OR old.artist IS DISTINCT FROM new.artist
                OR old.title IS DISTINCT FROM new.title
            """))
        """

    /// The triggers of the roll-up `name` on `entries`: inserts and deletes per statement (their
    /// rows as `added` and `removed`, to `name_inserted()` and `name_deleted()`), an update of
    /// `columns` that `when` holds for per row: `name_updated()`, which takes the old row off
    /// and adds the new one through `name_put` (`put`: its arguments for a row and a sign).
    static func entryTriggers(_ name: String, put: (_ row: String, _ sign: String) -> String, updateOf columns: String, when: String) -> String {
        """
        CREATE FUNCTION \(name)_updated() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM \(name)_put(\(put("old", "-")));
            PERFORM \(name)_put(\(put("new", "")));
            RETURN NULL;
        END $$;
        CREATE TRIGGER \(name)_insert AFTER INSERT ON entries
            REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION \(name)_inserted();
        CREATE TRIGGER \(name)_delete AFTER DELETE ON entries
            REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION \(name)_deleted();
        CREATE TRIGGER \(name)_update AFTER UPDATE OF \(columns) ON entries FOR EACH ROW
            WHEN (\(when))
            EXECUTE FUNCTION \(name)_updated();
        """
    }

    /// The per-statement trigger function of inserts (`rows`: the new rows, added) or deletes
    /// (the old rows, taken off with `sign` "-"): the rows grouped by day, kind and song, put in
    /// key order.
    static func entryRollUpsStatement(_ name: String, rows: String, sign: String) -> String {
        """
        CREATE FUNCTION entry_rollups_\(name)() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM entry_rollups_put(day, k, a, t, \(sign)n, \(sign)ms, first, last) FROM (
                SELECT local_date AS day, kind AS k, CASE WHEN kind = 'song' THEN artist END AS a,
                    CASE WHEN kind = 'song' THEN title END AS t, count(*) AS n, coalesce(sum(duration_ms), 0)::bigint AS ms,
                    min(id) AS first, max(id) AS last
                FROM \(rows) GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
            ) g;
            RETURN NULL;
        END $$;
        """
    }
}
