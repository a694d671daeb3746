#if PostgreSQL
import AlbumModel
import AlbumSeam
import Foundation
import Logging
import PostgresNIO

/// A library's records on a PostgreSQL server: pins, albums and photos, shared by every `album`
/// process (on any machine) that names the same `postgres://` URL.
///
/// Methods are named by intent like `AlbumDatabase`'s (SQLite) and give the same values. Every
/// write is one short transaction; a photo being downloaded is leased (`claim…`), never held by a
/// process id. SQL stays in this module.
public final class PostgresStore: Sendable {
    /// Where the library is.
    public let location: PostgresLocation
    /// This process's name in leases: `host:pid:random`, unique across machines and restarts.
    public let workerID: String
    /// How long a claim holds a photo without being renewed.
    public let leaseSeconds: Double
    let pool: ConnectionPool
    static let logger = Logger(label: "geoalbum.postgres", factory: { _ in SwiftLogNoOpLogHandler() })

    /// How errors name the library (its URL without a password).
    public var name: String { location.description }

    /// Connects, then applies pending migrations (one transaction each, under an advisory lock,
    /// so workers starting together migrate once).
    /// - Parameters:
    ///   - leaseSeconds: how long a claim lasts unless renewed (default 2 minutes).
    ///   - connections: at most this many connections at once.
    /// - Throws: `AlbumError.database` naming the URL when the server cannot be reached or refuses.
    public static func open(
        _ location: PostgresLocation, leaseSeconds: Double = 120, connections: Int = 8
    ) async throws(AlbumError) -> PostgresStore {
        var configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.user, password: location.password,
            database: location.database, tls: .disable)
        configuration.options.connectTimeout = .seconds(10)
        if let schema = location.schema {
            // A user's partition (decision 0046): every statement of every connection names its
            // tables unqualified, so the search path alone puts them in the user's schema, where
            // the same migrations made every table; `public` after it only for the functions of
            // the extensions (unaccent), which a database has once.
            guard schema.hasPrefix("user_"), schema.dropFirst(5).allSatisfy(\.isNumber) else {
                throw .invalidInput("\(schema) is not a partition's schema (user_ID)")
            }
            configuration.options.additionalStartupParameters = [("search_path", "\(schema), public")]
        }
        let pool = ConnectionPool(configuration: configuration, maximum: connections, logger: logger)
        let store = PostgresStore(location: location, pool: pool, leaseSeconds: leaseSeconds)
        do {
            try await store.migrate()
        } catch {
            await store.close()
            throw error
        }
        return store
    }

    private init(location: PostgresLocation, pool: ConnectionPool, leaseSeconds: Double) {
        self.location = location
        self.pool = pool
        self.leaseSeconds = leaseSeconds
        var host = [CChar](repeating: 0, count: 256)
        gethostname(&host, host.count - 1)
        let hostName = String(decoding: host.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        workerID = "\(hostName):\(getpid()):\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Closes the connections. Call it before letting go of the store: PostgresNIO asserts (in
    /// debug builds) that no connection is released open.
    public func close() async { await pool.close() }

    /// The names of the migrations applied, in order.
    public func appliedMigrations() async throws(AlbumError) -> [String] {
        try await read { db throws(AlbumError) in
            try await db.query("SELECT name FROM schema_migrations ORDER BY applied_order").compactMap { $0.string(0) }
        }
    }

    private func migrate() async throws(AlbumError) {
        try await write { db throws(AlbumError) in
            // Serialises concurrent first opens; released at commit.
            try await db.run("SELECT pg_advisory_xact_lock(7226216001)")
            if let schema = location.schema { try await db.run("CREATE SCHEMA IF NOT EXISTS \(schema)") }
            try await db.run("""
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    name text PRIMARY KEY, applied_order bigint GENERATED ALWAYS AS IDENTITY, applied_at timestamptz NOT NULL DEFAULT now())
                """)
            let applied = Set(try await db.query("SELECT name FROM schema_migrations").compactMap { $0.string(0) })
            for migration in PostgresSchema.migrations where !applied.contains(migration.name) {
                for statement in migration.statements { try await db.run(statement) }
                if let fill = migration.fill { try await fill(db) }
                for statement in PostgresSchema.Migration.statements(of: migration.after) { try await db.run(statement) }
                try await db.run("INSERT INTO schema_migrations (name) VALUES ($1)", [migration.name])
            }
        }
    }

    // MARK: Access

    /// Runs `body` on one connection, outside a transaction (each statement commits alone).
    func read<T: Sendable>(_ body: (Session) async throws(AlbumError) -> T) async throws(AlbumError) -> T {
        let connection = try await lease()
        do {
            let result = try await body(Session(connection: connection, store: self))
            await pool.release(connection, broken: false)
            return result
        } catch {
            await pool.release(connection, broken: connection.isClosed)
            throw error
        }
    }

    /// Runs `body` in one transaction; commits if it returns, rolls back if it throws. A
    /// connection lost mid-transaction rolls back on the server by itself.
    ///
    /// A transaction the server chose to end for a deadlock (SQLSTATE 40P01) or a serialization
    /// failure (40001) had nothing of it kept, so it is run again from the start, up to
    /// `Self.retries` times with a short random pause (decision 0119): two writers rolling up
    /// photos into the same days and cells in opposite orders (`day_cells`) would otherwise give
    /// one of them "deadlock detected". Bodies only read and write the database, so running one
    /// again is safe; any other error is thrown at once.
    @discardableResult
    func write<T: Sendable>(_ body: (Session) async throws(AlbumError) -> T) async throws(AlbumError) -> T {
        var attempt = 0
        while true {
            let connection = try await lease()
            let session = Session(connection: connection, store: self)
            do {
                try await session.run("BEGIN")
                let result = try await body(session)
                try await session.run("COMMIT")
                await pool.release(connection, broken: false)
                return result
            } catch {
                _ = try? await connection.query("ROLLBACK", logger: Self.logger)
                await pool.release(connection, broken: connection.isClosed)
                guard session.failure.endedByServer, attempt < Self.retries else { throw error }
                attempt += 1
                try? await Task.sleep(for: .milliseconds(Int.random(in: 5...(20 << min(attempt, 4)))))
            }
        }
    }

    /// How many times `write` runs a transaction again after a deadlock or serialization failure.
    static let retries = 8

    private func lease() async throws(AlbumError) -> PostgresConnection {
        do {
            return try await pool.lease()
        } catch {
            throw Self.describe(error, in: location, connecting: true)
        }
    }

    /// One clear line for a PostgresNIO error: the server's own message, or why the connection failed.
    static func describe(_ error: any Error, in location: PostgresLocation, connecting: Bool = false) -> AlbumError {
        if let error = error as? AlbumError { return error }
        guard let error = error as? PSQLError else { return .database("\(location): \(error)") }
        if let message = error.serverInfo?[.message] {
            let detail = error.serverInfo?[.detail].map { " (\($0))" } ?? ""
            return .database("\(location): \(message)\(detail)")
        }
        let cause = error.underlying.map { "\($0)" } ?? "\(error.code)"
        switch error.code {
        case .connectionError, .sslUnsupported, .failedToAddSSLHandler:
            return .database("cannot connect to \(location): \(cause)")
        case .serverClosedConnection, .uncleanShutdown:
            return .database("\(location) closed the connection: \(cause)")
        default:
            return .database(connecting ? "cannot connect to \(location): \(cause)" : "\(location): \(cause)")
        }
    }
}

/// The statements of one access, on one leased connection.
struct Session {
    let connection: PostgresConnection
    let store: PostgresStore
    /// Whether a statement of this session failed because the server ended the transaction to
    /// break a deadlock or a serialization conflict (`write` then runs it again).
    let failure = Failure()

    init(connection: PostgresConnection, store: PostgresStore) {
        self.connection = connection
        self.store = store
    }

    /// Set once by `query`; read by `write` after the body has thrown.
    final class Failure: @unchecked Sendable {
        private let lock = NSLock()
        private var ended = false
        var endedByServer: Bool { lock.withLock { ended } }
        func note(_ error: any Error) {
            guard let state = (error as? PSQLError)?.serverInfo?[.sqlState], state == "40P01" || state == "40001" else { return }
            lock.withLock { ended = true }
        }
    }

    /// Runs a statement; returns the number of rows it returned (add `RETURNING 1` to count the
    /// rows an UPDATE or DELETE changed: the driver's async API does not report that count).
    @discardableResult
    func run(_ sql: String, _ arguments: [any PostgresArgument] = []) async throws(AlbumError) -> Int {
        try await query(sql, arguments).count
    }

    /// Every row of a query.
    func query(_ sql: String, _ arguments: [any PostgresArgument] = []) async throws(AlbumError) -> [Row] {
        var bindings = PostgresBindings(capacity: arguments.count)
        for argument in arguments { argument.bind(into: &bindings) }
        do {
            let rows = try await connection.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: PostgresStore.logger)
            var result: [Row] = []
            for try await row in rows { result.append(Row(row.makeRandomAccess())) }
            return result
        } catch {
            failure.note(error)
            throw PostgresStore.describe(error, in: store.location)
        }
    }

    /// The first row of a query, if any.
    func queryOne(_ sql: String, _ arguments: [any PostgresArgument] = []) async throws(AlbumError) -> Row? {
        try await query(sql, arguments).first
    }
}

