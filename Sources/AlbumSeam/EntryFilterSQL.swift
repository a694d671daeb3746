import AlbumModel

/// The conditions an `EntryFilter` puts on the entry `e`, written once for both stores, as
/// `PhotoFilterSQL` for photos: `?` placeholders (SQLite binds them in order; PostgreSQL numbers
/// them `$1`, `$2`, …) and the tables both stores have (`entry_tags`, `entries.local_date`).
public struct EntryFilterSQL: Sendable {
    /// The entries' order, newest first, as both stores list them and the timeline merges them
    /// with photos: `entries_by_day (local_date, taken_at, id)` serves it read backwards, and
    /// `entries_by_kind` with one kind (`EntryOrderPlanTests`, `PostgresEntryPlanTests`).
    public static let order = "e.local_date DESC, e.taken_at DESC, e.id DESC"

    /// Always at least `true`, joined with `AND`.
    public let sql: String
    public let arguments: [PhotoFilterSQL.Value]

    public init(_ filter: EntryFilter) {
        var parts = ["true"]
        var arguments: [PhotoFilterSQL.Value] = []
        if let kind = filter.kind {
            parts.append("e.kind = ?")
            arguments.append(.text(kind.rawValue))
        }
        if let kinds = filter.kinds {
            // In the order of `allCases`: the same filter is the same SQL.
            let listed = EntryKind.allCases.filter(kinds.contains)
            parts.append(listed.isEmpty ? "false" : "e.kind IN (\(listed.map { _ in "?" }.joined(separator: ", ")))")
            arguments += listed.map { .text($0.rawValue) }
        }
        if let from = filter.from {
            parts.append("e.local_date >= ?")
            arguments.append(.text(from.description))
        }
        if let to = filter.to {
            parts.append("e.local_date <= ?")
            arguments.append(.text(to.description))
        }
        if let tag = filter.tag {
            parts.append("EXISTS (SELECT 1 FROM entry_tags t WHERE t.entry_id = e.id AND t.tag = ?)")
            arguments.append(.text(tag.value))
        }
        if let pin = filter.pinId {
            parts.append("e.pin_id = ?")
            arguments.append(.integer(pin))
        }
        sql = parts.joined(separator: " AND ")
        self.arguments = arguments
    }
}

/// Counting entries from the `day_cells` roll-up (decision 0102-entries, kept by triggers on both
/// stores: entries per local day and place cell, every kind), the same text on both stores.
extension EntryFilterSQL {
    /// Whether `day_cells` answers for this filter: only dates narrow it (every kind, no tag, no pin).
    public static func rollUpAnswers(_ filter: EntryFilter) -> Bool {
        filter.kind == nil && filter.tag == nil && filter.pinId == nil
            && (filter.kinds.map { Set(EntryKind.allCases).isSubset(of: $0) } ?? true)
    }

    /// The filter's first and last day for the roll-up queries (all days without bounds).
    public static func rollUpDays(_ filter: EntryFilter) -> [PhotoFilterSQL.Value] {
        [.text(filter.from?.description ?? "0000-00-00"), .text(filter.to?.description ?? "9999-99-99")]
    }

    /// Entries from the first to the last day (`n`), when `rollUpAnswers`.
    public static let rolledUpTotal = """
        SELECT CAST(coalesce(sum(entries), 0) AS BIGINT) AS n FROM day_cells WHERE local_date BETWEEN ? AND ?
        """

    /// Entries per day (`day`, `n`) from the first to the last day, when `rollUpAnswers`.
    public static let rolledUpPerDay = """
        SELECT local_date AS day, CAST(sum(entries) AS BIGINT) AS n FROM day_cells WHERE local_date BETWEEN ? AND ?
        GROUP BY local_date HAVING sum(entries) > 0
        """

    /// Entries per day (`day`, `n`) that these conditions on `e` select.
    public static func perDay(_ conditions: String) -> String {
        "SELECT e.local_date AS day, count(*) AS n FROM entries e WHERE \(conditions) GROUP BY e.local_date"
    }
}
