import AlbumModel
import AlbumSeam
import Foundation

/// The library's SQLite database: one writer connection and, for a library file in WAL mode, a
/// pool of read-only connections (GRDB's `DatabasePool` is the model; decision 0033-readers).
///
/// Methods are named by intent (`addPin`, `setRegion`, …) in `AlbumDatabase+Topic.swift` files;
/// SQL stays in this module. Writes run in `BEGIN IMMEDIATE` transactions on the writer
/// connection, one at a time, so that two processes sharing a library wait for each other (WAL
/// mode plus a busy timeout) instead of failing. Reads run on a reader connection in one read
/// transaction each: a read sees one consistent snapshot and never waits for the writer or for
/// another reader (up to the pool's size, from the core count). A read is read-only by
/// construction: its connection refuses writes, and a write method called inside a read body is
/// an error. `:memory:` and a library opened `readingAt` (read-only media) have one connection
/// for everything. The writer connection of a library file that is already in WAL mode with every
/// migration applied is opened on the first write (a command that only reads, `album status`,
/// never opens it: one schema parse less at start-up, issue 28).
///
/// From async code, call it through `read { db in … }` / `write { db in … }` (or through its
/// `LibraryStore` face, `store`): reads run on the readers' threads, writes on the writer's own
/// `BlockingPool` thread, so a wait for another process's lock never occupies Swift's
/// cooperative pool. The synchronous methods are for code already on a blocking thread: each
/// joins the read or write body it is called in, else reads on a reader or writes on the writer.
public final class AlbumDatabase: @unchecked Sendable {
    /// The writer (and, in single-connection mode, the only) connection, once opened; under `lock`.
    /// Nil until the first write for a library file that was current when opened.
    private var opened: SQLiteConnection?
    /// Serialises the writer connection (and the single connection's reads), and its opening.
    private let lock = NSLock()
    /// How long the writer waits for another process's lock (set when it is opened).
    private let busyTimeout: Int32
    /// The read-only connections; nil in single-connection mode.
    private let readers: ReaderPool?
    /// The writer's thread, and the readers' threads (one per reader connection).
    private let writerPool: BlockingPool
    private let readerPool: BlockingPool?

    /// Where the database lives, or `:memory:`.
    public let path: String
    /// How errors name the database: its path, or for a library not created yet, where it would be.
    public let name: String
    /// How many read-only connections serve reads (0: one connection for everything).
    public var readerCount: Int { readers?.count ?? 0 }

    /// How long a writer waits for another process before giving up.
    public static let busyTimeoutMilliseconds: Int32 = 60_000

    /// Opens the database at `path`, creating it when missing, and applies pending migrations.
    /// - Parameter readers: how many read-only connections (default: from the core count, see
    ///   `ReaderPool.defaultCount`); ignored for `:memory:`.
    /// - Throws: `AlbumError.database` with SQLite's message and the path.
    public convenience init(path: String, name: String? = nil, readers: Int? = nil) throws(AlbumError) {
        try self.init(path: path, name: name, busyTimeout: Self.busyTimeoutMilliseconds, readers: readers)
    }

    /// Opens the database at `path`, waiting at most `busyTimeout` milliseconds for another
    /// connection's lock (tests meet real locks without waiting a minute).
    init(path: String, name: String?, busyTimeout: Int32, readers readerCount: Int? = nil) throws(AlbumError) {
        self.name = name ?? path
        self.path = path
        self.busyTimeout = busyTimeout
        writerPool = BlockingPool(threads: 1, name: "geoalbum.store")
        if path == ":memory:" {
            opened = try Self.openWriter(path: path, busyTimeout: busyTimeout)
            readers = nil
            readerPool = nil
            return
        }
        var count = readerCount ?? 0
        if readerCount == nil { count = try ReaderPool.defaultCount() }
        // A file already in WAL mode can be read first: when every migration is applied (every
        // open but the first after an upgrade) the writer waits for the first write. Otherwise
        // the writer opens (creating the file, switching it to WAL, migrating) before the readers.
        if Self.isWALFile(path) {
            let pool = try ReaderPool(path: path, count: count, busyTimeout: busyTimeout)
            let current = try pool.withReader { connection throws(AlbumError) in
                try Migrator.standard.isCurrent(connection)
            }
            if current { opened = nil } else { opened = try Self.openWriter(path: path, busyTimeout: busyTimeout) }
            readers = pool
        } else {
            opened = try Self.openWriter(path: path, busyTimeout: busyTimeout)
            readers = try ReaderPool(path: path, count: count, busyTimeout: busyTimeout)
        }
        readerPool = BlockingPool(threads: readers?.count ?? 1, name: "geoalbum.store.read")
    }

