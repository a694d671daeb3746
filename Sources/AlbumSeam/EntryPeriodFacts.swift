import AlbumModel

/// What the store counts of a period's entries for its summary (issue 26), as `PeriodFacts` is
/// for its photos: every entry of the period is counted in SQL (kinds, voice, artists, songs,
/// days, moods, and the word cloud's words from `word_periods`, decision 0134-entries); no text is read.
public struct EntryPeriodFacts: Sendable, Hashable {
    /// Entries per kind.
    public var kinds: [EntryKind: Int]
    /// Milliseconds of `audio` entries.
    public var voiceMs: Int64
    /// Songs per artist, the five most (ties by name).
    public var artists: [NameCount]
    /// Songs per artist and title (`Artist – Title`), the five most (ties by name).
    public var songs: [NameCount]
    /// Entries per local day.
    public var days: [LocalDate: Int]
    public var moods: MoodCounts
    /// The most used words of the notes' and check-in notes' texts (`EntryWords`), exact counts,
    /// most used first (ties by word).
    public var words: [NameCount]

    public init(
        kinds: [EntryKind: Int] = [:], voiceMs: Int64 = 0, artists: [NameCount] = [], songs: [NameCount] = [],
        days: [LocalDate: Int] = [:], moods: MoodCounts = MoodCounts(), words: [NameCount] = []
    ) {
        self.kinds = kinds
        self.voiceMs = voiceMs
        self.artists = artists
        self.songs = songs
        self.days = days
        self.moods = moods
        self.words = words
    }

    /// Every entry of the period.
    public var total: Int { kinds.values.reduce(0, +) }
}

/// The queries of `EntryStore.entryPeriodFacts`, the same text on both stores (`?` placeholders;
/// PostgreSQL numbers them). Each takes the period's first and last day; `artists`, `songs` and
/// `words` come with their own. Kinds, days, voice, artists and songs read the
/// roll-ups of migration `entries-summaryRollUps` (decision 0128-entries).
public enum EntryPeriodSQL {
    static let period = "e.local_date BETWEEN ? AND ?"

    /// Read from the roll-up `entry_kind_days` (migration `entries-summaryRollUps`, decision
    /// 0128-entries): one row per day and kind, not every entry of the period.
    public static let kindDays = """
        SELECT d.kind AS kind, d.local_date AS day, d.entries AS n FROM entry_kind_days d WHERE d.local_date BETWEEN ? AND ?
        """
    public static let voice = """
        SELECT CAST(sum(d.duration_ms) AS BIGINT) AS ms FROM entry_kind_days d WHERE d.kind = 'audio' AND d.local_date BETWEEN ? AND ?
        """
    /// The five most played artists of the period, with its arguments (`collation` is what makes
    /// both stores order names alike: "" on SQLite (bytes), ` COLLATE "C"` on PostgreSQL).
    public static func artists(collation: String, from: LocalDate, to: LocalDate) -> (sql: String, arguments: [String]) {
        top(SongPeriods(from: from, to: to), table: "artist_periods", names: ["artist"], collation: collation)
    }
    /// The five most played songs (artist, title) of the period, with its arguments.
    public static func songs(collation: String, from: LocalDate, to: LocalDate) -> (sql: String, arguments: [String]) {
        top(SongPeriods(from: from, to: to), table: "song_periods", names: ["artist", "title"], collation: collation)
    }
    /// The `limit` most used words of the period's notes and check-ins (`word`, `n`), with its
    /// arguments: a whole year or month from `word_periods`, any other period its whole months'
    /// rows and its other days' entries' `words` (`eachWord`: SQLite's `json_each`,
    /// PostgreSQL's `jsonb_each_text`; both give `key` and `value`).
    public static func words(eachWord: String, collation: String, from: LocalDate, to: LocalDate, limit: Int) -> (sql: String, arguments: [String]) {
        top(SongPeriods(from: from, to: to), table: "word_periods", names: ["word"], count: "uses", collation: collation, limit: limit,
            entries: (["j.key"], "CAST(j.value AS BIGINT)", "entries e CROSS JOIN \(eachWord)(e.words) j WHERE e.words IS NOT NULL"))
    }

    /// A whole year or month reads its `limit` from the index on the count of `table`; any other
    /// period adds the rows of its whole months to its other days' `entries` (its columns of the
    /// names, its count, and what it reads from `entries e`; a song's by default).
    static func top(
        _ period: SongPeriods, table: String, names: [String], count: String = "songs", collation: String, limit: Int = 5,
        entries: (names: [String], count: String, from: String)? = nil
    ) -> (sql: String, arguments: [String]) {
        let selected = names.map { "r.\($0) AS \($0)" }.joined(separator: ", ")
        if let key = period.key {
            let order = names.map { "r.\($0)\(collation)" }.joined(separator: ", ")
            return ("SELECT \(selected), r.\(count) AS n FROM \(table) r WHERE r.period = ? ORDER BY r.\(count) DESC, \(order) LIMIT \(limit)", [key])
        }
        let source = entries ?? (names.map { "e.\($0)" }, "1", "entries e WHERE e.kind = 'song'")
        let grouped = names.map { "x.\($0)" }.joined(separator: ", ")
        let columns = names.map { "x.\($0) AS \($0)" }.joined(separator: ", ")
        let fromEntries = source.names.map { "\($0)\(collation)" }.joined(separator: ", ")
        let order = names.map { "x.\($0)\(collation)" }.joined(separator: ", ")
        let sql = """
            SELECT \(columns), CAST(sum(x.c) AS BIGINT) AS n FROM (
                SELECT \(selected), r.\(count) AS c FROM \(table) r WHERE r.period BETWEEN ? AND ? AND length(r.period) = 7
                UNION ALL
                SELECT \(fromEntries), \(source.count) FROM \(source.from) AND (e.local_date BETWEEN ? AND ? OR e.local_date BETWEEN ? AND ?)
            ) x GROUP BY \(grouped) ORDER BY n DESC, \(order) LIMIT \(limit)
            """
        let none = ("1", "0")  // an empty range
        let months = period.months ?? none
        let days = period.days.map { ($0.first.description, $0.last.description) } + [none, none]
        return (sql, [months.0, months.1, days[0].0, days[0].1, days[1].0, days[1].1])
    }
    public static let moods = """
        SELECT e.mood_label AS label, count(*) AS n FROM entries e WHERE e.mood_label IS NOT NULL AND \(period)
        GROUP BY e.mood_label
        """
}
