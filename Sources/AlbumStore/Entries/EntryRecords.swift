import AlbumModel
import AlbumSeam

/// Entries on SQLite (`EntryStore`, issue 26): table `entries` with `entry_tags`, and the FTS5
/// index `entry_search`, written in the same transaction as the entry. Rows are read by name by
/// `RowDecoder.entryRecord` (AlbumSeam), as PostgreSQL's. Each method is the one body of its
/// query (decision 0075-store).
extension SQLiteLibraryStore {
    /// Stores an entry (see `EntryStore.addEntry`).
    public func addEntry(_ new: NewEntry) async throws(AlbumError) -> (entry: Entry, created: Bool) {
        try await write { db throws(AlbumError) in
            if let clientId = new.clientId, let row = try db.queryOne("\(AlbumDatabase.entrySelect) WHERE e.client_id = ?", [clientId]) {
                return (try RowDecoder.entryRecord(row), false)
            }
            let columns = EntryColumns(new.content)
            if let hash = columns.contentHash, let row = try db.queryOne("\(AlbumDatabase.entrySelect) WHERE e.content_hash = ?", [hash]) {
                return (try RowDecoder.entryRecord(row), false)
            }
            if let pin = new.pinId, try db.queryOne("SELECT 1 FROM pins WHERE id = ?", [pin]) == nil { throw .noPin(pin, in: path) }
            var values = AlbumDatabase.columns(columns)
            let time = EntryColumns.time(new.at)
            values.set("taken_at", time.takenAt)
            values.set("utc_offset", time.offset)
            values.set("offset_source", time.source)
            values.set("latitude", new.coordinate?.latitude)
            values.set("longitude", new.coordinate?.longitude)
            values.set("pin_id", new.pinId)
            values.set("place_name", new.placeName)
            values.set("client_id", new.clientId)
            values.set("owner_id", new.ownerId)
            let now = Timestamp.now()
            values.set("created_at", now)
            values.set("updated_at", now)
            let id = try db.insert(into: "entries", values)
            for tag in Set(new.tags) { try db.run("INSERT OR IGNORE INTO entry_tags (entry_id, tag) VALUES (?, ?)", [id, tag.value]) }
            try AlbumDatabase.index(db, entry: id, text: columns.searchText)
            return (try AlbumDatabase.entry(db, id: id), true)
        }
    }

    /// The entry with this id, nil when there is none.
    public func entry(id: Int64) async throws(AlbumError) -> Entry? {
        try await read { db throws(AlbumError) in try db.queryOne("\(AlbumDatabase.entrySelect) WHERE e.id = ?", [id]).map(RowDecoder.entryRecord) }
    }

    /// Entries the filter selects, newest first.
    public func entries(_ filter: EntryFilter, offset: Int, limit: Int) async throws(AlbumError) -> EntryList {
        let (conditions, arguments) = AlbumDatabase.entryConditions(filter)
        let rolledUp = EntryFilterSQL.rollUpAnswers(filter) ? AlbumDatabase.bound(EntryFilterSQL.rollUpDays(filter)) : nil
        return try await read { db throws(AlbumError) in
            // Only dates narrow it: the roll-up counts (a count(*) reads every entry).
            let total = try db.queryOne(
                rolledUp == nil ? "SELECT count(*) AS n FROM entries e WHERE \(conditions)" : EntryFilterSQL.rolledUpTotal,
                rolledUp ?? arguments)?.int("n") ?? 0
            let entries = try db.query(
                "\(AlbumDatabase.entrySelect) WHERE \(conditions) ORDER BY \(EntryFilterSQL.order) LIMIT ? OFFSET ?",
                arguments + [limit, offset]).map(RowDecoder.entryRecord)
            return EntryList(total: total, entries: entries)
        }
    }