/// A value bound to a `$n` parameter.
protocol PostgresArgument: Sendable {
    func bind(into bindings: inout PostgresBindings)
}

extension Int64: PostgresArgument {
    func bind(into bindings: inout PostgresBindings) { bindings.append(self) }
}
extension Int: PostgresArgument {
    func bind(into bindings: inout PostgresBindings) { bindings.append(Int64(self)) }
}
extension Double: PostgresArgument {
    func bind(into bindings: inout PostgresBindings) { bindings.append(self) }
}
extension String: PostgresArgument {
    func bind(into bindings: inout PostgresBindings) { bindings.append(self) }
}
extension Bool: PostgresArgument {
    func bind(into bindings: inout PostgresBindings) { bindings.append(self) }
}
extension Array: PostgresArgument where Element == Int64 {
    func bind(into bindings: inout PostgresBindings) { bindings.append(self) }
}
extension Optional: PostgresArgument where Wrapped: PostgresArgument {
    func bind(into bindings: inout PostgresBindings) {
        switch self {
        case .none: bindings.appendNull()
        case .some(let value): value.bind(into: &bindings)
        }
    }
}

/// One result row, read by column name as SQLite's (`row.string("title")`; `RowDecoder` makes
/// pins, photos and places of it) or, for short ad-hoc queries, by position. A NULL (or a column
/// of another type) reads as nil; a name the query does not return stops the program with the name.
struct Row: StoredRow {
    private let cells: PostgresRandomAccessRow
    init(_ cells: PostgresRandomAccessRow) { self.cells = cells }

