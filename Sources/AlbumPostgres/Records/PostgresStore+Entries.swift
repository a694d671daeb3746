#if PostgreSQL
import AlbumModel
import AlbumSeam

/// Entries on PostgreSQL (issue 26), as SQLite's `EntryRecords`: table `entries` with
/// `entry_tags`; search reads `entries.document`, written in the transaction that writes the entry.
extension PostgresStore {
    /// Every column of `e` (but the search document) and its tags joined by `RowDecoder.tagSeparator`.
    static let entrySelect = """
        SELECT e.id, e.kind, e.taken_at, e.utc_offset, e.offset_source, e.local_date, e.latitude, e.longitude, e.pin_id,
            e.place_name, e.body, e.title, e.artist, e.album, e.link, e.duration_ms, e.codec, e.waveform, e.file,
            e.content_hash, e.bytes, e.media_type, e.client_id, e.owner_id, e.created_at, e.updated_at,
            e.mood_label, e.mood_score, e.mood_source, e.transcript,
            (SELECT string_agg(tag, chr(31) ORDER BY tag) FROM entry_tags WHERE entry_id = e.id) AS tags
        FROM entries e
        """

    public func addEntry(_ new: NewEntry) async throws(AlbumError) -> (entry: Entry, created: Bool) {
        try await write { db throws(AlbumError) in
            // One writer of a client id or a content at a time: the second sees the first's row.
            try await db.run("SELECT pg_advisory_xact_lock(7226216026)")
            if let clientId = new.clientId, let row = try await db.queryOne("\(Self.entrySelect) WHERE e.client_id = $1", [clientId]) {
                return (try RowDecoder.entryRecord(row), false)
            }
            let c = EntryColumns(new.content)
            if let hash = c.contentHash, let row = try await db.queryOne("\(Self.entrySelect) WHERE e.content_hash = $1", [hash]) {
                return (try RowDecoder.entryRecord(row), false)
            }
            if let pin = new.pinId, try await db.queryOne("SELECT 1 FROM pins WHERE id = $1", [pin]) == nil { throw .noPin(pin, in: name) }
            let time = EntryColumns.time(new.at)
            let now = Timestamp.now()
            guard let id = try await db.queryOne("""
                INSERT INTO entries (kind, body, title, artist, album, link, duration_ms, codec, waveform, file, content_hash,
                    bytes, media_type, taken_at, utc_offset, offset_source, latitude, longitude, pin_id, place_name, client_id,
                    owner_id, created_at, updated_at, words)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $23, $24::jsonb)
                RETURNING id
                """, [c.kind, c.body, c.title, c.artist, c.album, c.link, c.durationMs, c.codec, c.waveform, c.file, c.contentHash,
                      c.bytes, c.mediaType, time.takenAt, time.offset, time.source, new.coordinate?.latitude,
                      new.coordinate?.longitude, new.pinId, new.placeName, new.clientId, new.ownerId, now, c.words])?.int64(0)
            else { throw .database("the new entry's id did not come back") }
            for tag in Set(new.tags) {
                try await db.run("INSERT INTO entry_tags (entry_id, tag) VALUES ($1, $2) ON CONFLICT DO NOTHING", [id, tag.value])
            }
            try await Self.index(db, entry: id, text: c.searchText)
            return (try await Self.entry(db, id: id), true)
        }
    }

    public func entry(id: Int64) async throws(AlbumError) -> Entry? {
        try await read { db throws(AlbumError) in
            try await db.queryOne("\(Self.entrySelect) WHERE e.id = $1", [id]).map(RowDecoder.entryRecord)
        }
    }