    /// Entries per local day (see `EntryStore.entriesPerDay`).
    public func entriesPerDay(_ filter: EntryFilter, from: LocalDate, to: LocalDate) async throws(AlbumError) -> [LocalDate: Int] {
        var narrowed = filter
        narrowed.from = max(from, filter.from ?? from)
        narrowed.to = min(to, filter.to ?? to)
        let (conditions, arguments) = AlbumDatabase.entryConditions(narrowed)
        let (sql, bound) = EntryFilterSQL.rollUpAnswers(narrowed)
            ? (EntryFilterSQL.rolledUpPerDay, AlbumDatabase.bound(EntryFilterSQL.rollUpDays(narrowed)))
            : (EntryFilterSQL.perDay(conditions), arguments)
        return try await read { db throws(AlbumError) in
            var counts: [LocalDate: Int] = [:]
            for row in try db.query(sql, bound) {
                if let day = row.string("day").flatMap({ LocalDate($0) }) { counts[day, default: 0] += row.int("n") ?? 0 }
            }
            return counts
        }
    }

    /// What a summary counts of a period's entries (see `EntryStore.entryPeriodFacts`), in one read.
    public func entryPeriodFacts(from: LocalDate, to: LocalDate, words: Int) async throws(AlbumError) -> EntryPeriodFacts {
        let range: [any SQLBindable] = [from.description, to.description]
        let artists = EntryPeriodSQL.artists(collation: "", from: from, to: to)
        let songs = EntryPeriodSQL.songs(collation: "", from: from, to: to)
        let words = EntryPeriodSQL.words(eachWord: "json_each", collation: "", from: from, to: to, limit: words)
        return try await read { db throws(AlbumError) in
            var facts = EntryPeriodFacts()
            for row in try db.query(EntryPeriodSQL.kindDays, range) {
                let n = row.int("n") ?? 0
                if let kind = row.string("kind").flatMap(EntryKind.init(rawValue:)) { facts.kinds[kind, default: 0] += n }
                if let day = row.string("day").flatMap({ LocalDate($0) }) { facts.days[day, default: 0] += n }
            }
            facts.voiceMs = try db.queryOne(EntryPeriodSQL.voice, range)?.int64("ms") ?? 0
            facts.artists = try db.query(artists.sql, artists.arguments).map {
                NameCount(name: $0.string("artist") ?? "", count: $0.int("n") ?? 0)
            }
            facts.songs = try db.query(songs.sql, songs.arguments).map {
                NameCount(name: "\($0.string("artist") ?? "") – \($0.string("title") ?? "")", count: $0.int("n") ?? 0)
            }
            for row in try db.query(EntryPeriodSQL.moods, range) {
                if let label = row.string("label").flatMap(MoodLabel.init(rawValue:)) { facts.moods.add(label, count: row.int("n") ?? 0) }
            }
            facts.words = try db.query(words.sql, words.arguments).map { NameCount(name: $0.string("word") ?? "", count: $0.int("n") ?? 0) }
            return facts
        }
    }

    /// Changes an entry (see `EntryStore.editEntry`).
    public func editEntry(id: Int64, _ edit: EntryEdit) async throws(AlbumError) -> Entry {
        try await write { db throws(AlbumError) in
            let old = try AlbumDatabase.entry(db, id: id)
            let columns = EntryColumns(try edit.applied(to: old.content))
            var values = AlbumDatabase.columns(columns)
            if let at = edit.at {
                let time = EntryColumns.time(at)
                values.set("taken_at", time.takenAt)
                values.set("utc_offset", time.offset)
                values.set("offset_source", time.source)
            }
            values.set("updated_at", Timestamp.now())
            try db.update("entries", set: values, where: "id = ?", [id])
            for tag in Set(edit.removeTags) { try db.run("DELETE FROM entry_tags WHERE entry_id = ? AND tag = ?", [id, tag.value]) }
            for tag in Set(edit.addTags) { try db.run("INSERT OR IGNORE INTO entry_tags (entry_id, tag) VALUES (?, ?)", [id, tag.value]) }
            try AlbumDatabase.index(db, entry: id, text: columns.searchText)
            return try AlbumDatabase.entry(db, id: id)
        }
    }

    /// Removes an entry, its tags and its search row; returns it.
    public func removeEntry(id: Int64) async throws(AlbumError) -> Entry {
        try await write { db throws(AlbumError) in
            let old = try AlbumDatabase.entry(db, id: id)
            try db.run("DELETE FROM entries WHERE id = ?", [id])
            try db.run("DELETE FROM entry_search WHERE rowid = ?", [id])
            return old
        }
    }

