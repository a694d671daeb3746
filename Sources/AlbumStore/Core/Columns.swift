import AlbumModel
import AlbumSeam

/// Column values by name, in the order set: what an insert or an update writes. Rows are written
/// by column name, never by the position of a `?` in a hand-counted list.
struct Columns {
    enum Value {
        case value(any SQLBindable)
        /// SQL evaluated in the statement (`attempts + 1`).
        case expression(String)
        /// The value when not NULL, else what the column holds (`coalesce(?, name)`; an insert
        /// writes the value).
        case keeping(any SQLBindable)
    }

    private(set) var names: [String] = []
    private(set) var entries: [Value] = []

    init() {}

    /// Sets `name` to `value` (NULL for nil), replacing an earlier value of the same name.
    mutating func set(_ name: String, _ value: any SQLBindable) { put(name, .value(value)) }

    /// Sets `name` to `value` when it is not nil; an update keeps what the column holds otherwise.
    mutating func setKeeping(_ name: String, _ value: any SQLBindable) { put(name, .keeping(value)) }

    /// Sets `name` to the SQL expression `sql`.
    mutating func set(_ name: String, expression sql: String) { put(name, .expression(sql)) }

    /// These columns, then `other`'s (which win for a name both set).
    func merging(_ other: Columns) -> Columns {
        var merged = self
        for (name, entry) in zip(other.names, other.entries) { merged.put(name, entry) }
        return merged
    }

    private mutating func put(_ name: String, _ entry: Value) {
        if let i = names.firstIndex(of: name) {
            entries[i] = entry
        } else {
            names.append(name)
            entries.append(entry)
        }
    }

    /// `a = ?, b = attempts + 1` and the bound values, in order.
    var assignments: (sql: String, values: [any SQLBindable]) {
        var parts: [String] = []
        var values: [any SQLBindable] = []
        for (name, entry) in zip(names, entries) {
            switch entry {
            case .value(let v):
                parts.append("\(name) = ?")
                values.append(v)
            case .expression(let sql):
                parts.append("\(name) = \(sql)")
            case .keeping(let v):
                parts.append("\(name) = coalesce(?, \(name))")
                values.append(v)
            }
        }
        return (parts.joined(separator: ", "), values)
    }
}

extension SQLValue: SQLBindable {
    public var sqlValue: SQLValue { self }
}

extension SQL {
    /// `INSERT INTO table (names…) VALUES (…)`, with `ON CONFLICT onConflict` when given;
    /// returns the new row's id.
    @discardableResult
    func insert(into table: String, _ columns: Columns, onConflict: String? = nil) throws(AlbumError) -> Int64 {
        var placeholders: [String] = []
        var values: [any SQLBindable] = []
        for entry in columns.entries {
            switch entry {
            case .value(let v), .keeping(let v):
                placeholders.append("?")
                values.append(v)
            case .expression(let sql):
                placeholders.append(sql)
            }
        }
        try run("""
            INSERT INTO \(table) (\(columns.names.joined(separator: ", ")))
            VALUES (\(placeholders.joined(separator: ", ")))\(onConflict.map { " ON CONFLICT " + $0 } ?? "")
            """, values)
        return lastInsertRowID
    }

    /// `UPDATE table SET names… WHERE condition`; returns the number of rows changed.
    /// `arguments` bind the `?` of `condition`, after the columns' values.
    @discardableResult
    func update(_ table: String, set columns: Columns, where condition: String, _ arguments: [any SQLBindable]) throws(AlbumError) -> Int {
        let set = columns.assignments
        return try run("UPDATE \(table) SET \(set.sql) WHERE \(condition)", set.values + arguments)
    }
}