    func string(_ i: Int) -> String? { (try? cells[i].decode(String?.self)) ?? nil }
    func int64(_ i: Int) -> Int64? { (try? cells[i].decode(Int64?.self)) ?? nil }
    func int(_ i: Int) -> Int? { int64(i).map { Int($0) } }
    func double(_ i: Int) -> Double? { (try? cells[i].decode(Double?.self)) ?? nil }
    func bool(_ i: Int) -> Bool? { (try? cells[i].decode(Bool?.self)) ?? nil }

    func string(_ name: String) -> String? { (try? cell(name).decode(String?.self)) ?? nil }
    func int64(_ name: String) -> Int64? { (try? cell(name).decode(Int64?.self)) ?? nil }
    func int(_ name: String) -> Int? { int64(name).map { Int($0) } }
    func double(_ name: String) -> Double? { (try? cell(name).decode(Double?.self)) ?? nil }
    func bool(_ name: String) -> Bool? { (try? cell(name).decode(Bool?.self)) ?? nil }

    private func cell(_ name: String) -> PostgresCell {
        guard cells.contains(name) else { preconditionFailure("no column '\(name)' in this row") }
        return cells[name]
    }
}
#endif

#if PostgreSQL
extension PostgresStore {
    /// The library's id (made by the first migration): the shared files folder carries it too.
    public func libraryID() async throws(AlbumError) -> String {
        try await read { db throws(AlbumError) in
            guard let id = try await db.queryOne("SELECT library_id FROM library_identity WHERE id = 1")?.string(0) else {
                throw .database("\(name) has no library id: its schema is damaged")
            }
            return id
        }
    }
}
#endif
