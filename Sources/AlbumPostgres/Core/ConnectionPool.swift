#if PostgreSQL
import AlbumModel
import Logging
import PostgresNIO

/// At most `maximum` connections to one server, opened on demand and reused; a caller waits for
/// a free one. A connection that fails to open fails its caller at once (no silent retry loop),
/// so a server that is down or a wrong URL ends as one clear error.
actor ConnectionPool {
    private let configuration: PostgresConnection.Configuration
    private let maximum: Int
    private let logger: Logger
    private var idle: [PostgresConnection] = []
    private var open = 0
    private var nextID = 1
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var closed = false

    /// A pool let go without `close()` (an error path, a failed test) still closes its idle
    /// connections: each is kept alive until its close completes, since PostgresNIO asserts that
    /// no connection is released open.
    deinit {
        for connection in idle where !connection.isClosed {
            connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
        }
    }

    init(configuration: PostgresConnection.Configuration, maximum: Int, logger: Logger) {
        self.configuration = configuration
        self.maximum = max(1, maximum)
        self.logger = logger
    }

    /// A connection for the caller alone, until it gives it back with `release`.
    func lease() async throws -> PostgresConnection {
        while true {
            if closed { throw AlbumError.database("the connections to the library are closed") }
            if let connection = idle.popLast() {
                if connection.isClosed { open -= 1; continue }
                return connection
            }
            if open < maximum {
                open += 1
                let id = nextID
                nextID += 1
                do {
                    return try await PostgresConnection.connect(configuration: configuration, id: id, logger: logger)
                } catch {
                    open -= 1
                    wakeOne()
                    throw error
                }
            }
            await withCheckedContinuation { waiting.append($0) }
        }
    }

    /// Gives a connection back; one that failed (or that the server closed) is closed and dropped.
    func release(_ connection: PostgresConnection, broken: Bool) async {
        if broken || connection.isClosed || closed {
            open -= 1
            try? await connection.close()
        } else {
            idle.append(connection)
        }
        wakeOne()
    }

    /// Closes every idle connection; leased ones close when given back.
    func close() async {
        closed = true
        let connections = idle
        idle = []
        for connection in connections {
            open -= 1
            try? await connection.close()
        }
        let waiters = waiting
        waiting = []
        waiters.forEach { $0.resume() }
    }

    private func wakeOne() {
        if !waiting.isEmpty { waiting.removeFirst().resume() }
    }
}
#endif
