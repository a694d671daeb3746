/// Every schema change GeoAlbum has shipped, in order. Append only.
enum Schema {
    static let migrations: [Migration] = [
        Migration(name: "createPins", sql: """
            CREATE TABLE pins (
                id INTEGER PRIMARY KEY AUTOINCREMENT,  -- ids are never reused
                latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
                longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
                title TEXT,
                note TEXT,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL
            );
            -- "pins inside this box" is an R*Tree lookup; triggers keep it in step with pins.
            CREATE VIRTUAL TABLE pins_box USING rtree(id, min_lat, max_lat, min_lon, max_lon);
            CREATE TRIGGER pins_box_insert AFTER INSERT ON pins BEGIN
                INSERT INTO pins_box VALUES (new.id, new.latitude, new.latitude, new.longitude, new.longitude);
            END;
            CREATE TRIGGER pins_box_move AFTER UPDATE OF latitude, longitude ON pins BEGIN
                UPDATE pins_box SET min_lat = new.latitude, max_lat = new.latitude,
                    min_lon = new.longitude, max_lon = new.longitude WHERE id = new.id;
            END;
            CREATE TRIGGER pins_box_delete AFTER DELETE ON pins BEGIN
                DELETE FROM pins_box WHERE id = old.id;
            END;
            """),
        Migration(name: "createRegion", sql: """
            CREATE TABLE region (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
                longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
                span_latitude REAL NOT NULL CHECK (span_latitude > 0),
                span_longitude REAL NOT NULL CHECK (span_longitude > 0),
                updated_at TEXT NOT NULL
            );
            """),
        Migration(name: "createPhotos", sql: """
            CREATE TABLE photos (
                id INTEGER PRIMARY KEY AUTOINCREMENT,  -- ids are never reused
                pin_id INTEGER NOT NULL REFERENCES pins(id) ON DELETE CASCADE,
                source TEXT NOT NULL,
                source_id TEXT NOT NULL,
                url TEXT,
                title TEXT,
                taken_at TEXT,
                latitude REAL,
                longitude REAL,
                state TEXT NOT NULL DEFAULT 'placeholder'
                    CHECK (state IN ('placeholder', 'downloading', 'downloaded', 'failed')),
                failure TEXT,
                attempts INTEGER NOT NULL DEFAULT 0,
                file TEXT,
                thumbnail TEXT,
                content_hash TEXT,
                bytes INTEGER,
                width INTEGER,
                height INTEGER,
                position INTEGER NOT NULL DEFAULT 0,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                UNIQUE (pin_id, source, source_id)
            );
            CREATE INDEX photos_by_pin ON photos (pin_id, position);
            CREATE INDEX photos_by_state ON photos (state);
            CREATE INDEX photos_by_hash ON photos (content_hash);
            CREATE VIRTUAL TABLE photos_box USING rtree(id, min_lat, max_lat, min_lon, max_lon);
            CREATE TRIGGER photos_box_insert AFTER INSERT ON photos WHEN new.latitude IS NOT NULL BEGIN
                INSERT INTO photos_box VALUES (new.id, new.latitude, new.latitude, new.longitude, new.longitude);
            END;
            CREATE TRIGGER photos_box_move AFTER UPDATE OF latitude, longitude ON photos BEGIN
                DELETE FROM photos_box WHERE id = old.id;
                INSERT INTO photos_box SELECT new.id, new.latitude, new.latitude, new.longitude, new.longitude
                    WHERE new.latitude IS NOT NULL;
            END;
            CREATE TRIGGER photos_box_delete AFTER DELETE ON photos BEGIN
                DELETE FROM photos_box WHERE id = old.id;
            END;
            """),
        Migration(name: "createShownPhotos", sql: """
            -- Every source photo a pin's album has held, so a new collection can exclude them;
            -- removed = 1 when the user removed it (never brought back).
            CREATE TABLE shown_photos (
                pin_id INTEGER NOT NULL REFERENCES pins(id) ON DELETE CASCADE,
                source TEXT NOT NULL,
                source_id TEXT NOT NULL,
                removed INTEGER NOT NULL DEFAULT 0,
                shown_at TEXT NOT NULL,
                PRIMARY KEY (pin_id, source, source_id)
            ) WITHOUT ROWID;
            """),
        Migration(name: "createAlbums", sql: """
            -- One row per pin once it has been searched: where its photos came from and what the
            -- source said, so re-fetches and new collections know the source and page count.
            CREATE TABLE albums (
                pin_id INTEGER PRIMARY KEY REFERENCES pins(id) ON DELETE CASCADE,
                source TEXT NOT NULL,
                endpoint TEXT,
                radius_km REAL NOT NULL,
                per_page INTEGER NOT NULL,
                page INTEGER NOT NULL,
                total INTEGER NOT NULL,
                pages INTEGER NOT NULL,
                searched_at TEXT NOT NULL
            );
            """),
        Migration(name: "addPhotoClaims", sql: """
            -- Which process is downloading a photo ("pid:start-ticks"), so a second process never
            -- takes the same photo and a dead process's photos go back to the queue.
            ALTER TABLE photos ADD COLUMN claimed_by TEXT;
            CREATE INDEX photos_by_claim ON photos (claimed_by) WHERE claimed_by IS NOT NULL;
            """),
        Migration(name: "addPhotoExifFields", sql: """
            -- What an imported photo's EXIF says besides its date, place and pixel size.
            ALTER TABLE photos ADD COLUMN camera_make TEXT;
            ALTER TABLE photos ADD COLUMN camera_model TEXT;
            ALTER TABLE photos ADD COLUMN orientation INTEGER;
            ALTER TABLE photos ADD COLUMN altitude REAL;
            """),
        Migration(name: "createRemovedContents", sql: """
            -- What the user removed, by content: a file with these bytes is never stored again,
            -- whatever its origin (an import of a photo once fetched, a copy under another name).
            -- Kept when its pin is removed (pin_id becomes NULL): the removal was of the photo.
            CREATE TABLE removed_contents (
                content_hash TEXT NOT NULL,
                photo_id INTEGER,  -- the removed photo's id; NULL for removals made before this table
                pin_id INTEGER REFERENCES pins(id) ON DELETE SET NULL,
                removed_at TEXT NOT NULL
            );
            CREATE INDEX removed_contents_by_hash ON removed_contents (content_hash);
            -- Imported photos removed before: their source id is their content hash.
            INSERT INTO removed_contents (content_hash, photo_id, pin_id, removed_at)
                SELECT source_id, NULL, pin_id, shown_at FROM shown_photos WHERE source = 'import' AND removed = 1;
            """),
        Migration(name: "createPendingSearches", sql: """
            -- A fetch asked for this pin's first collection and has not stored it yet (the search
            -- was killed, or failed): `album resume` and `album status` see it and finish it.
            -- Deleted in the transaction that stores the first collection.
            CREATE TABLE pending_searches (
                pin_id INTEGER PRIMARY KEY REFERENCES pins(id) ON DELETE CASCADE,
                source TEXT NOT NULL,
                endpoint TEXT,
                radius_km REAL NOT NULL,
                per_page INTEGER NOT NULL,
                requested_at TEXT NOT NULL
            );
            """),
        Migration(name: "createPlans", sql: """
            -- The travel book: a pin planned for a visit (optionally between two local dates, YYYY-MM-DD),
            -- and when it was marked visited (by the user, or by an import of photos taken on those dates).
            CREATE TABLE plans (
                pin_id INTEGER PRIMARY KEY REFERENCES pins(id) ON DELETE CASCADE,
                from_date TEXT,
                to_date TEXT,
                note TEXT,
                visited_at TEXT,
                visited_by TEXT CHECK (visited_by IN ('import', 'user')),
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                CHECK ((from_date IS NULL) = (to_date IS NULL)),
                CHECK (from_date IS NULL OR from_date <= to_date),
                CHECK ((visited_at IS NULL) = (visited_by IS NULL))
            );
            """),
        Migration(name: "createReminders", sql: """
            -- A reminder: its rule as wall-clock text in an IANA zone, and as instants (unix seconds, UTC):
            -- scheduled_at = the rule's next occurrence, snoozed_until = "remind me later",
            -- due_at = the earlier of the two (NULL when done). lease_owner ("pid:start-ticks") holds a
            -- reminder while `album due --exec/--notify` delivers it.
            CREATE TABLE reminders (
                id INTEGER PRIMARY KEY AUTOINCREMENT,  -- ids are never reused
                pin_id INTEGER REFERENCES pins(id) ON DELETE CASCADE,
                text TEXT,
                kind TEXT NOT NULL CHECK (kind IN ('once', 'daily', 'weekly')),
                rule TEXT NOT NULL,
                zone TEXT NOT NULL,
                zone_source TEXT NOT NULL CHECK (zone_source IN ('pin', 'option', 'system')),
                scheduled_at INTEGER,
                snoozed_until INTEGER,
                due_at INTEGER,
                done INTEGER NOT NULL DEFAULT 0 CHECK (done IN (0, 1)),
                deliveries INTEGER NOT NULL DEFAULT 0,
                last_delivered_at INTEGER,
                last_error TEXT,
                lease_owner TEXT,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                CHECK (pin_id IS NOT NULL OR text IS NOT NULL)
            );
            CREATE INDEX reminders_by_due ON reminders (due_at) WHERE due_at IS NOT NULL;
            -- Every delivery, so "delivered once" can be checked and shown.
            CREATE TABLE reminder_deliveries (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                reminder_id INTEGER NOT NULL REFERENCES reminders(id) ON DELETE CASCADE,
                occurrence_at INTEGER NOT NULL,
                delivered_at INTEGER NOT NULL,
                late_seconds INTEGER NOT NULL,
                missed INTEGER NOT NULL,
                via TEXT NOT NULL
            );
            CREATE INDEX reminder_deliveries_by_reminder ON reminder_deliveries (reminder_id);
            """),
        Migration(name: "allowUnplacedPhotos", sql: """
            -- A photo without a place (the "unplaced" tray) has no pin: pin_id becomes nullable.
            -- SQLite cannot ALTER a constraint; its documented way is editing the stored CREATE
            -- TABLE text (lang_altertable.html, "other kinds of table schema changes"). Only the
            -- pin_id clause is replaced, so columns other migrations add are untouched, and no
            -- row is rewritten (decision 0009).
            PRAGMA writable_schema = ON;
            UPDATE sqlite_master
                SET sql = replace(sql, 'pin_id INTEGER NOT NULL REFERENCES pins(id)', 'pin_id INTEGER REFERENCES pins(id)')
                WHERE type = 'table' AND name = 'photos';
            PRAGMA writable_schema = RESET;
            -- UNIQUE (pin_id, source, source_id) treats NULLs as distinct: an unplaced photo is
            -- stored once per source photo by this index instead.
            CREATE UNIQUE INDEX photos_unplaced_once ON photos (source, source_id) WHERE pin_id IS NULL;
            """),
        Migration(name: "addPhotoLocalDate", sql: """
            -- The local calendar day of a photo: the date as the camera's clock showed it, which
            -- is the date part of taken_at (stored as local time, with its offset when known).
            -- The timeline, tags by day and summaries group and count by it.
            ALTER TABLE photos ADD COLUMN local_date TEXT GENERATED ALWAYS AS (
                CASE WHEN taken_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*' THEN substr(taken_at, 1, 10) END
            ) VIRTUAL;
            CREATE INDEX photos_by_local_date ON photos (local_date, taken_at, id);
            """),
        Migration(name: "createTags", sql: """
            -- Tags as TagName normalises them (trimmed, NFC, case-folded). A pin's tag applies to
            -- its photos in filters.
            CREATE TABLE photo_tags (
                photo_id INTEGER NOT NULL REFERENCES photos(id) ON DELETE CASCADE,
                tag TEXT NOT NULL CHECK (length(tag) BETWEEN 1 AND 256),
                PRIMARY KEY (photo_id, tag)
            ) WITHOUT ROWID;
            CREATE INDEX photo_tags_by_tag ON photo_tags (tag, photo_id);
            CREATE TABLE pin_tags (
                pin_id INTEGER NOT NULL REFERENCES pins(id) ON DELETE CASCADE,
                tag TEXT NOT NULL CHECK (length(tag) BETWEEN 1 AND 256),
                PRIMARY KEY (pin_id, tag)
            ) WITHOUT ROWID;
            CREATE INDEX pin_tags_by_tag ON pin_tags (tag, pin_id);
            """),
        Migration(name: "createPhotoSearch", sql: """
            -- What `album find` searches, one row per photo (rowid = photo id). The view says
            -- what each column holds; triggers re-index a photo from it whenever its photo, its
            -- tags, its pin or its pin's tags change, and the table is filled from it here.
            CREATE VIEW photo_search_source AS
                SELECT p.id AS id,
                    coalesce(p.title, '') AS title,
                    coalesce(n.title, '') || ' ' || coalesce(n.note, '') AS pin,
                    coalesce((SELECT group_concat(tag, ' ') FROM (
                        SELECT tag FROM photo_tags WHERE photo_id = p.id
                        UNION SELECT tag FROM pin_tags WHERE pin_id = p.pin_id)), '') AS tags,
                    coalesce(p.camera_make, '') || ' ' || coalesce(p.camera_model, '') AS camera,
                    coalesce(replace(coalesce(p.url, p.file), rtrim(coalesce(p.url, p.file), replace(coalesce(p.url, p.file), '/', '')), ''), '') AS file,
                    '' AS place
                FROM photos p LEFT JOIN pins n ON n.id = p.pin_id;
            CREATE VIRTUAL TABLE photo_search USING fts5(
                title, pin, tags, camera, file, place, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
            INSERT INTO photo_search (rowid, title, pin, tags, camera, file, place) SELECT * FROM photo_search_source;
            CREATE TRIGGER photo_search_insert AFTER INSERT ON photos BEGIN
                INSERT INTO photo_search (rowid, title, pin, tags, camera, file, place)
                    SELECT * FROM photo_search_source WHERE id = new.id;
            END;
            CREATE TRIGGER photo_search_update AFTER UPDATE OF title, url, file, pin_id, camera_make, camera_model ON photos BEGIN
                DELETE FROM photo_search WHERE rowid = old.id;
                INSERT INTO photo_search (rowid, title, pin, tags, camera, file, place)
                    SELECT * FROM photo_search_source WHERE id = new.id;
            END;
            CREATE TRIGGER photo_search_delete AFTER DELETE ON photos BEGIN
                DELETE FROM photo_search WHERE rowid = old.id;
            END;
            CREATE TRIGGER photo_search_tag_added AFTER INSERT ON photo_tags BEGIN
                DELETE FROM photo_search WHERE rowid = new.photo_id;
                INSERT INTO photo_search (rowid, title, pin, tags, camera, file, place)
                    SELECT * FROM photo_search_source WHERE id = new.photo_id;
            END;
            CREATE TRIGGER photo_search_tag_removed AFTER DELETE ON photo_tags BEGIN
                DELETE FROM photo_search WHERE rowid = old.photo_id;
                INSERT INTO photo_search (rowid, title, pin, tags, camera, file, place)
                    SELECT * FROM photo_search_source WHERE id = old.photo_id;
            END;
            CREATE TRIGGER photo_search_pin_tag_added AFTER INSERT ON pin_tags BEGIN
                DELETE FROM photo_search WHERE rowid IN (SELECT id FROM photos WHERE pin_id = new.pin_id);
                INSERT INTO photo_search (rowid, title, pin, tags, camera, file, place)
                    SELECT * FROM photo_search_source WHERE id IN (SELECT id FROM photos WHERE pin_id = new.pin_id);
            END;
            CREATE TRIGGER photo_search_pin_tag_removed AFTER DELETE ON pin_tags BEGIN
                DELETE FROM photo_search WHERE rowid IN (SELECT id FROM photos WHERE pin_id = old.pin_id);
                INSERT INTO photo_search (rowid, title, pin, tags, camera, file, place)
                    SELECT * FROM photo_search_source WHERE id IN (SELECT id FROM photos WHERE pin_id = old.pin_id);
            END;
            CREATE TRIGGER photo_search_pin_renamed AFTER UPDATE OF title, note ON pins BEGIN
                DELETE FROM photo_search WHERE rowid IN (SELECT id FROM photos WHERE pin_id = new.id);
                INSERT INTO photo_search (rowid, title, pin, tags, camera, file, place)
                    SELECT * FROM photo_search_source WHERE id IN (SELECT id FROM photos WHERE pin_id = new.id);
            END;
            """),
        Migration(name: "addPhotoSuggestedPin", sql: """
            -- For an unplaced photo: the pin an import suggested (the same camera's located photo
            -- nearest in time), for `album photo place --accept-suggestion`.
            ALTER TABLE photos ADD COLUMN suggested_pin_id INTEGER REFERENCES pins(id) ON DELETE SET NULL;
            """),
        Migration(name: "createPhotoDays", sql: """
            -- Photos per local day, pin (0 = unplaced) and camera, with the day's first capture
            -- time there: what summaries and timeline counts read instead of every photo row.
            -- Triggers keep it in step with photos.
            CREATE TABLE photo_days (
                local_date TEXT NOT NULL,
                pin_id INTEGER NOT NULL,
                make TEXT NOT NULL,
                model TEXT NOT NULL,
                photos INTEGER NOT NULL,
                first_taken TEXT,
                PRIMARY KEY (local_date, pin_id, make, model)
            ) WITHOUT ROWID;
            CREATE INDEX photo_days_by_pin ON photo_days (pin_id, local_date);
            INSERT INTO photo_days (local_date, pin_id, make, model, photos, first_taken)
                SELECT local_date, coalesce(pin_id, 0), coalesce(camera_make, ''), coalesce(camera_model, ''), count(*), min(taken_at)
                FROM photos WHERE local_date IS NOT NULL GROUP BY 1, 2, 3, 4;
            CREATE TRIGGER photo_days_insert AFTER INSERT ON photos WHEN new.local_date IS NOT NULL BEGIN
                INSERT INTO photo_days (local_date, pin_id, make, model, photos, first_taken)
                VALUES (new.local_date, coalesce(new.pin_id, 0), coalesce(new.camera_make, ''), coalesce(new.camera_model, ''), 1, new.taken_at)
                ON CONFLICT (local_date, pin_id, make, model)
                DO UPDATE SET photos = photos + 1, first_taken = min(first_taken, excluded.first_taken);
            END;
            CREATE TRIGGER photo_days_delete AFTER DELETE ON photos WHEN old.local_date IS NOT NULL BEGIN
                UPDATE photo_days SET photos = photos - 1, first_taken = (
                    SELECT min(taken_at) FROM photos WHERE local_date = old.local_date AND coalesce(pin_id, 0) = coalesce(old.pin_id, 0)
                        AND coalesce(camera_make, '') = coalesce(old.camera_make, '') AND coalesce(camera_model, '') = coalesce(old.camera_model, ''))
                WHERE local_date = old.local_date AND pin_id = coalesce(old.pin_id, 0) AND make = coalesce(old.camera_make, '') AND model = coalesce(old.camera_model, '');
                DELETE FROM photo_days WHERE local_date = old.local_date AND pin_id = coalesce(old.pin_id, 0)
                    AND make = coalesce(old.camera_make, '') AND model = coalesce(old.camera_model, '') AND photos <= 0;
            END;
            CREATE TRIGGER photo_days_update AFTER UPDATE OF taken_at, pin_id, camera_make, camera_model ON photos BEGIN
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
            """),
        Migration(name: "addPlacesAndLocalTime", sql: """
            -- The nearest GeoNames place and the IANA zone of each pin and photo (issue 12).
            -- named_at is NULL until the place data has named the row; moving it clears it.
            ALTER TABLE pins ADD COLUMN place_name TEXT;
            ALTER TABLE pins ADD COLUMN place_region TEXT;
            ALTER TABLE pins ADD COLUMN place_country TEXT;
            ALTER TABLE pins ADD COLUMN place_country_code TEXT;
            ALTER TABLE pins ADD COLUMN place_distance_km REAL;
            ALTER TABLE pins ADD COLUMN time_zone TEXT;
            ALTER TABLE pins ADD COLUMN named_at TEXT;
            CREATE INDEX pins_unnamed ON pins (id) WHERE named_at IS NULL;
            CREATE TRIGGER pins_place_moved AFTER UPDATE OF latitude, longitude ON pins BEGIN
                UPDATE pins SET named_at = NULL WHERE id = new.id;
            END;
            ALTER TABLE photos ADD COLUMN place_name TEXT;
            ALTER TABLE photos ADD COLUMN place_region TEXT;
            ALTER TABLE photos ADD COLUMN place_country TEXT;
            ALTER TABLE photos ADD COLUMN place_country_code TEXT;
            ALTER TABLE photos ADD COLUMN place_distance_km REAL;
            ALTER TABLE photos ADD COLUMN time_zone TEXT;
            -- The UTC offset of taken_at ('+02:00') and where it came from; an offset the
            -- camera wrote (taken_at ends with it) is never replaced.
            ALTER TABLE photos ADD COLUMN utc_offset TEXT;
            ALTER TABLE photos ADD COLUMN offset_source TEXT CHECK (offset_source IN ('exif', 'gps', 'inferred', 'none'));
            ALTER TABLE photos ADD COLUMN position_source TEXT CHECK (position_source IN ('exif', 'gpx', 'source'));
            ALTER TABLE photos ADD COLUMN gps_time TEXT;
            ALTER TABLE photos ADD COLUMN named_at TEXT;
            CREATE INDEX photos_unnamed ON photos (id) WHERE named_at IS NULL;
            CREATE TRIGGER photos_place_moved AFTER UPDATE OF latitude, longitude, taken_at, pin_id ON photos BEGIN
                UPDATE photos SET named_at = NULL WHERE id = new.id;
            END;
            """),
        Migration(name: "searchPlaceNames", sql: """
            -- `album find` searches place names (issue 12's GeoNames places): a photo's own place,
            -- else its pin's, as "name region country". Only the view and the triggers that watch
            -- the place columns change; the index is re-filled from the new view (decision 0019).
            DROP VIEW photo_search_source;
            CREATE VIEW photo_search_source AS
                SELECT p.id AS id,
                    coalesce(p.title, '') AS title,
                    coalesce(n.title, '') || ' ' || coalesce(n.note, '') AS pin,
                    coalesce((SELECT group_concat(tag, ' ') FROM (
                        SELECT tag FROM photo_tags WHERE photo_id = p.id
                        UNION SELECT tag FROM pin_tags WHERE pin_id = p.pin_id)), '') AS tags,
                    coalesce(p.camera_make, '') || ' ' || coalesce(p.camera_model, '') AS camera,
                    coalesce(replace(coalesce(p.url, p.file), rtrim(coalesce(p.url, p.file), replace(coalesce(p.url, p.file), '/', '')), ''), '') AS file,
                    CASE WHEN p.place_name IS NOT NULL
                        THEN p.place_name || ' ' || coalesce(p.place_region, '') || ' ' || coalesce(p.place_country, '')
                        ELSE coalesce(n.place_name, '') || ' ' || coalesce(n.place_region, '') || ' ' || coalesce(n.place_country, '')
                    END AS place
                FROM photos p LEFT JOIN pins n ON n.id = p.pin_id;
            DROP TRIGGER photo_search_update;
            CREATE TRIGGER photo_search_update
                AFTER UPDATE OF title, url, file, pin_id, camera_make, camera_model, place_name, place_region, place_country ON photos
            BEGIN
                DELETE FROM photo_search WHERE rowid = old.id;
                INSERT INTO photo_search (rowid, title, pin, tags, camera, file, place)
                    SELECT * FROM photo_search_source WHERE id = new.id;
            END;
            DROP TRIGGER photo_search_pin_renamed;
            -- Naming a photo's place writes the columns even when the name stays: re-index only
            -- when a pin's text really changed.
            CREATE TRIGGER photo_search_pin_renamed AFTER UPDATE OF title, note, place_name, place_region, place_country ON pins
                WHEN old.title IS NOT new.title OR old.note IS NOT new.note OR old.place_name IS NOT new.place_name
                    OR old.place_region IS NOT new.place_region OR old.place_country IS NOT new.place_country
            BEGIN
                DELETE FROM photo_search WHERE rowid IN (SELECT id FROM photos WHERE pin_id = new.id);
                INSERT INTO photo_search (rowid, title, pin, tags, camera, file, place)
                    SELECT * FROM photo_search_source WHERE id IN (SELECT id FROM photos WHERE pin_id = new.id);
            END;
            -- Re-filled from scratch (dropping is far faster than deleting every row of an FTS5
            -- table); the triggers name it in their bodies only, so they stay.
            DROP TABLE photo_search;
            CREATE VIRTUAL TABLE photo_search USING fts5(
                title, pin, tags, camera, file, place, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
            INSERT INTO photo_search (rowid, title, pin, tags, camera, file, place) SELECT * FROM photo_search_source;
            """),
        Migration(name: "createPhotoTagDays", sql: """
            -- Photos per local day, pin (0 = unplaced) and tag of their own (a pin's tags are
            -- counted from photo_days): what summaries count tags from instead of every tagged
            -- photo row. Triggers keep it in step with photo_tags and photos (decision 0019).
            CREATE TABLE photo_tag_days (
                local_date TEXT NOT NULL,
                pin_id INTEGER NOT NULL,
                tag TEXT NOT NULL,
                photos INTEGER NOT NULL,
                PRIMARY KEY (local_date, pin_id, tag)
            ) WITHOUT ROWID;
            INSERT INTO photo_tag_days (local_date, pin_id, tag, photos)
                SELECT p.local_date, coalesce(p.pin_id, 0), t.tag, count(*)
                FROM photo_tags t JOIN photos p ON p.id = t.photo_id WHERE p.local_date IS NOT NULL GROUP BY 1, 2, 3;
            CREATE TRIGGER photo_tag_days_tag_added AFTER INSERT ON photo_tags BEGIN
                INSERT INTO photo_tag_days (local_date, pin_id, tag, photos)
                    SELECT local_date, coalesce(pin_id, 0), new.tag, 1 FROM photos WHERE id = new.photo_id AND local_date IS NOT NULL
                    ON CONFLICT (local_date, pin_id, tag) DO UPDATE SET photos = photos + 1;
            END;
            -- When a photo is deleted its tags go by cascade after it: the photo is gone then, and
            -- this does nothing; photo_tag_days_photo_removed counted them down before.
            CREATE TRIGGER photo_tag_days_tag_removed AFTER DELETE ON photo_tags BEGIN
                UPDATE photo_tag_days SET photos = photos - 1
                    WHERE tag = old.tag AND (local_date, pin_id) IN (
                        SELECT local_date, coalesce(pin_id, 0) FROM photos WHERE id = old.photo_id);
                DELETE FROM photo_tag_days WHERE photos <= 0 AND tag = old.tag AND (local_date, pin_id) IN (
                    SELECT local_date, coalesce(pin_id, 0) FROM photos WHERE id = old.photo_id);
            END;
            CREATE TRIGGER photo_tag_days_photo_removed BEFORE DELETE ON photos WHEN old.local_date IS NOT NULL BEGIN
                UPDATE photo_tag_days SET photos = photos - 1
                    WHERE local_date = old.local_date AND pin_id = coalesce(old.pin_id, 0)
                        AND tag IN (SELECT tag FROM photo_tags WHERE photo_id = old.id);
                DELETE FROM photo_tag_days WHERE local_date = old.local_date AND pin_id = coalesce(old.pin_id, 0) AND photos <= 0;
            END;
            CREATE TRIGGER photo_tag_days_photo_moved AFTER UPDATE OF taken_at, pin_id ON photos
                WHEN old.local_date IS NOT new.local_date OR old.pin_id IS NOT new.pin_id
            BEGIN
                UPDATE photo_tag_days SET photos = photos - 1
                    WHERE local_date = old.local_date AND pin_id = coalesce(old.pin_id, 0)
                        AND tag IN (SELECT tag FROM photo_tags WHERE photo_id = old.id);
                DELETE FROM photo_tag_days WHERE local_date = old.local_date AND pin_id = coalesce(old.pin_id, 0) AND photos <= 0;
                INSERT INTO photo_tag_days (local_date, pin_id, tag, photos)
                    SELECT new.local_date, coalesce(new.pin_id, 0), tag, 1 FROM photo_tags WHERE photo_id = new.id AND new.local_date IS NOT NULL
                    ON CONFLICT (local_date, pin_id, tag) DO UPDATE SET photos = photos + 1;
            END;
            """),
        Migration(name: "addPhotoClockOffset", sql: """
            -- The camera clock's UTC offset as the user gave it on import (--time-offset, issue 12):
            -- the photo's offset when the camera wrote none and no GPS time says otherwise. Such
            -- an offset is stored with offset_source NULL (read as 'user'): that column's CHECK
            -- cannot take a new value without rebuilding the table.
            ALTER TABLE photos ADD COLUMN clock_offset TEXT;
            """),
        Migration(name: "addPhotoSourceDetails", sql: """
            -- What a source says of a photo's position and rights (YFCC100M rows: Flickr's
            -- accuracy 1–16, the licence's name); NULL when the source does not say.
            ALTER TABLE photos ADD COLUMN accuracy INTEGER CHECK (accuracy BETWEEN 1 AND 16);
            ALTER TABLE photos ADD COLUMN license TEXT;
            """),
        Migration(name: "addPlaceDataKey", sql: """
            -- Which place data, zone map and naming rules named the pins and photos (issue 12):
            -- PlaceDataKey's hash and its text. When this machine's key differs at open, every
            -- row's named_at is cleared with the new key in one transaction, and the rows are
            -- named again. NULL (a library named before this): named again on first open.
            CREATE TABLE place_data (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                key TEXT,
                description TEXT
            );
            INSERT INTO place_data (id) VALUES (1);
            """),
        Migration(name: "accounts-createUsers", sql: """
            -- Users (issue 25, decision 0046): a library with none works as before. The password
            -- is kept as libsodium's argon2id string only. Long-lived tokens (refresh tokens of the
            -- API, session cookies of the pages) are kept as their SHA-256 only; a token spent by
            -- rotation keeps its row (spent_at) so that its reuse is recognised and revokes the
            -- family. Times are Unix seconds.
            CREATE TABLE users (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                email TEXT NOT NULL UNIQUE CHECK (length(email) BETWEEN 3 AND 254),
                password_hash TEXT NOT NULL,
                is_admin INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1)),
                created_at TEXT NOT NULL
            );
            CREATE TABLE auth_tokens (
                id INTEGER PRIMARY KEY,
                user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                family TEXT NOT NULL,
                token_hash TEXT NOT NULL UNIQUE,
                kind TEXT NOT NULL CHECK (kind IN ('refresh', 'session')),
                created_at INTEGER NOT NULL,
                expires_at INTEGER NOT NULL,
                spent_at INTEGER,
                revoked_at INTEGER
            );
            CREATE INDEX auth_tokens_by_family ON auth_tokens (family);
            CREATE INDEX auth_tokens_by_user ON auth_tokens (user_id);
            """),
        Migration(name: "entries-createEntries", sql: """
            -- Entries that are not photos (issue 26, decision 0050-entries): notes, songs, sounds
            -- and check-ins, on the timeline by their local time (taken_at, the wall clock where
            -- they happened, with utc_offset when known, as photos'). body is a note's text or a
            -- check-in's note; an audio entry's file is named by content (unique). owner_id is the
            -- user it belongs to (issue 25; a removed user's entries stay, unowned), NULL in a library without accounts.
            CREATE TABLE entries (
                id INTEGER PRIMARY KEY AUTOINCREMENT,  -- ids are never reused
                kind TEXT NOT NULL CHECK (kind IN ('note', 'song', 'audio', 'place')),
                taken_at TEXT NOT NULL CHECK (taken_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]'),
                utc_offset TEXT,
                offset_source TEXT CHECK (offset_source IN ('user', 'exif', 'gps', 'inferred', 'none')),
                local_date TEXT GENERATED ALWAYS AS (substr(taken_at, 1, 10)) VIRTUAL,
                latitude REAL CHECK (latitude BETWEEN -90 AND 90),
                longitude REAL CHECK (longitude BETWEEN -180 AND 180),
                pin_id INTEGER REFERENCES pins(id) ON DELETE SET NULL,
                place_name TEXT,
                body TEXT,
                title TEXT,
                artist TEXT,
                album TEXT,
                link TEXT,
                duration_ms INTEGER CHECK (duration_ms >= 0),
                codec TEXT,
                waveform TEXT,
                file TEXT,
                content_hash TEXT,
                bytes INTEGER,
                media_type TEXT,
                client_id TEXT,
                owner_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                CHECK ((latitude IS NULL) = (longitude IS NULL)),
                CHECK (kind <> 'note' OR length(trim(body)) > 0),
                CHECK (kind <> 'song' OR (title IS NOT NULL AND artist IS NOT NULL)),
                CHECK (kind <> 'audio' OR (file IS NOT NULL AND content_hash IS NOT NULL AND duration_ms IS NOT NULL))
            );
            CREATE INDEX entries_by_day ON entries (local_date, taken_at, id);
            CREATE INDEX entries_by_kind ON entries (kind, local_date, taken_at, id);
            CREATE INDEX entries_by_pin ON entries (pin_id) WHERE pin_id IS NOT NULL;
            CREATE UNIQUE INDEX entries_by_content ON entries (content_hash) WHERE content_hash IS NOT NULL;
            CREATE UNIQUE INDEX entries_by_client ON entries (client_id) WHERE client_id IS NOT NULL;
            CREATE TABLE entry_tags (
                entry_id INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
                tag TEXT NOT NULL,
                PRIMARY KEY (entry_id, tag)
            ) WITHOUT ROWID;
            CREATE INDEX entry_tags_by_tag ON entry_tags (tag, entry_id);
            -- What `album find` searches in entries (rowid = entry id): the text, title, artist
            -- and album; the tags; the place. Written by the store in the transaction that
            -- writes the entry (AlbumDatabase+EntryRecords), case and diacritics folded by FTS5.
            CREATE VIRTUAL TABLE entry_search USING fts5(
                text, tags, place, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
            """),
        Migration(name: "speed-looseFiles", sql: """
            -- Files that may be no photo's (issue 22): before a claim writes a photo's original and
            -- thumbnail it records their content here (claim = its process token); the commit of
            -- the photo deletes the row, any other end of the claim (dropped, failed, superseded by
            -- a new collection) clears its claim; deleting a photo that names content adds a row
            -- without a claim, in the deleting transaction. The next fetch, resume, worker or
            -- import (`Library.removeLooseFiles`) removes the files of the rows whose claim is
            -- over or dead when no photo and no live claim names their content, then the rows: a
            -- process killed between its writes and its commit leaves no orphan behind.
            CREATE TABLE loose_files (
                id INTEGER PRIMARY KEY,
                content_hash TEXT NOT NULL,
                claim TEXT,
                photo_id INTEGER
            );
            CREATE INDEX loose_files_by_claim ON loose_files (claim, photo_id) WHERE claim IS NOT NULL;
            CREATE INDEX loose_files_by_hash ON loose_files (content_hash);
            CREATE TRIGGER loose_files_photo_deleted AFTER DELETE ON photos WHEN old.content_hash IS NOT NULL BEGIN
                INSERT INTO loose_files (content_hash) VALUES (old.content_hash);
            END;
            """),
        Migration(name: "accounts-createShareLinks", sql: """
            -- Read-only links to one album (issue 25, decision 0047): the token's SHA-256 only.
            -- user_id NULL: a library without users shares its own pins.
            CREATE TABLE share_links (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
                pin_id INTEGER NOT NULL,
                token_hash TEXT NOT NULL UNIQUE,
                created_at INTEGER NOT NULL,
                expires_at INTEGER NOT NULL,
                revoked_at INTEGER
            );
            CREATE INDEX share_links_by_user ON share_links (user_id);
            """),
        Migration(name: "store-photoTotals", sql: """
            -- How many photos there are, dated and undated, in one row kept by triggers in the
            -- writing transaction (decision 0058): the timeline's total without summing the
            -- photo_days roll-up (one row per day, pin and camera) on every page.
            CREATE TABLE photo_totals (
                one INTEGER PRIMARY KEY CHECK (one = 1),
                dated INTEGER NOT NULL,
                undated INTEGER NOT NULL
            );
            INSERT INTO photo_totals (one, dated, undated)
                SELECT 1, count(local_date), count(*) - count(local_date) FROM photos;
            CREATE TRIGGER photo_totals_insert AFTER INSERT ON photos BEGIN
                UPDATE photo_totals SET dated = dated + (new.local_date IS NOT NULL), undated = undated + (new.local_date IS NULL);
            END;
            CREATE TRIGGER photo_totals_delete AFTER DELETE ON photos BEGIN
                UPDATE photo_totals SET dated = dated - (old.local_date IS NOT NULL), undated = undated - (old.local_date IS NULL);
            END;
            CREATE TRIGGER photo_totals_update AFTER UPDATE OF taken_at ON photos
                WHEN (old.local_date IS NULL) <> (new.local_date IS NULL) BEGIN
                UPDATE photo_totals SET dated = dated + (new.local_date IS NOT NULL) - (old.local_date IS NOT NULL),
                    undated = undated + (new.local_date IS NULL) - (old.local_date IS NULL);
            END;
            """),
        // The change log and idempotency keys of sync (issue 25, decision 0061): Schema+Sync.swift.
        Migration(name: "accounts-createSync", sql: Schema.syncSQL),
        Migration(name: "voice-moodsAndTranscripts", sql: """
            -- The voice diary (issue 32, decision 0069-voice). An entry's mood (a note's, a
            -- check-in note's, a clip's transcript's): VADER's label and compound score, computed
            -- or set by hand ('user', kept when the text changes). transcript is what a clip's
            -- entry shows and `find` searches (the user's edit, else the engine's text).
            ALTER TABLE entries ADD COLUMN mood_label TEXT CHECK (mood_label IN ('positive', 'neutral', 'negative'));
            ALTER TABLE entries ADD COLUMN mood_score REAL;
            ALTER TABLE entries ADD COLUMN mood_source TEXT CHECK (mood_source IN ('computed', 'user'));
            ALTER TABLE entries ADD COLUMN transcript TEXT;
            -- The transcript queue, one row per clip: pending → transcribing (claimed_by a process
            -- token until claimed_until) → done or failed (with its reason). The engine's text and
            -- the user's edit are kept apart, so a re-run never loses an edit.
            CREATE TABLE transcripts (
                entry_id INTEGER PRIMARY KEY REFERENCES entries(id) ON DELETE CASCADE,
                state TEXT NOT NULL CHECK (state IN ('pending', 'transcribing', 'done', 'failed')),
                machine_text TEXT,
                edited_text TEXT,
                reason TEXT,
                engine TEXT,
                claimed_by TEXT,
                claimed_until INTEGER,
                attempts INTEGER NOT NULL DEFAULT 0,
                updated_at INTEGER NOT NULL,
                CHECK (state <> 'failed' OR reason IS NOT NULL),
                CHECK (state <> 'transcribing' OR claimed_by IS NOT NULL)
            );
            CREATE INDEX transcripts_by_state ON transcripts (state, entry_id);
            """),
        // `album sync`'s outbox and id map in a local library (decision 0062): Schema+Sync.swift.
        Migration(name: "accounts-createSyncClient", sql: Schema.syncClientSQL),
        Migration(name: "speed-thumbnailPending", sql: """
            -- Thumbnails when needed (issue 28, decision 0072): a photo stored with
            -- `--thumbnails lazy` has its thumbnail path but no file yet; its first use (serve,
            -- export html, the card) or `album thumbs` makes it. 1: never made (verify does not
            -- call it missing); `album thumbs` clears it.
            ALTER TABLE photos ADD COLUMN thumbnail_pending INTEGER NOT NULL DEFAULT 0;
            CREATE INDEX photos_thumbnail_pending ON photos (id) WHERE thumbnail_pending = 1;
            """),
        // A pin pushed by a sync client carries the client's own id (decision 0077): sent again
        // (a retry after a lost answer, or a server killed before it kept its answer), the first
        // pin is answered, never a second made; checked and stored in the insert's transaction.
        Migration(name: "accounts-pinClientId", sql: """
            ALTER TABLE pins ADD COLUMN client_id TEXT;
            CREATE UNIQUE INDEX pins_by_client ON pins (client_id) WHERE client_id IS NOT NULL;
            """),
        Migration(name: "research-provenance", sql: """
            -- Who owns a photo and on what terms (issue 30, decision 0085): the source's owner id
            -- and name, licence id and URL (its name is `license`), the photo's page, upload time
            -- (UTC) and capture time as the source says; an import's EXIF Artist and Copyright.
            ALTER TABLE photos ADD COLUMN owner_id TEXT;
            ALTER TABLE photos ADD COLUMN owner_name TEXT;
            ALTER TABLE photos ADD COLUMN license_id TEXT;
            ALTER TABLE photos ADD COLUMN license_url TEXT;
            ALTER TABLE photos ADD COLUMN page_url TEXT;
            ALTER TABLE photos ADD COLUMN uploaded_at TEXT;
            ALTER TABLE photos ADD COLUMN source_taken_at TEXT;
            ALTER TABLE photos ADD COLUMN copyright TEXT;
            """),
        // Reminders sync (decision 0110): a reminder pushed by a sync client carries the client's
        // own id (sent again, the first one is answered); delivered_by names the library that
        // delivers it (NULL: this one; `album due` takes only those), and its change is a change.
        Migration(name: "accounts-reminderSync", sql: """
            ALTER TABLE reminders ADD COLUMN client_id TEXT;
            ALTER TABLE reminders ADD COLUMN delivered_by TEXT;
            CREATE UNIQUE INDEX reminders_by_client ON reminders (client_id) WHERE client_id IS NOT NULL;
            DROP TRIGGER changes_reminders_update;
            CREATE TRIGGER changes_reminders_update AFTER UPDATE OF pin_id, text, kind, rule, zone, scheduled_at, snoozed_until, done, delivered_by
            ON reminders BEGIN
                INSERT INTO changes (entity, entity_id, op, at) VALUES ('reminder', new.id, 'put', CAST(strftime('%s', 'now') AS INTEGER));
            END;
            -- Reminders were not sent nor applied before: one put each, so every client takes them now.
            INSERT INTO changes (entity, entity_id, op, at) SELECT 'reminder', id, 'put', CAST(strftime('%s', 'now') AS INTEGER) FROM reminders ORDER BY id;
            """),
        Migration(name: "entries-homes", sql: """
            -- Homes the user set (issue 29, decision 0095-entries): trips are days away from the
            -- home of their date (the latest since on or before it; since NULL: from the start).
            CREATE TABLE homes (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
                longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
                place_name TEXT,
                since TEXT CHECK (since GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
                created_at TEXT NOT NULL
            );
            CREATE UNIQUE INDEX homes_by_since ON homes (coalesce(since, ''));
            """),
        Migration(name: "entries-dayCells", sql: Schema.dayCellsSQL),
        Migration(name: "research-perceptualHash", sql: """
            -- The picture's 64-bit perceptual hash (issue 29, decision 0100), from the thumbnail's
            -- pixels: `album dupes`, and import/fetch's "looks like photo N". NULL until made
            -- (a lazy thumbnail, a photo stored before this migration: `album dupes` makes it).
            ALTER TABLE photos ADD COLUMN phash INTEGER;
            """),
        Migration(name: "speed-searchOnChange", sql: """
            -- A photo's search row is re-made only when what it indexes changed (issue 28): a
            -- download writes `file` (the row names the URL's file, not the library's) and the
            -- camera and place columns, often to what they were, and each re-index writes the FTS5
            -- tables' pages to the WAL. Same columns and view as `searchPlaceNames`.
            DROP TRIGGER photo_search_update;
            CREATE TRIGGER photo_search_update
                AFTER UPDATE OF title, url, file, pin_id, camera_make, camera_model, place_name, place_region, place_country ON photos
                WHEN old.title IS NOT new.title OR coalesce(old.url, old.file) IS NOT coalesce(new.url, new.file)
                    OR old.pin_id IS NOT new.pin_id OR old.camera_make IS NOT new.camera_make
                    OR old.camera_model IS NOT new.camera_model OR old.place_name IS NOT new.place_name
                    OR old.place_region IS NOT new.place_region OR old.place_country IS NOT new.place_country
            BEGIN
                DELETE FROM photo_search WHERE rowid = old.id;
                INSERT INTO photo_search (rowid, title, pin, tags, camera, file, place)
                    SELECT * FROM photo_search_source WHERE id = new.id;
            END;
            """),
        Migration(name: "speed-claimedContent", sql: """
            -- The content a claim is about to write (decision 0056's record, made before the files)
            -- is kept on its photo's row while the claim holds it (issue 28: a `loose_files` row
            -- and its three indexes, inserted and deleted again, were ~7 of the ~23 WAL pages of a
            -- downloaded photo). Every end of a claim clears it in the same UPDATE; when that end
            -- is not the commit of that content (failed, released, a dead claim put back, content
            -- replaced by a retry's) or the photo is deleted (replaced by a new collection,
            -- removed, a duplicate dropped), the content becomes a `loose_files` row without a
            -- claim, as before. A live claim's content is read from here by `looseFiles`.
            ALTER TABLE photos ADD COLUMN claimed_content TEXT;
            CREATE TRIGGER photos_claimed_content_ended AFTER UPDATE OF claimed_content ON photos
                WHEN old.claimed_content IS NOT NULL AND old.claimed_content IS NOT new.claimed_content
                    AND NOT (new.state = 'downloaded' AND new.content_hash IS old.claimed_content)
            BEGIN
                INSERT INTO loose_files (content_hash) VALUES (old.claimed_content);
            END;
            CREATE TRIGGER photos_claimed_content_deleted AFTER DELETE ON photos WHEN old.claimed_content IS NOT NULL BEGIN
                INSERT INTO loose_files (content_hash) VALUES (old.claimed_content);
            END;
            """),
        Migration(name: "research-phashIndexes", sql: """
            -- `album dupes` at 1 M photos (issue 29, decision 0117): the hashes read in id order
            -- from a narrow covering index (~30 bytes an entry) instead of a scan of the photos
            -- table, and the photos still without a hash found without a scan. Partial: a row is
            -- in one of them only while downloaded; its writes are one entry when the hash is set.
            CREATE INDEX photos_by_phash ON photos (id, pin_id, phash) WHERE phash IS NOT NULL AND state = 'downloaded';
            CREATE INDEX photos_phash_missing ON photos (id) WHERE phash IS NULL AND state = 'downloaded';
            """),
        Migration(name: "speed-claimNotAChange", sql: """
            -- A claim and its release (placeholder ⇄ downloading, decision 0115) are work in
            -- progress, not a change a client pulls: sync sends a photo once it is downloaded, and
            -- `downloading` reads as `placeholder` to anyone else. Each claim logged one `changes`
            -- row (and its page) per fetched photo; the download, a failure, and any change of the
            -- logged columns on the way are logged as before.
            DROP TRIGGER changes_photos_update;
            CREATE TRIGGER changes_photos_update AFTER UPDATE OF state, pin_id, title, file, thumbnail, taken_at, latitude, longitude ON photos
                WHEN NOT (old.state IN ('placeholder', 'downloading') AND new.state IN ('placeholder', 'downloading')
                    AND old.pin_id IS new.pin_id AND old.title IS new.title AND old.file IS new.file
                    AND old.thumbnail IS new.thumbnail AND old.taken_at IS new.taken_at
                    AND old.latitude IS new.latitude AND old.longitude IS new.longitude)
            BEGIN
                INSERT INTO changes (entity, entity_id, op, at) VALUES ('photo', new.id, 'put', CAST(strftime('%s', 'now') AS INTEGER));
            END;
            """),
        Migration(name: "lead-dayCellsWhenMoved", sql: Schema.dayCellsWhenMovedSQL),
        Migration(name: "entries-moodIndex", sql: """
            -- A summary counts the period's moods (issue 26, decision 0120): without this index it
            -- read every entry of the period from the table for its mood (85 ms for a year at
            -- 1 M entries, none of them with a mood). Partial: only entries with a mood.
            CREATE INDEX entries_by_mood ON entries (local_date, mood_label) WHERE mood_label IS NOT NULL;
            """),
        Migration(name: "speed-rollUpsWithoutScans", sql: Schema.rollUpsWithoutScansSQL),
        Migration(name: "entries-summaryRollUps", sql: Schema.entryRollUpsSQL),
        Migration(name: "entries-searchRows", sql: """
            -- How many entries hold each word of the search index (issue 26, decision 0128-entries):
            -- `find` of one plain word without a filter reads its total here, one term's document
            -- count, instead of counting every match through the MATCH cursor. Nothing is stored:
            -- FTS5 reads the term's doclist.
            CREATE VIRTUAL TABLE entry_search_rows USING fts5vocab(entry_search, 'row');
            """),
        Migration(name: "lead-photosByStateAndPin", sql: """
            -- `album status` counts every pin's photos per state in one pass over this index
            -- (covering: state, pin and source), 0.19 s of CPU at 1 M photos in 1,000 pins, where
            -- a query per pin read every photo (318 s). It replaces `photos_by_state`, whose
            -- lookups (`state IN (…)`) it serves as a prefix.
            DROP INDEX photos_by_state;
            CREATE INDEX photos_by_state_pin ON photos (state, pin_id, source);
            """),
        Schema.wordPeriods,
    ]
}