    /// Opens the writer connection: foreign keys on, WAL and `synchronous = NORMAL` for a file,
    /// every pending migration applied.
    private static func openWriter(path: String, busyTimeout: Int32) throws(AlbumError) -> SQLiteConnection {
        let connection = try SQLiteConnection(path: path, readOnly: false)
        connection.setBusyTimeout(milliseconds: busyTimeout)
        try connection.execute("PRAGMA foreign_keys = ON")
        if path != ":memory:" {
            try enableWAL(connection, busyTimeout: busyTimeout)
            try connection.execute("PRAGMA synchronous = NORMAL")
        }
        try Migrator.standard.migrate(connection)
        return connection
    }

    /// Whether the file at `path` is an SQLite database in WAL mode: its header's read and write
    /// versions (bytes 18 and 19) are 2. False for a missing, empty or unreadable file.
    static func isWALFile(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 20)
        let got = header.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 20, 0) }
        return got == 20 && header.starts(with: Array("SQLite format 3\0".utf8)) && header[18] == 2 && header[19] == 2
    }

    /// Whether the writer connection is open (tests: a command that only reads never opens it).
    var writerIsOpen: Bool { lock.withLock { opened != nil } }

    /// The writer connection, opened now if it was not yet. Call with `lock` held.
    private func writerConnection() throws(AlbumError) -> SQLiteConnection {
        if let opened { return opened }
        let connection = try Self.openWriter(path: path, busyTimeout: busyTimeout)
        opened = connection
        return connection
    }

    /// Opens the database at `path` for reading only: nothing is created, migrated or written (a
    /// library on read-only media, or someone else's). When SQLite cannot even read it that way
    /// (a WAL database whose `-shm` file cannot be made), it is opened as immutable. One
    /// connection serves every read.
    /// - Throws: `AlbumError.database` with SQLite's message and the path.
    public init(readingAt path: String) throws(AlbumError) {
        name = path
        self.path = path
        busyTimeout = Self.busyTimeoutMilliseconds
        writerPool = BlockingPool(threads: 1, name: "geoalbum.store")
        readers = nil
        readerPool = nil
        let plain = try SQLiteConnection(path: path, readOnly: true)
        plain.setBusyTimeout(milliseconds: Self.busyTimeoutMilliseconds)
        if (try? plain.statement("SELECT count(*) FROM sqlite_master").firstString()) != nil {
            opened = plain
        } else {
            opened = try SQLiteConnection(path: path, readOnly: true, immutable: true)
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

    deinit {
        writerPool.shutdown()
        readerPool?.shutdown()
        // A library only read (its writer never opened): the readers close first, then a writer
        // connection that reads the header only (no schema parse) closes last, so SQLite
        // checkpoints and removes the -wal and -shm as the writer's close always did (a library
        // copied to read-only media afterwards is one file).
        if opened == nil, let readers {
            readers.closeAll()
            if let last = try? SQLiteConnection(path: path, readOnly: false) {
                _ = try? last.statement("PRAGMA schema_version").firstString()
            }
        }
    }

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

    /// `PRAGMA integrity_check`: "ok" for a sound file. Upkeep, like `appliedMigrations` (tests
    /// check a file another process wrote); the store's `integrityCheck()` runs the same helper.
    public func integrityCheck() throws(AlbumError) -> String {
        try read { db throws(AlbumError) in try Self.integrityCheck(db) }
    }

    /// `PRAGMA integrity_check` on the connection of `db`: "ok" for a sound file.
    static func integrityCheck(_ db: SQL) throws(AlbumError) -> String {
        try db.query("PRAGMA integrity_check").compactMap { $0.string(0) }.joined(separator: "; ")
    }

    /// Runs `body` on a reader's thread with a reader connection, in one read transaction: the
    /// methods it calls read one consistent snapshot, and calling a write method is an error
    /// (`AlbumError.database`, "… inside a read"). It waits neither for the writer nor for other
    /// reads (up to `readerCount` at once).
    public func read<T: Sendable>(_ body: @escaping @Sendable (AlbumDatabase) throws(AlbumError) -> T) async throws(AlbumError) -> T {
        try await (readerPool ?? writerPool).run { () throws(AlbumError) -> T in
            try self.read { _ throws(AlbumError) in try body(self) }
        }
    }

    /// Runs `body` on the writer's thread in one write transaction: the writes of the methods it
    /// calls join it, it commits if `body` returns and rolls back if it throws. Keep file work
    /// out of `body`: the transaction holds the library's write lock.
    @discardableResult
    public func write<T: Sendable>(_ body: @escaping @Sendable (AlbumDatabase) throws(AlbumError) -> T) async throws(AlbumError) -> T {
        try await writerPool.run { () throws(AlbumError) -> T in
            try self.write { _ throws(AlbumError) in try body(self) }
        }
    }

    /// The synchronous `read(_:)` on a reader's thread: what `SQLiteLibraryStore.read` runs.
    func onReader<T: Sendable>(_ body: @escaping @Sendable (SQL) throws(AlbumError) -> T) async throws(AlbumError) -> T {
        try await (readerPool ?? writerPool).run { () throws(AlbumError) -> T in try self.read(body) }
    }

    /// The synchronous `write(_:)` on the writer's thread: what `SQLiteLibraryStore.write` runs.
    func onWriter<T: Sendable>(_ body: @escaping @Sendable (SQL) throws(AlbumError) -> T) async throws(AlbumError) -> T {
        try await writerPool.run { () throws(AlbumError) -> T in try self.write(body) }
    }

    /// Runs `body` with a connection to read from: the one of the read or write body this
    /// thread is in, else a reader's (in one read transaction), else (single-connection mode)
    /// the one connection, with writes refused (`PRAGMA query_only`).
    func read<T>(_ body: (SQL) throws(AlbumError) -> T) throws(AlbumError) -> T {
        let me = ObjectIdentifier(self)
        if let context = ConnectionContext.current(for: me) { return try body(SQL(context.connection)) }
        if let readers {
            return try readers.withReader { connection throws(AlbumError) in
                try ConnectionContext.with(me, connection, .reader) { () throws(AlbumError) in try body(SQL(connection)) }
            }
        }
        lock.lock()
        defer { lock.unlock() }
        let connection = try writerConnection()
        let writable = path == ":memory:"
        if writable { try connection.execute("PRAGMA query_only = ON") }
        defer { if writable { try? connection.execute("PRAGMA query_only = OFF") } }
        try connection.executeCached("BEGIN DEFERRED")
        do {
            let result = try ConnectionContext.with(me, connection, .reader) { () throws(AlbumError) in try body(SQL(connection)) }
            try connection.executeCached("COMMIT")
            return result
        } catch {
            if connection.isInTransaction { try? connection.execute("ROLLBACK") }
            throw error
        }
    }

    /// Runs `body` in one write transaction on the writer connection; commits if it returns,
    /// rolls back if it throws. Inside another write (an async `write` body), it is a savepoint
    /// of that transaction; inside a read it is an error.
    @discardableResult
    func write<T>(_ body: (SQL) throws(AlbumError) -> T) throws(AlbumError) -> T {
        let me = ObjectIdentifier(self)
        if let context = ConnectionContext.current(for: me) {
            guard context.role == .writer else {
                throw .database("cannot write to \(name) inside a read: writes go through `write`", subject: .database(path))
            }
            let connection = context.connection
            try connection.executeCached("SAVEPOINT nested_write")
            do {
                let result = try body(SQL(connection))
                try connection.executeCached("RELEASE nested_write")
                return result
            } catch {
                try? connection.execute("ROLLBACK TO nested_write; RELEASE nested_write")
                throw error
            }
        }
        lock.lock()
        defer { lock.unlock() }
        let connection = try writerConnection()
        try connection.executeCached("BEGIN IMMEDIATE")
        do {
            let result = try ConnectionContext.with(me, connection, .writer) { () throws(AlbumError) in try body(SQL(connection)) }
            try connection.executeCached("COMMIT")
            return result
        } catch {
            if connection.isInTransaction { try? connection.execute("ROLLBACK") }
            throw error
        }
    }

    /// Runs `body` with the writer connection when no write (or, in single-connection mode, no
    /// access) is in progress; nil at once when one is: it never waits.
    func withIdleWriter<T>(_ body: (SQL) throws(AlbumError) -> T) throws(AlbumError) -> T? {
        guard lock.try() else { return nil }
        defer { lock.unlock() }
        return try body(SQL(try writerConnection()))
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

    /// Hands `body` the statement on each row of a query, to read its columns by position
    /// (`SQLiteStatement.int64(at:)`): no `Row` a row, for reads of a million rows of a few
    /// numbers (`album dupes`' hashes, issue 29).
    func forEachStep(_ sql: String, _ arguments: [any SQLBindable] = [], _ body: (SQLiteStatement) throws(AlbumError) -> Void) throws(AlbumError) {
        let statement = try connection.statement(sql)
        defer { statement.reset() }
        try statement.bind(arguments.map(\.sqlValue))
        while try statement.step() { try body(statement) }
    }

    /// The first row of a query, if any.
    func queryOne(_ sql: String, _ arguments: [any SQLBindable] = []) throws(AlbumError) -> Row? {
        try query(sql, arguments).first
    }

    var lastInsertRowID: Int64 { connection.lastInsertRowID }

    func execute(_ sql: String) throws(AlbumError) { try connection.execute(sql) }
}
