extension Schema {
    /// The cell of a position (`p` is `new.`, `old.` or empty): the 0.1° cell of `round(lat, 1)`,
    /// `round(lon, 1)` as one integer; -1 for no position.
    static func dayCell(_ p: String) -> String {
        "(CASE WHEN \(p)latitude IS NULL OR \(p)longitude IS NULL THEN -1 "
            + "ELSE (CAST(round(\(p)latitude * 10) AS INTEGER) + 900) * 4000 + CAST(round(\(p)longitude * 10) AS INTEGER) + 1800 END)"
    }

    /// Adds one row (`p` = `new.`) of `table` to its day and cell.
    static func dayCellAdd(_ p: String, photo: Bool, at: String) -> String {
        """
        INSERT INTO day_cells (local_date, cell, photos, entries, latitude_sum, longitude_sum, first_at, last_at)
            SELECT \(p)local_date, \(dayCell(p)), \(photo ? 1 : 0), \(photo ? 0 : 1), coalesce(\(p)latitude, 0), coalesce(\(p)longitude, 0), \(at), \(at)
            WHERE \(p)local_date IS NOT NULL
            ON CONFLICT (local_date, cell) DO UPDATE SET photos = photos + excluded.photos, entries = entries + excluded.entries,
                latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum,
                first_at = min(first_at, excluded.first_at), last_at = max(last_at, excluded.last_at);
        """
    }

    /// Takes one row (`p` = `old.`, already gone from its table) off its day and cell: the
    /// counts and sums go down, the first and last times are read again from what is left of
    /// that day and cell, and a cell left empty goes.
    ///
    /// With `atEndsOnly`, the first and last times are read again only when the row leaving held
    /// one of them (its time is not after the first, or not before the last): any other row
    /// leaves both as they were, without reading the day (decision 0126).
    static func dayCellRemove(_ p: String, photo: Bool, atEndsOnly: Bool = false) -> String {
        let left = """
            SELECT substr(taken_at, 1, 19) AS at FROM photos WHERE local_date = \(p)local_date AND \(dayCell("")) = \(dayCell(p))
                UNION ALL SELECT taken_at FROM entries WHERE local_date = \(p)local_date AND \(dayCell("")) = \(dayCell(p))
            """
        var first = "coalesce((SELECT min(at) FROM (\(left))), first_at)"
        var last = "coalesce((SELECT max(at) FROM (\(left))), last_at)"
        if atEndsOnly {
            let at = photo ? "substr(\(p)taken_at, 1, 19)" : "\(p)taken_at"
            first = "CASE WHEN \(at) > first_at THEN first_at ELSE \(first) END"
            last = "CASE WHEN \(at) < last_at THEN last_at ELSE \(last) END"
        }
        return """
            UPDATE day_cells SET photos = photos - \(photo ? 1 : 0), entries = entries - \(photo ? 0 : 1),
                latitude_sum = latitude_sum - coalesce(\(p)latitude, 0), longitude_sum = longitude_sum - coalesce(\(p)longitude, 0),
                first_at = \(first),
                last_at = \(last)
                WHERE \(p)local_date IS NOT NULL AND local_date = \(p)local_date AND cell = \(dayCell(p));
            DELETE FROM day_cells WHERE \(p)local_date IS NOT NULL AND local_date = \(p)local_date AND cell = \(dayCell(p)) AND photos + entries <= 0;
            """
    }