    public func entries(_ filter: EntryFilter, offset: Int, limit: Int) async throws(AlbumError) -> EntryList {
        let (conditions, arguments) = Self.entryConditions(filter)
        let rolledUp = EntryFilterSQL.rollUpAnswers(filter) ? Self.bound(EntryFilterSQL.rollUpDays(filter)) : nil
        return try await read { db throws(AlbumError) in
            // Only dates narrow it: the roll-up counts (a count(*) reads every entry).
            let total = try await db.queryOne(Session.numbered(
                rolledUp == nil ? "SELECT count(*) FROM entries e WHERE \(conditions)" : EntryFilterSQL.rolledUpTotal),
                rolledUp ?? arguments)?.int(0) ?? 0
            let entries = try await db.query(Session.numbered(
                "\(Self.entrySelect) WHERE \(conditions) ORDER BY \(EntryFilterSQL.order) LIMIT ? OFFSET ?"),
                arguments + [limit, offset]).map(RowDecoder.entryRecord)
            return EntryList(total: total, entries: entries)
        }
    }

    public func entriesPerDay(_ filter: EntryFilter, from: LocalDate, to: LocalDate) async throws(AlbumError) -> [LocalDate: Int] {
        var narrowed = filter
        narrowed.from = max(from, filter.from ?? from)
        narrowed.to = min(to, filter.to ?? to)
        let (conditions, arguments) = Self.entryConditions(narrowed)
        let (sql, bound) = EntryFilterSQL.rollUpAnswers(narrowed)
            ? (EntryFilterSQL.rolledUpPerDay, Self.bound(EntryFilterSQL.rollUpDays(narrowed)))
            : (EntryFilterSQL.perDay(conditions), arguments)
        return try await read { db throws(AlbumError) in
            var counts: [LocalDate: Int] = [:]
            for row in try await db.query(Session.numbered(sql), bound) {
                if let day = row.string("day").flatMap({ LocalDate($0) }) { counts[day, default: 0] += row.int("n") ?? 0 }
            }
            return counts
        }
    }