    /// The entry holding a file with this content, if any.
    public func entryHolding(contentHash: String) async throws(AlbumError) -> Entry? {
        try await read { db throws(AlbumError) in
            try db.queryOne("\(AlbumDatabase.entrySelect) WHERE e.content_hash = ?", [contentHash]).map(RowDecoder.entryRecord)
        }
    }

    /// Entries matching the search text (FTS5, diacritics folded) that the filter selects, newest first.
    /// A few matches are read whole and sorted; past `AlbumDatabase.matchesWalkedFrom` the page
    /// comes from walking the entries in timeline order (`AlbumDatabase.newestMatches`), which
    /// stops once the page is full instead of sorting every match.
    public func findEntries(_ text: SearchText, filter: EntryFilter, limit: Int) async throws(AlbumError) -> EntryList {
        let (conditions, arguments) = AlbumDatabase.entryConditions(filter)
        let match = text.ftsQuery
        let unfiltered = filter == EntryFilter()
        return try await read { db throws(AlbumError) in
            let matching = "e.id IN (SELECT rowid FROM entry_search WHERE entry_search MATCH ?) AND \(conditions)"
            // Every entry has its search row (written in the entry's transaction): without a
            // filter the index counts alone; one plain word, its document count (decision 0128-entries).
            let total: Int
            if unfiltered, let term = AlbumDatabase.vocabularyTerm(text) {
                total = try db.queryOne("SELECT doc AS n FROM entry_search_rows WHERE term = ?", [term])?.int("n") ?? 0
            } else {
                total = try db.queryOne(
                    unfiltered ? "SELECT count(*) AS n FROM entry_search WHERE entry_search MATCH ?" : "SELECT count(*) AS n FROM entries e WHERE \(matching)",
                    unfiltered ? [match] : [match] + arguments)?.int("n") ?? 0
            }
            guard total > 0, limit > 0 else { return EntryList(total: total, entries: []) }
            if total > AlbumDatabase.matchesWalkedFrom,
               let ids = try AlbumDatabase.newestMatches(db, match: match, conditions: conditions, arguments: arguments, limit: limit)
            {
                let entries = ids.isEmpty ? [] : try db.query(
                    "\(AlbumDatabase.entrySelect) WHERE e.id IN (\(ids.map { _ in "?" }.joined(separator: ", "))) ORDER BY \(EntryFilterSQL.order)",
                    ids).map(RowDecoder.entryRecord)
                return EntryList(total: total, entries: entries)
            }
            let entries = try db.query(
                "\(AlbumDatabase.entrySelect) WHERE \(matching) ORDER BY \(EntryFilterSQL.order) LIMIT ?",
                [match] + arguments + [limit]).map(RowDecoder.entryRecord)
            return EntryList(total: total, entries: entries)
        }
    }
}