    /// Photos and entries per local day and 0.1° cell (issue 29, decision 0102-entries): what
    /// `album trips` reads instead of grouping every photo and entry (2.1 s at 1 M photos).
    static let dayCellsSQL = """
        -- Photos and entries per local day and 0.1° cell (about 11 km; cell -1: no position), with
        -- the sums of their positions (the cell's mean position is the sum over photos + entries)
        -- and the first and last local time there: what `album trips` reads instead of every photo
        -- and entry. Triggers keep it in step with photos and entries.
        CREATE TABLE day_cells (
            local_date TEXT NOT NULL,
            cell INTEGER NOT NULL,
            photos INTEGER NOT NULL,
            entries INTEGER NOT NULL,
            latitude_sum REAL NOT NULL,
            longitude_sum REAL NOT NULL,
            first_at TEXT NOT NULL,
            last_at TEXT NOT NULL,
            PRIMARY KEY (local_date, cell)
        ) WITHOUT ROWID;
        INSERT INTO day_cells (local_date, cell, photos, entries, latitude_sum, longitude_sum, first_at, last_at)
            SELECT day, cell, sum(photo), count(*) - sum(photo), coalesce(sum(latitude), 0), coalesce(sum(longitude), 0), min(at), max(at)
            FROM (
                SELECT local_date AS day, \(dayCell("")) AS cell, substr(taken_at, 1, 19) AS at, latitude, longitude, 1 AS photo
                    FROM photos WHERE local_date IS NOT NULL
                UNION ALL
                SELECT local_date, \(dayCell("")), taken_at, latitude, longitude, 0 FROM entries
            )
            GROUP BY day, cell;
        CREATE TRIGGER day_cells_photo_insert AFTER INSERT ON photos WHEN new.local_date IS NOT NULL BEGIN
            \(dayCellAdd("new.", photo: true, at: "substr(new.taken_at, 1, 19)"))
        END;
        CREATE TRIGGER day_cells_photo_delete AFTER DELETE ON photos WHEN old.local_date IS NOT NULL BEGIN
            \(dayCellRemove("old.", photo: true))
        END;
        CREATE TRIGGER day_cells_photo_update AFTER UPDATE OF taken_at, latitude, longitude ON photos BEGIN
            \(dayCellRemove("old.", photo: true))
            \(dayCellAdd("new.", photo: true, at: "substr(new.taken_at, 1, 19)"))
        END;
        CREATE TRIGGER day_cells_entry_insert AFTER INSERT ON entries BEGIN
            \(dayCellAdd("new.", photo: false, at: "new.taken_at"))
        END;
        CREATE TRIGGER day_cells_entry_delete AFTER DELETE ON entries BEGIN
            \(dayCellRemove("old.", photo: false))
        END;
        CREATE TRIGGER day_cells_entry_update AFTER UPDATE OF taken_at, latitude, longitude ON entries BEGIN
            \(dayCellRemove("old.", photo: false))
            \(dayCellAdd("new.", photo: false, at: "new.taken_at"))
        END;
        """

    /// The update triggers of `dayCellsSQL` run only when a row moved in time or place, as
    /// PostgreSQL's always did (issue 28, decision 0102-entries). Without the `WHEN`, every UPDATE
    /// naming `taken_at` (a download's commit keeps it) took the row off its day and put it back,
    /// reading every photo and entry of that day again for the first and last times: 5.55 ms a
    /// download on a day of 5,000 photos instead of 0.03 ms, quadratic in a day's photos.
    /// `local_date` is generated from `taken_at`, so these three columns are all a move can change.
    static let dayCellsWhenMovedSQL = """
        DROP TRIGGER day_cells_photo_update;
        CREATE TRIGGER day_cells_photo_update AFTER UPDATE OF taken_at, latitude, longitude ON photos
            WHEN old.taken_at IS NOT new.taken_at OR old.latitude IS NOT new.latitude OR old.longitude IS NOT new.longitude
        BEGIN
            \(dayCellRemove("old.", photo: true))
            \(dayCellAdd("new.", photo: true, at: "substr(new.taken_at, 1, 19)"))
        END;
        DROP TRIGGER day_cells_entry_update;
        CREATE TRIGGER day_cells_entry_update AFTER UPDATE OF taken_at, latitude, longitude ON entries
            WHEN old.taken_at IS NOT new.taken_at OR old.latitude IS NOT new.latitude OR old.longitude IS NOT new.longitude
        BEGIN
            \(dayCellRemove("old.", photo: false))
            \(dayCellAdd("new.", photo: false, at: "new.taken_at"))
        END;
        """

