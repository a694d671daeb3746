extension PostgresSchema {
    /// Photos and entries per local day and 0.1° cell, as SQLite's `entries-dayCells` (issue 29,
    /// decision 0102-entries): what `album trips` reads instead of grouping every photo and entry.
    /// Inserts and deletes are rolled up per statement (an import's rows at once, in key order);
    /// an update that moves a row in time or place, per row.
    static let dayCellsSQL = """
        -- Photos and entries per local day and 0.1° cell (cell -1: no position), with the sums of
        -- their positions, the first and last local time there (issue 29, decision 0102-entries).
        CREATE FUNCTION day_cell(lat double precision, lon double precision) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
            SELECT CASE WHEN lat IS NULL OR lon IS NULL THEN -1
                ELSE (round((lat * 10)::numeric)::integer + 900) * 4000 + round((lon * 10)::numeric)::integer + 1800 END
        $$;
        CREATE TABLE day_cells (
            local_date text COLLATE "C" NOT NULL,
            cell integer NOT NULL,
            photos bigint NOT NULL,
            entries bigint NOT NULL,
            latitude_sum double precision NOT NULL,
            longitude_sum double precision NOT NULL,
            first_at text COLLATE "C" NOT NULL,
            last_at text COLLATE "C" NOT NULL,
            PRIMARY KEY (local_date, cell)
        );
        INSERT INTO day_cells (local_date, cell, photos, entries, latitude_sum, longitude_sum, first_at, last_at)
            SELECT day, cell, sum(photo), count(*) - sum(photo), coalesce(sum(latitude), 0), coalesce(sum(longitude), 0), min(at), max(at)
            FROM (
                SELECT local_date AS day, day_cell(latitude, longitude) AS cell, substr(taken_at, 1, 19) COLLATE "C" AS at,
                    latitude, longitude, 1 AS photo FROM photos WHERE local_date IS NOT NULL
                UNION ALL
                SELECT local_date, day_cell(latitude, longitude), substr(taken_at, 1, 19) COLLATE "C", latitude, longitude, 0 FROM entries
            ) x
            GROUP BY day, cell;
        -- Adds rows to a day and cell.
        CREATE FUNCTION day_cells_put(day text, c integer, p bigint, e bigint, lat double precision, lon double precision, first text, last text)
        RETURNS void LANGUAGE sql AS $$
            INSERT INTO day_cells (local_date, cell, photos, entries, latitude_sum, longitude_sum, first_at, last_at)
            VALUES (day, c, p, e, lat, lon, first, last)
            ON CONFLICT (local_date, cell) DO UPDATE SET photos = day_cells.photos + excluded.photos,
                entries = day_cells.entries + excluded.entries, latitude_sum = day_cells.latitude_sum + excluded.latitude_sum,
                longitude_sum = day_cells.longitude_sum + excluded.longitude_sum,
                first_at = least(day_cells.first_at, excluded.first_at), last_at = greatest(day_cells.last_at, excluded.last_at)
        $$;
        -- Takes rows (already gone or moved) off a day and cell: counts and sums go down, the first
        -- and last times are read again from what is left there, an empty cell goes.
        CREATE FUNCTION day_cells_take(day text, c integer, p bigint, e bigint, lat double precision, lon double precision)
        RETURNS void LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE day_cells SET photos = photos - p, entries = entries - e, latitude_sum = latitude_sum - lat,
                longitude_sum = longitude_sum - lon
                WHERE local_date = day AND cell = c;
            DELETE FROM day_cells WHERE local_date = day AND cell = c AND photos + entries <= 0;
            UPDATE day_cells SET first_at = t.first, last_at = t.last FROM (
                SELECT min(at) AS first, max(at) AS last FROM (
                    SELECT substr(taken_at, 1, 19) COLLATE "C" AS at FROM photos WHERE local_date = day AND day_cell(latitude, longitude) = c
                    UNION ALL
                    SELECT substr(taken_at, 1, 19) COLLATE "C" FROM entries WHERE local_date = day AND day_cell(latitude, longitude) = c
                ) a
            ) t WHERE local_date = day AND cell = c AND t.first IS NOT NULL;
        END $$;
        CREATE FUNCTION day_cells_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
            photo bigint := CASE WHEN TG_TABLE_NAME = 'photos' THEN 1 ELSE 0 END;
        BEGIN
            PERFORM day_cells_put(day, cell, n * photo, n * (1 - photo), lat, lon, first, last) FROM (
                SELECT local_date AS day, day_cell(latitude, longitude) AS cell, count(*) AS n, coalesce(sum(latitude), 0) AS lat,
                    coalesce(sum(longitude), 0) AS lon, min(substr(taken_at, 1, 19) COLLATE "C") AS first,
                    max(substr(taken_at, 1, 19) COLLATE "C") AS last
                FROM added WHERE local_date IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
            ) g;
            RETURN NULL;
        END $$;
        CREATE FUNCTION day_cells_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
            photo bigint := CASE WHEN TG_TABLE_NAME = 'photos' THEN 1 ELSE 0 END;
        BEGIN
            PERFORM day_cells_take(day, cell, n * photo, n * (1 - photo), lat, lon) FROM (
                SELECT local_date AS day, day_cell(latitude, longitude) AS cell, count(*) AS n, coalesce(sum(latitude), 0) AS lat,
                    coalesce(sum(longitude), 0) AS lon
                FROM removed WHERE local_date IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
            ) g;
            RETURN NULL;
        END $$;
        CREATE FUNCTION day_cells_updated() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
            photo bigint := CASE WHEN TG_TABLE_NAME = 'photos' THEN 1 ELSE 0 END;
        BEGIN
            IF old.local_date IS NOT NULL THEN
                PERFORM day_cells_take(old.local_date, day_cell(old.latitude, old.longitude), photo, 1 - photo,
                    coalesce(old.latitude, 0), coalesce(old.longitude, 0));
            END IF;
            IF new.local_date IS NOT NULL THEN
                PERFORM day_cells_put(new.local_date, day_cell(new.latitude, new.longitude), photo, 1 - photo,
                    coalesce(new.latitude, 0), coalesce(new.longitude, 0), substr(new.taken_at, 1, 19), substr(new.taken_at, 1, 19));
            END IF;
            RETURN NULL;
        END $$;
        CREATE TRIGGER day_cells_photo_insert AFTER INSERT ON photos
            REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION day_cells_inserted();
        CREATE TRIGGER day_cells_photo_delete AFTER DELETE ON photos
            REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION day_cells_deleted();
        CREATE TRIGGER day_cells_photo_update AFTER UPDATE OF taken_at, latitude, longitude ON photos FOR EACH ROW
            WHEN (old.taken_at IS DISTINCT FROM new.taken_at OR old.latitude IS DISTINCT FROM new.latitude
                OR old.longitude IS DISTINCT FROM new.longitude)
            EXECUTE FUNCTION day_cells_updated();
        CREATE TRIGGER day_cells_entry_insert AFTER INSERT ON entries
            REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION day_cells_inserted();
        CREATE TRIGGER day_cells_entry_delete AFTER DELETE ON entries
            REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION day_cells_deleted();
        CREATE TRIGGER day_cells_entry_update AFTER UPDATE OF taken_at, latitude, longitude ON entries FOR EACH ROW
            WHEN (old.taken_at IS DISTINCT FROM new.taken_at OR old.latitude IS DISTINCT FROM new.latitude
                OR old.longitude IS DISTINCT FROM new.longitude)
            EXECUTE FUNCTION day_cells_updated();
        """
}