extension AlbumDatabase {
    /// The search index's term for a search of one plain word, when the tokenizer makes exactly
    /// that one term of it: ASCII letters and digits only, lower-cased (`unicode61` folds nothing
    /// else in them). Nil for anything else (a phrase, a prefix, several words, other characters),
    /// which is counted through MATCH.
    static func vocabularyTerm(_ text: SearchText) -> String? {
        guard text.terms.count == 1, case .word(let word) = text.terms[0], !word.isEmpty,
              word.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) })
        else { return nil }
        return word.lowercased()
    }

    /// Searches matching more entries than this walk the timeline for their page (`newestMatches`);
    /// fewer are read whole and sorted, which costs what their number does.
    static let matchesWalkedFrom = 2_000

    /// Entries a search walks at most before it reads its matches whole instead (a rare word
    /// among many entries, all of them old).
    static let matchesWalkedAtMost = 131_072

    /// The ids of the newest `limit` entries matching `match` that `conditions` select, in
    /// timeline order, or nil when more than `matchesWalkedAtMost` entries were walked without
    /// filling the page. Walks the entries newest first (`entries_by_day`) in chunks that grow
    /// fourfold from 512; each chunk asks the search index only for the rowids between its own
    /// lowest and highest id (entries are mostly added in time order, so that range is narrow;
    /// when not, it is the whole index at worst, still one read).
    static func newestMatches(
        _ db: SQL, match: String, conditions: String, arguments: [any SQLBindable], limit: Int
    ) throws(AlbumError) -> [Int64]? {
        var found: [(day: String, at: String, id: Int64)] = []
        var walked = 0
        var chunk = 512
        var allWalked = false
        while walked < matchesWalkedAtMost {
            let rows = try db.query("""
                WITH chunk AS MATERIALIZED (
                    SELECT e.id AS id, e.local_date AS day, e.taken_at AS at FROM entries e WHERE \(conditions)
                    ORDER BY \(EntryFilterSQL.order) LIMIT ? OFFSET ?)
                SELECT id, day, at FROM chunk WHERE id IN (
                    SELECT rowid FROM entry_search WHERE entry_search MATCH ?
                    AND rowid BETWEEN (SELECT min(id) FROM chunk) AND (SELECT max(id) FROM chunk))
                UNION ALL SELECT NULL, NULL, count(*) FROM chunk
                """, arguments + [chunk, walked, match])
            var read = 0
            for row in rows {
                if let id = row.int64("id") {
                    found.append((row.string("day") ?? "", row.string("at") ?? "", id))
                } else {
                    read = row.int("at") ?? 0
                }
            }
            walked += read
            allWalked = read < chunk
            // Chunks are cut in timeline order: all of one chunk's matches come before the next's.
            if found.count >= limit || allWalked { break }
            chunk = min(chunk * 4, matchesWalkedAtMost)
        }
        guard found.count >= limit || allWalked else { return nil }
        found.sort { ($0.day, $0.at, $0.id) > ($1.day, $1.at, $1.id) }
        return found.prefix(limit).map(\.id)
    }
}

/// The connection-level entry steps (the voice diary's bodies share `entry` and `index`).
extension AlbumDatabase {
    /// Every column of `e` and its tags joined by `RowDecoder.tagSeparator`.
    static let entrySelect = """
        SELECT e.*, (SELECT group_concat(tag, char(31)) FROM entry_tags WHERE entry_id = e.id) AS tags FROM entries e
        """

    /// The entry with this id. - Throws: `AlbumError.notFound` when there is none.
    static func entry(_ db: SQL, id: Int64) throws(AlbumError) -> Entry {
        guard let row = try db.queryOne("\(entrySelect) WHERE e.id = ?", [id]) else { throw .noEntry(id) }
        return try RowDecoder.entryRecord(row)
    }

    /// The content columns of an entry, by name.
    fileprivate static func columns(_ c: EntryColumns) -> Columns {
        var values = Columns()
        values.set("kind", c.kind)
        values.set("body", c.body)
        values.set("title", c.title)
        values.set("artist", c.artist)
        values.set("album", c.album)
        values.set("link", c.link)
        values.set("duration_ms", c.durationMs)
        values.set("codec", c.codec)
        values.set("waveform", c.waveform)
        values.set("file", c.file)
        values.set("content_hash", c.contentHash)
        values.set("bytes", c.bytes)
        values.set("media_type", c.mediaType)
        values.set("words", c.words)
        return values
    }

    /// Writes the entry's search row: its text and a clip's transcript, its tags, its place name
    /// and pin title.
    static func index(_ db: SQL, entry id: Int64, text: String) throws(AlbumError) {
        try db.run("DELETE FROM entry_search WHERE rowid = ?", [id])
        try db.run("""
            INSERT INTO entry_search (rowid, text, tags, place)
            SELECT e.id, ? || coalesce(' ' || e.transcript, ''), coalesce((SELECT group_concat(tag, ' ') FROM entry_tags WHERE entry_id = e.id), ''),
                coalesce(e.place_name, '') || ' ' || coalesce((SELECT title FROM pins WHERE id = e.pin_id), '')
            FROM entries e WHERE e.id = ?
            """, [text, id])
    }

    /// The conditions a filter puts on `e` (`EntryFilterSQL`, written once for both stores), and
    /// their arguments in order.
    static func entryConditions(_ filter: EntryFilter) -> (sql: String, arguments: [any SQLBindable]) {
        let conditions = EntryFilterSQL(filter)
        return (conditions.sql, Self.bound(conditions.arguments))
    }
}
