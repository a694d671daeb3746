import AlbumModel
import AlbumSeam
import CSQLite
import Foundation

/// A value SQLite stores in a column or binds to a parameter.
public enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
}

/// Converts Swift values to SQL parameters.
public protocol SQLBindable: Sendable { var sqlValue: SQLValue { get } }
extension Int64: SQLBindable { public var sqlValue: SQLValue { .integer(self) } }
extension Int: SQLBindable { public var sqlValue: SQLValue { .integer(Int64(self)) } }
extension Double: SQLBindable { public var sqlValue: SQLValue { .real(self) } }
extension String: SQLBindable { public var sqlValue: SQLValue { .text(self) } }
extension Bool: SQLBindable { public var sqlValue: SQLValue { .integer(self ? 1 : 0) } }
extension Optional: SQLBindable where Wrapped: SQLBindable {
    public var sqlValue: SQLValue { self?.sqlValue ?? .null }
}

/// `SQLITE_TRANSIENT` is a macro (a cast of -1) that Swift does not import.
private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// The one owner of a `sqlite3 *` handle. Not thread-safe: `Store` serialises access.
final class SQLiteConnection {
    private let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]
    let path: String

    /// Opens (or creates, unless `readOnly`) the database file at `path`.
    /// - Throws: `AlbumError.database` with SQLite's message, about the path, caused by SQLite's code.
    /// With `immutable` (read-only only), SQLite is told nothing changes the file: no lock and no
    /// `-shm` file are needed, so a WAL database on read-only media can be read.
    init(path: String, readOnly: Bool, immutable: Bool = false) throws(AlbumError) {
        var db: OpaquePointer?
        let flags = readOnly
            ? SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | (immutable ? SQLITE_OPEN_URI : 0)
            : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let name = readOnly && immutable
            ? "file:" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path) + "?immutable=1"
            : path
        let code = sqlite3_open_v2(name, &db, flags, nil)
        guard code == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(db)
            throw .database("cannot open database \(path): \(message)", subject: .database(path), cause: .sqlite(code))
        }
        self.handle = db
        self.path = path
        sqlite3_extended_result_codes(db, 1)
    }

    deinit {
        statements.removeAll()  // finalize every statement before closing
        sqlite3_close_v2(handle)
    }

    /// Waits up to `milliseconds` for another process's lock instead of failing at once.
    func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// Runs one or more statements that return no rows of interest.
    func execute(_ sql: String) throws(AlbumError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        if code != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(message)
            throw .database("\(text) (in \(path), running: \(sql.prefix(80)))", subject: .database(path), cause: .sqlite(code))
        }
    }

    /// Runs one statement without parameters nor rows from the statement cache: a transaction's
    /// `BEGIN IMMEDIATE`, `COMMIT` and savepoints, parsed once per connection instead of on every
    /// transaction (`execute` prepares each time; issue 28: ~1.4 % of a lazily fetched photo).
    func executeCached(_ sql: String) throws(AlbumError) {
        let statement = try statement(sql)
        defer { statement.reset() }
        _ = try statement.step()
    }

    /// A prepared statement, cached by its SQL text.
    func statement(_ sql: String) throws(AlbumError) -> SQLiteStatement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        var raw: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &raw, nil)
        guard code == SQLITE_OK, let raw else {
            throw .database("\(errorMessage) (in \(path), preparing: \(sql.prefix(80)))", subject: .database(path), cause: .sqlite(code))
        }
        let statement = SQLiteStatement(raw, connection: self)
        statements[sql] = statement
        return statement
    }

    var errorMessage: String { String(cString: sqlite3_errmsg(handle)) }
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    var changes: Int { Int(sqlite3_changes(handle)) }
    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }
}

/// The one owner of a `sqlite3_stmt *`.
final class SQLiteStatement {
    private let handle: OpaquePointer
    private unowned let connection: SQLiteConnection
    /// The result's column names, made on the first row (again if a migration changed them).
    private var columnNames: ColumnNames?

