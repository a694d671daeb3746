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
/// PostgreSQL numbers them). Each takes the period's first and last day; `texts` also its limit.
/// Kinds and days read the index `entries_by_kind (kind, local_date, …)` alone.
public enum EntryPeriodSQL {
    static let period = "e.local_date BETWEEN ? AND ?"

    public static let kindDays = """
        SELECT e.kind AS kind, e.local_date AS day, count(*) AS n FROM entries e
        WHERE e.kind IN ('note', 'song', 'audio', 'place') AND \(period) GROUP BY e.kind, e.local_date
        """
    public static let voice = "SELECT CAST(sum(e.duration_ms) AS BIGINT) AS ms FROM entries e WHERE e.kind = 'audio' AND \(period)"
    /// `collation` is what makes both stores order names alike: "" on SQLite (bytes), ` COLLATE "C"` on PostgreSQL.
    public static func artists(collation: String) -> String {
        """
        SELECT e.artist AS artist, count(*) AS n FROM entries e WHERE e.kind = 'song' AND \(period)
        GROUP BY e.artist ORDER BY n DESC, e.artist\(collation) LIMIT 5
        """
    }
    public static func songs(collation: String) -> String {
        """
        SELECT e.artist AS artist, e.title AS title, count(*) AS n FROM entries e WHERE e.kind = 'song' AND \(period)
        GROUP BY e.artist, e.title ORDER BY n DESC, e.artist\(collation), e.title\(collation) LIMIT 5
        """
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

    /// One text in this many is read for the word cloud: 1 up to `limit` notes and check-ins in
    /// the period (`kinds`, as `kindDays` counted them), then enough to read about `limit`.
    public static func textStep(_ kinds: [EntryKind: Int], limit: Int) -> Int {
        let texts = (kinds[.note] ?? 0) + (kinds[.place] ?? 0)
        return max(1, (texts + max(1, limit) - 1) / max(1, limit))
    }
}