    /// The roll-ups' triggers without reading a whole day on every change (issue 28, decision
    /// 0126). Measured on a fetch of 5,000 photos of one day: a download's commit cost 1.08 ms of
    /// SQLite CPU, 0.18 ms with this migration.
    /// - `photo_days`: a download names the camera (the placeholder had none), which moves the
    ///   photo from one (day, pin, camera) group to another; the group it left read its first
    ///   time again with `min(taken_at)` over `photos_by_local_date`, row by row through the whole
    ///   day until one of that group: quadratic in a day's photos. `photos_by_day_group` indexes
    ///   exactly that group, so the read is one seek (for the delete trigger too). The update
    ///   trigger also runs only when one of its four columns changed.
    /// - `day_cells`: a move or a removal reads the first and last times of its cell again only
    ///   when the row leaving held one of them (`dayCellRemove(atEndsOnly:)`).
    static let rollUpsWithoutScansSQL = """
        CREATE INDEX photos_by_day_group
            ON photos (local_date, coalesce(pin_id, 0), coalesce(camera_make, ''), coalesce(camera_model, ''), taken_at)
            WHERE local_date IS NOT NULL;
        DROP TRIGGER photo_days_update;
        CREATE TRIGGER photo_days_update AFTER UPDATE OF taken_at, pin_id, camera_make, camera_model ON photos
            WHEN old.taken_at IS NOT new.taken_at OR old.pin_id IS NOT new.pin_id
                OR old.camera_make IS NOT new.camera_make OR old.camera_model IS NOT new.camera_model
        BEGIN
            UPDATE photo_days SET photos = photos - 1, first_taken = (
                SELECT min(taken_at) FROM photos WHERE local_date = old.local_date AND coalesce(pin_id, 0) = coalesce(old.pin_id, 0)
                    AND coalesce(camera_make, '') = coalesce(old.camera_make, '') AND coalesce(camera_model, '') = coalesce(old.camera_model, ''))
            WHERE old.local_date IS NOT NULL AND local_date = old.local_date AND pin_id = coalesce(old.pin_id, 0) AND make = coalesce(old.camera_make, '') AND model = coalesce(old.camera_model, '');
            DELETE FROM photo_days WHERE local_date = old.local_date AND pin_id = coalesce(old.pin_id, 0)
                AND make = coalesce(old.camera_make, '') AND model = coalesce(old.camera_model, '') AND photos <= 0;
            INSERT INTO photo_days (local_date, pin_id, make, model, photos, first_taken)
            SELECT new.local_date, coalesce(new.pin_id, 0), coalesce(new.camera_make, ''), coalesce(new.camera_model, ''), 1, new.taken_at
            WHERE new.local_date IS NOT NULL
            ON CONFLICT (local_date, pin_id, make, model)
            DO UPDATE SET photos = photos + 1, first_taken = min(first_taken, excluded.first_taken);
        END;
        DROP TRIGGER day_cells_photo_delete;
        CREATE TRIGGER day_cells_photo_delete AFTER DELETE ON photos WHEN old.local_date IS NOT NULL BEGIN
            \(dayCellRemove("old.", photo: true, atEndsOnly: true))
        END;
        DROP TRIGGER day_cells_photo_update;
        CREATE TRIGGER day_cells_photo_update AFTER UPDATE OF taken_at, latitude, longitude ON photos
            WHEN old.taken_at IS NOT new.taken_at OR old.latitude IS NOT new.latitude OR old.longitude IS NOT new.longitude
        BEGIN
            \(dayCellRemove("old.", photo: true, atEndsOnly: true))
            \(dayCellAdd("new.", photo: true, at: "substr(new.taken_at, 1, 19)"))
        END;
        DROP TRIGGER day_cells_entry_delete;
        CREATE TRIGGER day_cells_entry_delete AFTER DELETE ON entries BEGIN
            \(dayCellRemove("old.", photo: false, atEndsOnly: true))
        END;
        DROP TRIGGER day_cells_entry_update;
        CREATE TRIGGER day_cells_entry_update AFTER UPDATE OF taken_at, latitude, longitude ON entries
            WHEN old.taken_at IS NOT new.taken_at OR old.latitude IS NOT new.latitude OR old.longitude IS NOT new.longitude
        BEGIN
            \(dayCellRemove("old.", photo: false, atEndsOnly: true))
            \(dayCellAdd("new.", photo: false, at: "new.taken_at"))
        END;
        """
}