    fileprivate init(_ handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    func bind(_ values: [SQLValue]) throws(AlbumError) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(handle, index)
            case .integer(let v): code = sqlite3_bind_int64(handle, index, v)
            case .real(let v): code = sqlite3_bind_double(handle, index, v)
            case .text(let v): code = sqlite3_bind_text(handle, index, v, -1, sqliteTransient)
            }
            guard code == SQLITE_OK else {
                throw .database(
                    "cannot bind parameter \(index): \(connection.errorMessage)", subject: .database(connection.path), cause: .sqlite(code))
            }
        }
    }

    /// Advances to the next row; false when done.
    func step() throws(AlbumError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let message = connection.errorMessage
            sqlite3_reset(handle)
            let sql = sqlite3_sql(handle).map { String(cString: $0) } ?? "?"
            throw .database(
                "\(message) (in \(connection.path), running: \(sql.prefix(80)))", subject: .database(connection.path), cause: .sqlite(code))
        }
    }

    /// Runs the statement and returns the first column of its first row as text.
    func firstString() throws(AlbumError) -> String? {
        defer { reset() }
        return try step() ? row().string(0) : nil
    }

    /// The current row's column `index` as an integer; nil for NULL (`SQL.forEachStep`).
    func int64(at index: Int32) -> Int64? { value(at: index).int64 }

    /// The current row's column `index`, as `row()` reads it.
    func value(at index: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, index))
        case SQLITE_NULL: return .null
        default:
            guard let text = sqlite3_column_text(handle, index) else { return .null }
            return .text(String(cString: text))
        }
    }

    /// The result's column names, in order.
    func names() -> [String] {
        (0..<sqlite3_column_count(handle)).map { sqlite3_column_name(handle, $0).map { String(cString: $0) } ?? "" }
    }

    /// The current row's values.
    func row() -> Row {
        let count = sqlite3_column_count(handle)
        if columnNames?.count != Int(count) { columnNames = ColumnNames(names()) }
        var values: [SQLValue] = []
        values.reserveCapacity(Int(count))
        for i in 0..<count { values.append(value(at: i)) }
        return Row(values: values, names: columnNames)
    }
}

/// A result's column names, shared by its rows: name → position (the first of equal names).
public final class ColumnNames: Sendable {
    let names: [String]
    let positions: [String: Int]
    let count: Int

    init(_ names: [String]) {
        var positions: [String: Int] = [:]
        for (i, name) in names.enumerated() where positions[name] == nil { positions[name] = i }
        self.names = names
        self.positions = positions
        count = names.count
    }

    /// The position of `name`. A few columns are compared in order (short names compare in a
    /// few instructions; hashing one costs hundreds, and roll-ups read thousands of rows).
    func position(of name: String) -> Int? {
        guard count > 12 else { return names.firstIndex(of: name) }
        return positions[name]
    }
}

/// One result row, read by column name (`row.string("title")`) or, for short ad-hoc queries,
/// by position.
public struct Row: Sendable {
    public let values: [SQLValue]
    let names: ColumnNames?

    init(values: [SQLValue], names: ColumnNames? = nil) {
        self.values = values
        self.names = names
    }

    public subscript(_ i: Int) -> SQLValue { values[i] }

    /// The value of the column `name`. A name the query does not return is a bug in the query
    /// or the caller, and stops the program with the name.
    public subscript(_ name: String) -> SQLValue {
        guard let i = names?.position(of: name) else { preconditionFailure("no column '\(name)' in this row") }
        return values[i]
    }

    /// Whether the query returned a column `name`.
    public func has(_ name: String) -> Bool { names?.position(of: name) != nil }

    public func int64(_ i: Int) -> Int64? { values[i].int64 }
    public func int(_ i: Int) -> Int? { values[i].int64.map { Int($0) } }
    public func double(_ i: Int) -> Double? { values[i].double }
    public func string(_ i: Int) -> String? { values[i].string }

    public func int64(_ name: String) -> Int64? { self[name].int64 }
    public func int(_ name: String) -> Int? { self[name].int64.map { Int($0) } }
    public func double(_ name: String) -> Double? { self[name].double }
    public func string(_ name: String) -> String? { self[name].string }
}

/// SQLite's rows are read by name by the decoders both stores share (`RowDecoder`).
extension Row: StoredRow {}

extension SQLValue {
    var int64: Int64? {
        switch self {
        case .integer(let v): v
        case .real(let v): Int64(v)
        case .text(let v): Int64(v)
        case .null: nil
        }
    }
    var double: Double? {
        switch self {
        case .integer(let v): Double(v)
        case .real(let v): v
        case .text(let v): Double(v)
        case .null: nil
        }
    }
    var string: String? {
        switch self {
        case .integer(let v): String(v)
        case .real(let v): String(v)
        case .text(let v): v
        case .null: nil
        }
    }
}

extension AlbumError {
    /// Whether SQLite refused because another connection holds a lock: `SQLITE_BUSY` or
    /// `SQLITE_LOCKED`, with any extended code.
    var isLocked: Bool {
        guard case .database = self, let code = cause?.sqlitePrimaryCode else { return false }
        return code == SQLITE_BUSY || code == SQLITE_LOCKED
    }

    /// The database at `path` stayed locked (`SQLITE_BUSY`).
    static func locked(_ path: String, _ message: String) -> AlbumError {
        .database(message, subject: .database(path), cause: .sqlite(SQLITE_BUSY))
    }
}
