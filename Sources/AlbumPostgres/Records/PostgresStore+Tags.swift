#if PostgreSQL
import AlbumModel
import AlbumSeam

/// Tags and search on PostgreSQL (`MemoryStore`), as SQLite's `AlbumDatabase+Tags` and `+Find`.
/// Search reads `photo_search`, a `tsvector` per photo kept by triggers (migration
/// `addMemoryFeatures`, decision 0023-pgmemory).
extension PostgresStore {
    public func addTags(_ tags: [TagName], to target: TagTarget) async throws(AlbumError) -> TagChange {
        try await changeTags(tags, of: target,
                             pin: "INSERT INTO pin_tags (pin_id, tag) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1",
                             photo: """
                                INSERT INTO photo_tags (photo_id, tag) SELECT unnest($1::bigint[]), $2
                                ON CONFLICT DO NOTHING RETURNING 1
                                """)
    }

    public func removeTags(_ tags: [TagName], from target: TagTarget) async throws(AlbumError) -> TagChange {
        try await changeTags(tags, of: target,
                             pin: "DELETE FROM pin_tags WHERE pin_id = $1 AND tag = $2 RETURNING 1",
                             photo: "DELETE FROM photo_tags WHERE photo_id = ANY($1::bigint[]) AND tag = $2 RETURNING 1")
    }

    /// Runs `pin` with (pin id, tag), or `photo` with (the target's photo ids, tag), for every tag.
    private func changeTags(_ tags: [TagName], of target: TagTarget, pin: String, photo: String) async throws(AlbumError) -> TagChange {
        try await write { db throws(AlbumError) in
            let photos = try await Self.photoIds(db, target, in: name)
            var changed = 0
            for tag in tags {
                if case .pin(let id) = target {
                    changed += try await db.run(pin, [id, tag.value])
                } else {
                    changed += try await db.run(photo, [photos, tag.value])
                }
            }
            return TagChange(targets: target.isPin ? 1 : photos.count, changed: changed)
        }
    }

    /// The photos a target names (none for a pin: its tag stays on the pin).
    private static func photoIds(_ db: Session, _ target: TagTarget, in name: String) async throws(AlbumError) -> [Int64] {
        switch target {
        case .photo(let id):
            guard try await db.queryOne("SELECT 1 FROM photos WHERE id = $1", [id]) != nil else { throw .noPhoto(id, in: name) }
            return [id]
        case .pin(let id):
            guard try await db.queryOne("SELECT 1 FROM pins WHERE id = $1", [id]) != nil else { throw .noPin(id, in: name) }
            return []
        case .day(let day):
            let ids = try await db.query("SELECT id FROM photos WHERE local_date = $1 ORDER BY id", [day.description])
                .compactMap { $0.int64(0) }
            guard !ids.isEmpty else { throw .notFound("no photo was taken on \(day) (local date)") }
            return ids
        }
    }

    public func tagUsage() async throws(AlbumError) -> [TagUsage] {
        try await read { db throws(AlbumError) in
            try await db.query("""
                SELECT t.tag,
                    (SELECT count(*) FROM (
                        SELECT photo_id FROM photo_tags WHERE tag = t.tag
                        UNION SELECT p.id FROM pin_tags pt JOIN photos p ON p.pin_id = pt.pin_id WHERE pt.tag = t.tag) x) AS photos,
                    (SELECT count(*) FROM pin_tags WHERE tag = t.tag) AS pins,
                    (SELECT count(*) FROM entry_tags WHERE tag = t.tag) AS entries
                FROM (SELECT tag FROM photo_tags UNION SELECT tag FROM pin_tags UNION SELECT tag FROM entry_tags) t
                """
            ).map {
                TagUsage(tag: TagName(stored: $0.string("tag") ?? ""), photos: $0.int("photos") ?? 0, pins: $0.int("pins") ?? 0,
                         entries: $0.int("entries") ?? 0)
            }
            .sorted(by: TagUsage.mostUsedFirst)
        }
    }

    /// The `tsquery` of a search, with `?` for the terms' text (in `arguments`' order): every
    /// term folded as the indexed text is (`album_search_words`), its words a phrase, a prefix
    /// term's last word a prefix; the terms joined by AND.
    static func tsQuery(_ text: SearchText) -> (sql: String, arguments: [any PostgresArgument]) {
        var parts: [String] = []
        var arguments: [any PostgresArgument] = []
        for term in text.terms {
            let words: String
            var isPrefix = false
            switch term {
            case .word(let w): words = w
            case .prefix(let w): (words, isPrefix) = (w, true)
            case .phrase(let ws): words = ws.joined(separator: " ")
            }
            let query = "phraseto_tsquery('simple', album_search_words(?))"
            parts.append(isPrefix ? "album_prefix_query(\(query))" : query)
            arguments.append(words)
        }
        return ("(" + parts.joined(separator: " && ") + ")", arguments)
    }

    public func find(_ text: SearchText, filter: PhotoFilter, limit: Int) async throws(AlbumError) -> SearchResults {
        let (whereSQL, filterArguments) = Self.conditions(filter)
        let (query, queryArguments) = Self.tsQuery(text)
        let from = "photo_search s JOIN photos p ON p.id = s.photo_id"
        return try await read { db throws(AlbumError) in
            let total = try await db.queryOne(
                Session.numbered("SELECT count(*) FROM \(from) WHERE s.document @@ \(query) AND \(whereSQL)"),
                queryArguments + filterArguments)?.int(0) ?? 0
            // Ranking scores every match; past `rankedMatches` the newest come first instead.
            let order = total <= SearchRanking.rankedMatches
                ? "ts_rank('{0.25, 0.4, 0.8, 1.0}', s.document, \(query)) DESC, p.taken_at COLLATE \"C\" DESC, p.id DESC"
                : "p.id DESC"
            let rankArguments = total <= SearchRanking.rankedMatches ? queryArguments : []
            let photos = try await db.query(Session.numbered("""
                SELECT \(Self.entryColumns) FROM \(from) LEFT JOIN pins n ON n.id = p.pin_id
                WHERE s.document @@ \(query) AND \(whereSQL)
                ORDER BY \(order) LIMIT ?
                """), queryArguments + filterArguments + rankArguments + [limit]).map(RowDecoder.entry)
            return SearchResults(query: text.text, total: total, photos: photos)
        }
    }
}
#endif
