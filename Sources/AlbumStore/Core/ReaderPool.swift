import AlbumModel
import AlbumSeam
import Foundation

/// The read-only connections of a library in WAL mode (GRDB's `DatabasePool` is the model): a
/// read takes a free one for its whole body, in one read transaction, so it sees one consistent
/// snapshot, and it never waits for the writer (WAL lets readers go on while a transaction
/// writes) nor for another reader while a connection is free.
final class ReaderPool: @unchecked Sendable {
    private let condition = NSCondition()
    private var free: [SQLiteConnection]
    /// How many connections the pool holds.
    let count: Int

    /// Opens `count` read-only connections to the WAL database at `path`.
    init(path: String, count: Int, busyTimeout: Int32) throws(AlbumError) {
        var connections: [SQLiteConnection] = []
        for _ in 0..<max(1, count) {
            let connection = try SQLiteConnection(path: path, readOnly: true)
            connection.setBusyTimeout(milliseconds: busyTimeout)
            // Read-only by construction: SQLite refuses any write on this connection.
            try connection.execute("PRAGMA query_only = ON")
            try connection.execute("PRAGMA mmap_size = 268435456")
            connections.append(connection)
        }
        free = connections
        self.count = connections.count
    }

    /// Runs `body` with a free connection (waiting for one when every connection reads), inside
    /// one read transaction.
    func withReader<T>(_ body: (SQLiteConnection) throws(AlbumError) -> T) throws(AlbumError) -> T {
        condition.lock()
        while free.isEmpty { condition.wait() }
        let connection = free.removeLast()
        condition.unlock()
        defer {
            condition.lock()
            free.append(connection)
            condition.signal()
            condition.unlock()
        }
        try connection.executeCached("BEGIN DEFERRED")
        do {
            let result = try body(connection)
            try connection.executeCached("COMMIT")
            return result
        } catch {
            if connection.isInTransaction { try? connection.execute("ROLLBACK") }
            throw error
        }
    }

    /// Closes the free connections (the database is going away: none is in use).
    func closeAll() {
        condition.lock()
        free.removeAll()
        condition.unlock()
    }

    /// How many readers a library gets: one per core, at least 2 and at most 8, unless
    /// `ALBUM_SQLITE_READERS` (1-64; the benchmarks compare a pool of 1 with the default) says.
    static func defaultCount(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        cores: Int = ProcessInfo.processInfo.activeProcessorCount
    ) throws(AlbumError) -> Int {
        if let text = environment["ALBUM_SQLITE_READERS"], !text.isEmpty {
            guard let count = Int(text), (1...64).contains(count) else {
                throw .invalidInput("ALBUM_SQLITE_READERS must be a whole number from 1 to 64, not '\(text)'")
            }
            return count
        }
        return min(max(cores, 2), 8)
    }
}

/// Which connection the current thread is using for which database, so that the intent methods
/// a `read`/`write` body calls join its connection (and its transaction): a read inside a write
/// sees the write's own changes, a read inside a read sees the same snapshot, and a write inside
/// a read is refused.
final class ConnectionContext {
    enum Role { case reader, writer }

    let database: ObjectIdentifier
    let connection: SQLiteConnection
    let role: Role
    let outer: ConnectionContext?

    private init(database: ObjectIdentifier, connection: SQLiteConnection, role: Role, outer: ConnectionContext?) {
        self.database = database
        self.connection = connection
        self.role = role
        self.outer = outer
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    private static var top: ConnectionContext? {
        pthread_getspecific(key).map { Unmanaged<ConnectionContext>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The connection this thread uses for `database`, if it is inside one of its bodies.
    static func current(for database: ObjectIdentifier) -> ConnectionContext? {
        var context = top
        while let found = context, found.database != database { context = found.outer }
        return context
    }

    /// Runs `body` with `connection` as this thread's connection for `database`.
    static func with<T>(
        _ database: ObjectIdentifier, _ connection: SQLiteConnection, _ role: Role, _ body: () throws(AlbumError) -> T
    ) throws(AlbumError) -> T {
        let outer = top
        let context = ConnectionContext(database: database, connection: connection, role: role, outer: outer)
        let retained = Unmanaged.passRetained(context)
        pthread_setspecific(key, retained.toOpaque())
        defer {
            pthread_setspecific(key, outer.map { Unmanaged.passUnretained($0).toOpaque() })
            retained.release()
        }
        return try body()
    }
}
