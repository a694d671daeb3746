import AlbumModel
import Foundation

/// The library's SQLite database: one connection, migrated on open, every access serialised.
///
/// Methods are named by intent (`addPin`, `setRegion`, …) in `AlbumDatabase+Topic.swift` files;
/// SQL stays in this module. Writes run in `BEGIN IMMEDIATE` transactions so that two processes
/// sharing a library wait for each other (WAL mode plus a busy timeout) instead of failing.
///
/// From async code, call it through `read { db in … }` / `write { db in … }` (or through its
/// `LibraryStore` face, `store`): they run on the database's own `BlockingPool` thread, so a
/// wait for another process's lock never occupies Swift's cooperative pool. The synchronous
/// methods are for code already on a blocking thread.
public final class AlbumDatabase: @unchecked Sendable {
    private let connection: SQLiteConnection
    /// Recursive: a `write` body calls the intent methods, which take it again.
    private let lock = NSRecursiveLock()
    /// How deep the current thread's writes are nested (read and written under `lock`).
    private var writeDepth = 0
    /// The one thread that runs `read`/`write` bodies: the connection is serialised anyway.
    private let pool: BlockingPool

    /// Where the database lives, or `:memory:`.
    public var path: String { connection.path }
    /// How errors name the database: its path, or for a library not created yet, where it would be.
    public let name: String

    /// How long a writer waits for another process before giving up.
    public static let busyTimeoutMilliseconds: Int32 = 60_000

    /// Opens the database at `path`, creating it when missing, and applies pending migrations.
    /// - Throws: `AlbumError.database` with SQLite's message and the path.
    public convenience init(path: String, name: String? = nil) throws(AlbumError) {
        try self.init(path: path, name: name, busyTimeout: Self.busyTimeoutMilliseconds)
    }

    /// Opens the database at `path`, waiting at most `busyTimeout` milliseconds for another
    /// connection's lock (tests meet real locks without waiting a minute).
    init(path: String, name: String?, busyTimeout: Int32) throws(AlbumError) {
        self.name = name ?? path
        pool = BlockingPool(threads: 1, name: "geoalbum.store")
        connection = try SQLiteConnection(path: path, readOnly: false)
        connection.setBusyTimeout(milliseconds: busyTimeout)
        try connection.execute("PRAGMA foreign_keys = ON")
        if path != ":memory:" {
            try Self.enableWAL(connection, busyTimeout: busyTimeout)
            try connection.execute("PRAGMA synchronous = NORMAL")
        }
        try Migrator.standard.migrate(connection)
    }

    /// Opens the database at `path` for reading only: nothing is created, migrated or written (a
    /// library on read-only media, or someone else's). When SQLite cannot even read it that way
    /// (a WAL database whose `-shm` file cannot be made), it is opened as immutable.
    /// - Throws: `AlbumError.database` with SQLite's message and the path.
    public init(readingAt path: String) throws(AlbumError) {
        name = path
        pool = BlockingPool(threads: 1, name: "geoalbum.store")
        let plain = try SQLiteConnection(path: path, readOnly: true)
        plain.setBusyTimeout(milliseconds: Self.busyTimeoutMilliseconds)
        if (try? plain.statement("SELECT count(*) FROM sqlite_master").firstString()) != nil {
            connection = plain
        } else {
            connection = try SQLiteConnection(path: path, readOnly: true, immutable: true)
        }
    }

    /// Switches a database file to WAL. WAL is a property of the file, so after the first open
    /// this only reads it. The switch needs exclusive access and SQLite does not run the busy
    /// handler for it: two processes opening a new library at once retry here, within the busy
    /// timeout, and accept that the other one switched it.
    private static func enableWAL(_ connection: SQLiteConnection, busyTimeout: Int32) throws(AlbumError) {
        var waited = 0
        while true {
            do {
                let mode = try connection.statement("PRAGMA journal_mode").firstString()
                if mode?.lowercased() == "wal" { return }
                if try connection.statement("PRAGMA journal_mode = WAL").firstString()?.lowercased() == "wal" { return }
            } catch where error.isLocked {
                // another process is converting it or holds a lock: wait and look again
            }
            guard waited < Int(busyTimeout) else {
                throw .locked(connection.path, "cannot switch \(connection.path) to WAL mode: another process keeps it locked")
            }
            usleep(20_000)
            waited += 20
        }
    }

    deinit { pool.shutdown() }

    /// A new, empty, migrated database in memory (for readers of a library that does not exist
    /// yet, and for tests).
    /// - Parameter name: how errors name it (the path of a library that does not exist yet).
    public static func inMemory(name: String? = nil) throws(AlbumError) -> AlbumDatabase {
        try AlbumDatabase(path: ":memory:", name: name)
    }