    public func entryPeriodFacts(from: LocalDate, to: LocalDate, words: Int) async throws(AlbumError) -> EntryPeriodFacts {
        let range: [any PostgresArgument] = [from.description, to.description]
        let artists = EntryPeriodSQL.artists(collation: #" COLLATE "C""#, from: from, to: to)
        let songs = EntryPeriodSQL.songs(collation: #" COLLATE "C""#, from: from, to: to)
        let words = EntryPeriodSQL.words(eachWord: "jsonb_each_text", collation: #" COLLATE "C""#, from: from, to: to, limit: words)
        return try await write { db throws(AlbumError) in
            try await db.run("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            var facts = EntryPeriodFacts()
            for row in try await db.query(Session.numbered(EntryPeriodSQL.kindDays), range) {
                let n = row.int("n") ?? 0
                if let kind = row.string("kind").flatMap(EntryKind.init(rawValue:)) { facts.kinds[kind, default: 0] += n }
                if let day = row.string("day").flatMap({ LocalDate($0) }) { facts.days[day, default: 0] += n }
            }
            facts.voiceMs = try await db.queryOne(Session.numbered(EntryPeriodSQL.voice), range)?.int64("ms") ?? 0
            facts.artists = try await db.query(Session.numbered(artists.sql), artists.arguments).map {
                NameCount(name: $0.string("artist") ?? "", count: $0.int("n") ?? 0)
            }
            facts.songs = try await db.query(Session.numbered(songs.sql), songs.arguments).map {
                NameCount(name: "\($0.string("artist") ?? "") – \($0.string("title") ?? "")", count: $0.int("n") ?? 0)
            }
            for row in try await db.query(Session.numbered(EntryPeriodSQL.moods), range) {
                if let label = row.string("label").flatMap(MoodLabel.init(rawValue:)) { facts.moods.add(label, count: row.int("n") ?? 0) }
            }
            facts.words = try await db.query(Session.numbered(words.sql), words.arguments).map {
                NameCount(name: $0.string("word") ?? "", count: $0.int("n") ?? 0)
            }
            return facts
        }
    }

    public func editEntry(id: Int64, _ edit: EntryEdit) async throws(AlbumError) -> Entry {
        try await write { db throws(AlbumError) in
            let old = try await Self.entry(db, id: id, locking: true)
            let c = EntryColumns(try edit.applied(to: old.content))
            let time = EntryColumns.time(edit.at ?? old.at)
            try await db.run("""
                UPDATE entries SET body = $2, title = $3, artist = $4, album = $5, link = $6,
                    taken_at = $7, utc_offset = $8, offset_source = $9, updated_at = $10, words = $11::jsonb
                WHERE id = $1
                """, [id, c.body, c.title, c.artist, c.album, c.link, time.takenAt, time.offset, time.source, Timestamp.now(), c.words])
            for tag in Set(edit.removeTags) {
                try await db.run("DELETE FROM entry_tags WHERE entry_id = $1 AND tag = $2", [id, tag.value])
            }
            for tag in Set(edit.addTags) {
                try await db.run("INSERT INTO entry_tags (entry_id, tag) VALUES ($1, $2) ON CONFLICT DO NOTHING", [id, tag.value])
            }
            try await Self.index(db, entry: id, text: c.searchText)
            return try await Self.entry(db, id: id)
        }
    }

    public func removeEntry(id: Int64) async throws(AlbumError) -> Entry {
        try await write { db throws(AlbumError) in
            let old = try await Self.entry(db, id: id, locking: true)
            try await db.run("DELETE FROM entries WHERE id = $1", [id])
            return old
        }
    }

    public func entryHolding(contentHash: String) async throws(AlbumError) -> Entry? {
        try await read { db throws(AlbumError) in
            try await db.queryOne("\(Self.entrySelect) WHERE e.content_hash = $1", [contentHash]).map(RowDecoder.entryRecord)
        }
    }

    public func findEntries(_ text: SearchText, filter: EntryFilter, limit: Int) async throws(AlbumError) -> EntryList {
        let (conditions, arguments) = Self.entryConditions(filter)
        let (query, queryArguments) = Self.tsQuery(text)
        return try await read { db throws(AlbumError) in
            let matching = "e.document @@ \(query) AND \(conditions)"
            let total = try await db.queryOne(Session.numbered("SELECT count(*) FROM entries e WHERE \(matching)"),
                                              queryArguments + arguments)?.int(0) ?? 0
            let entries = try await db.query(Session.numbered(
                "\(Self.entrySelect) WHERE \(matching) ORDER BY \(EntryFilterSQL.order) LIMIT ?"),
                queryArguments + arguments + [limit]).map(RowDecoder.entryRecord)
            return EntryList(total: total, entries: entries)
        }
    }

    // MARK: Helpers

    static func entry(_ db: Session, id: Int64, locking: Bool = false) async throws(AlbumError) -> Entry {
        guard let row = try await db.queryOne("\(entrySelect) WHERE e.id = $1\(locking ? " FOR UPDATE OF e" : "")", [id]) else {
            throw .noEntry(id)
        }
        return try RowDecoder.entryRecord(row)
    }

    /// Writes the entry's search document: its text and a clip's transcript (weight A), tags (B), place and pin title (C).
    static func index(_ db: Session, entry id: Int64, text: String) async throws(AlbumError) {
        try await db.run("""
            UPDATE entries e SET document =
                setweight(to_tsvector('simple', album_search_words($2 || coalesce(' ' || e.transcript, ''))), 'A')
                || setweight(to_tsvector('simple', album_search_words(coalesce(
                    (SELECT string_agg(tag, ' ') FROM entry_tags WHERE entry_id = e.id), ''))), 'B')
                || setweight(to_tsvector('simple', album_search_words(coalesce(e.place_name, '') || ' '
                    || coalesce((SELECT title FROM pins WHERE id = e.pin_id), ''))), 'C')
            WHERE e.id = $1
            """, [id, text])
    }

    /// The conditions a filter puts on `e` (`EntryFilterSQL`, written once for both stores), and
    /// their arguments in order.
    static func entryConditions(_ filter: EntryFilter) -> (sql: String, arguments: [any PostgresArgument]) {
        let conditions = EntryFilterSQL(filter)
        return (conditions.sql, Self.bound(conditions.arguments))
    }
}
#endif
