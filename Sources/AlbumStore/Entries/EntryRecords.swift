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
        return try await read { db throws(AlbumError) in
            let total = try db.queryOne("SELECT count(*) AS n FROM entries e WHERE \(conditions)", arguments)?.int("n") ?? 0
            let entries = try db.query(
                "\(AlbumDatabase.entrySelect) WHERE \(conditions) ORDER BY \(EntryFilterSQL.order) LIMIT ? OFFSET ?",
                arguments + [limit, offset]).map(RowDecoder.entryRecord)
            return EntryList(total: total, entries: entries)
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
    public func findEntries(_ text: SearchText, filter: EntryFilter, limit: Int) async throws(AlbumError) -> EntryList {
        let (conditions, arguments) = AlbumDatabase.entryConditions(filter)
        let match = text.ftsQuery
        return try await read { db throws(AlbumError) in
            let matching = "e.id IN (SELECT rowid FROM entry_search WHERE entry_search MATCH ?) AND \(conditions)"
            let total = try db.queryOne("SELECT count(*) AS n FROM entries e WHERE \(matching)", [match] + arguments)?.int("n") ?? 0
            let entries = try db.query(
                "\(AlbumDatabase.entrySelect) WHERE \(matching) ORDER BY \(EntryFilterSQL.order) LIMIT ?",
                [match] + arguments + [limit]).map(RowDecoder.entryRecord)
            return EntryList(total: total, entries: entries)
        }
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
