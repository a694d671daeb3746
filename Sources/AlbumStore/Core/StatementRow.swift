import AlbumModel
import AlbumSeam

/// A statement's current row read in place by column name (`StoredRow`), for reads of many rows
/// that `RowDecoder` makes into values (`album export dataset` reads every photo, issue 30,
/// decision 0123): no `Row` a row (no array of every column's value, no text made of a column
/// nobody asks for), and a name found at the position it had the row before — a decoder asks
/// the same names in the same order row after row — checked by comparing the name rather than
/// hashing it. A name asked out of that order is looked up, so any order reads right.
final class StatementRow: StoredRow {
    private let statement: SQLiteStatement
    /// The columns' names; each replaced by the asking caller's own string once it is found, so
    /// that the check of a learned position (`==`) finds the very same string: equal at its first
    /// step, without comparing bytes (a photo's 45 columns a row, issue 30).
    private var names: [String]
    /// Name → position, the first of equal names (as `ColumnNames`).
    private let positions: [String: Int32]
    /// The position of the k-th name asked on a row, as the last row asking it found it.
    private var learned: [Int32] = []
    private var asked = 0

    init(_ statement: SQLiteStatement) {
        self.statement = statement
        names = statement.names()
        var positions: [String: Int32] = [:]
        for (i, name) in names.enumerated() where positions[name] == nil { positions[name] = Int32(i) }
        self.positions = positions
    }

    /// Starts reading the statement's next row.
    func startRow() { asked = 0 }

    private func position(_ name: String) -> Int32 {
        defer { asked += 1 }
        if asked < learned.count {
            let guess = learned[asked]
            if names[Int(guess)] == name { return guess }
        }
        guard let found = positions[name] else { preconditionFailure("no column '\(name)' in this row") }
        names[Int(found)] = name
        if asked < learned.count { learned[asked] = found } else { learned.append(found) }
        return found
    }

    func string(_ name: String) -> String? { statement.value(at: position(name)).string }
    func int64(_ name: String) -> Int64? { statement.value(at: position(name)).int64 }
    func double(_ name: String) -> Double? { statement.value(at: position(name)).double }
}

extension SQL {
    /// Every row of a query made into a value by `decode`, reading each row in place
    /// (`StatementRow`): for reads of thousands of photos.
    func decodeEach<T>(_ sql: String, _ arguments: [any SQLBindable] = [], _ decode: (StatementRow) throws(AlbumError) -> T) throws(AlbumError) -> [T] {
        var reader: StatementRow?
        var values: [T] = []
        try forEachStep(sql, arguments) { statement throws(AlbumError) in
            let row = reader ?? StatementRow(statement)
            reader = row
            row.startRow()
            values.append(try decode(row))
        }
        return values
    }
}
