import AlbumModel

/// What the store counts of a period's entries for its summary (issue 26), as `PeriodFacts` is
/// for its photos: every entry of the period is counted in SQL (kinds, voice, artists, songs,
/// days, moods), and only the texts of the word cloud are read: a sample of about `textLimit`
/// of them spread over the period (`EntryPeriodSQL.textStep`).
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
    /// The notes' and check-in notes' texts, newest first: every one when the period has at most
    /// `textLimit`, else every `textStep`-th by id (about `textLimit`, spread over the period).
    public var texts: [String]

    public init(
        kinds: [EntryKind: Int] = [:], voiceMs: Int64 = 0, artists: [NameCount] = [], songs: [NameCount] = [],
        days: [LocalDate: Int] = [:], moods: MoodCounts = MoodCounts(), texts: [String] = []
    ) {
        self.kinds = kinds
        self.voiceMs = voiceMs
        self.artists = artists
        self.songs = songs
        self.days = days
        self.moods = moods
        self.texts = texts
    }

    /// Every entry of the period.
    public var total: Int { kinds.values.reduce(0, +) }
}

/// The queries of `EntryStore.entryPeriodFacts`, the same text on both stores (`?` placeholders;
/// PostgreSQL numbers them). Each takes the period's first and last day; `texts` also its limit;
/// `artists` and `songs` come with their own. Kinds, days, voice, artists and songs read the
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

    /// A whole year or month reads its five from the index on the count of `table`; any other
    /// period adds the rows of its whole months to its other days' songs, read from the entries.
    static func top(_ period: SongPeriods, table: String, names: [String], collation: String) -> (sql: String, arguments: [String]) {
        let selected = names.map { "r.\($0) AS \($0)" }.joined(separator: ", ")
        if let key = period.key {
            let order = names.map { "r.\($0)\(collation)" }.joined(separator: ", ")
            return ("SELECT \(selected), r.songs AS n FROM \(table) r WHERE r.period = ? ORDER BY r.songs DESC, \(order) LIMIT 5", [key])
        }
        let grouped = names.map { "x.\($0)" }.joined(separator: ", ")
        let columns = names.map { "x.\($0) AS \($0)" }.joined(separator: ", ")
        let fromEntries = names.map { "e.\($0)\(collation)" }.joined(separator: ", ")
        let order = names.map { "x.\($0)\(collation)" }.joined(separator: ", ")
        let sql = """
            SELECT \(columns), CAST(sum(x.c) AS BIGINT) AS n FROM (
                SELECT \(selected), r.songs AS c FROM \(table) r WHERE r.period BETWEEN ? AND ? AND length(r.period) = 7
                UNION ALL
                SELECT \(fromEntries), 1 FROM entries e WHERE e.kind = 'song' AND (e.local_date BETWEEN ? AND ? OR e.local_date BETWEEN ? AND ?)
            ) x GROUP BY \(grouped) ORDER BY n DESC, \(order) LIMIT 5
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
    /// Takes the period, the step (`textStep`) and the limit. The sample is filtered on the
    /// index `entries_by_kind` (kind, day, id) and only its rows are read.
    public static let texts = """
        SELECT e.body AS body FROM entries e WHERE e.kind IN ('note', 'place') AND e.body IS NOT NULL AND \(period)
        AND e.id % ? = 0 ORDER BY \(EntryFilterSQL.order) LIMIT ?
        """

    /// The bounds of the ids of the period's notes and check-ins (`lo`, `hi`; NULL when none),
    /// from `entry_kind_days` (they may be wider than the ids, never narrower).
    public static let textIds = """
        SELECT min(d.first_id) AS lo, max(d.last_id) AS hi FROM entry_kind_days d
        WHERE d.kind IN ('note', 'place') AND d.local_date BETWEEN ? AND ?
        """
    /// The same sample as `texts`, read by id: every multiple of the step between the bounds
    /// (`textIds`) looked up by rowid, instead of every note and check-in of the period read from
    /// `entries_by_kind` to keep one in `step`. Takes the first multiple, the step twice, the last
    /// bound, the period and the limit. `CROSS JOIN` keeps SQLite from reading the period from
    /// `entries_by_day` against an automatic index of the ids.
    public static let textsById = """
        WITH RECURSIVE ids(id) AS (SELECT CAST(? AS BIGINT) UNION ALL SELECT id + ? FROM ids WHERE id + ? <= ?)
        SELECT e.body AS body FROM ids CROSS JOIN entries e
        WHERE e.id = ids.id AND e.kind IN ('note', 'place') AND e.body IS NOT NULL AND \(period) ORDER BY \(EntryFilterSQL.order) LIMIT ?
        """

    /// How to read the word cloud's sample of `texts` notes and check-ins (`step` from
    /// `textStep`) given the bounds of their ids: by id (`textsById`, its first id and last bound)
    /// when the multiples of the step between the bounds are fewer than the texts, else nil
    /// (`texts`: read them all from the index, keeping one in `step`).
    public static func sampleById(lo: Int64?, hi: Int64?, step: Int, texts: Int) -> (first: Int64, last: Int64)? {
        guard step > 1, let lo, let hi, lo <= hi else { return nil }
        let s = Int64(step)
        let first = (lo + s - 1) / s * s
        let probes = first <= hi ? (hi - first) / s + 1 : 0
        guard probes < Int64(texts) else { return nil }
        return (first, max(first, hi))
    }

    /// One text in this many is read for the word cloud: 1 up to `limit` notes and check-ins in
    /// the period (`kinds`, as `kindDays` counted them), then enough to read about `limit`.
    public static func textStep(_ kinds: [EntryKind: Int], limit: Int) -> Int {
        let texts = (kinds[.note] ?? 0) + (kinds[.place] ?? 0)
        return max(1, (texts + max(1, limit) - 1) / max(1, limit))
    }
}