    /// The names of the migrations applied, in order.
    public func appliedMigrations() throws(AlbumError) -> [String] {
        try read { db throws(AlbumError) in
            try db.query("SELECT name FROM schema_migrations ORDER BY rowid").compactMap { $0.string(0) }
        }
    }

    /// `PRAGMA integrity_check`: "ok" for a sound file.
    public func integrityCheck() throws(AlbumError) -> String {
        try read { db throws(AlbumError) in
            try db.query("PRAGMA integrity_check").compactMap { $0.string(0) }.joined(separator: "; ")
        }
    }

    /// Runs `body` on the database's own thread with exclusive use of the connection (outside
    /// any transaction: each method it calls reads or writes as it always does), and returns
    /// its result. Async callers use this instead of wrapping calls in a pool of their own.
    public func read<T: Sendable>(_ body: @escaping @Sendable (AlbumDatabase) throws(AlbumError) -> T) async throws(AlbumError) -> T {
        try await pool.run { () throws(AlbumError) -> T in
            self.lock.lock()
            defer { self.lock.unlock() }
            return try body(self)
        }
    }

    /// Runs `body` on the database's own thread in one write transaction: the writes of the
    /// methods it calls join it, it commits if `body` returns and rolls back if it throws. Keep
    /// file work out of `body`: the transaction holds the library's write lock.
    @discardableResult
    public func write<T: Sendable>(_ body: @escaping @Sendable (AlbumDatabase) throws(AlbumError) -> T) async throws(AlbumError) -> T {
        try await pool.run { () throws(AlbumError) -> T in
            try self.write { _ throws(AlbumError) in try body(self) }
        }
    }

    /// Runs `body` with exclusive use of the connection, outside any transaction.
    func read<T>(_ body: (SQL) throws(AlbumError) -> T) throws(AlbumError) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(SQL(connection))
    }

    /// Runs `body` in one write transaction; commits if it returns, rolls back if it throws.
    /// Inside another write (an async `write` body), it is a savepoint of that transaction.
    @discardableResult
    func write<T>(_ body: (SQL) throws(AlbumError) -> T) throws(AlbumError) -> T {
        lock.lock()
        defer { lock.unlock() }
        if writeDepth > 0 {
            writeDepth += 1
            defer { writeDepth -= 1 }
            try connection.execute("SAVEPOINT nested_write")
            do {
                let result = try body(SQL(connection))
                try connection.execute("RELEASE nested_write")
                return result
            } catch {
                try? connection.execute("ROLLBACK TO nested_write; RELEASE nested_write")
                throw error
            }
        }
        try connection.execute("BEGIN IMMEDIATE")
        writeDepth = 1
        defer { writeDepth = 0 }
        do {
            let result = try body(SQL(connection))
            try connection.execute("COMMIT")
            return result
        } catch {
            if connection.isInTransaction { try? connection.execute("ROLLBACK") }
            throw error
        }
    }
}

/// The statements of one access: run, query, and the last row id.
struct SQL {
    fileprivate let connection: SQLiteConnection

    init(_ connection: SQLiteConnection) { self.connection = connection }

    /// Runs a statement that returns no rows; returns the number of rows changed.
    @discardableResult
    func run(_ sql: String, _ arguments: [any SQLBindable] = []) throws(AlbumError) -> Int {
        let statement = try connection.statement(sql)
        defer { statement.reset() }
        try statement.bind(arguments.map(\.sqlValue))
        while try statement.step() {}
        return connection.changes
    }

    /// Every row of a query.
    func query(_ sql: String, _ arguments: [any SQLBindable] = []) throws(AlbumError) -> [Row] {
        var rows: [Row] = []
        try forEachRow(sql, arguments) { rows.append($0) }
        return rows
    }

    /// Hands each row of a query to `body` as it is read, for queries of many rows made into
    /// values at once (no array of every row: summaries read thousands of roll-up rows).
    func forEachRow(_ sql: String, _ arguments: [any SQLBindable] = [], _ body: (Row) throws(AlbumError) -> Void) throws(AlbumError) {
        let statement = try connection.statement(sql)
        defer { statement.reset() }
        try statement.bind(arguments.map(\.sqlValue))
        while try statement.step() { try body(statement.row()) }
    }

    /// The first row of a query, if any.
    func queryOne(_ sql: String, _ arguments: [any SQLBindable] = []) throws(AlbumError) -> Row? {
        try query(sql, arguments).first
    }

    var lastInsertRowID: Int64 { connection.lastInsertRowID }

    func execute(_ sql: String) throws(AlbumError) { try connection.execute(sql) }
}
