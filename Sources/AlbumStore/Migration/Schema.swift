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
    ]
}
