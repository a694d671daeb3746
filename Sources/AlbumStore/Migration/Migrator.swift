import AlbumModel
import AlbumSeam

/// A named schema change. Migrations are append-only: never edit or reorder a shipped one.
struct Migration: Sendable {
    let name: String
    let sql: String
    /// Work SQL cannot do (a text split in Swift), run after `sql` in the same transaction, then
    /// `after`: a backfill of a new column before the triggers that read it (decision 0134-entries).
    var fill: (@Sendable (SQL) throws(AlbumError) -> Void)? = nil
    var after: String = ""
}

/// Applies the migrations a database has not seen yet, each in its own transaction; a new
/// database gets the snapshot of the first ones at once (decision 0083), then the rest.
struct Migrator: Sendable {
    let migrations: [Migration]
    /// What replaying a prefix of `migrations` makes, for a database that has none of them.
    var snapshot: SchemaSnapshot? = nil

    /// The migrations of this version of GeoAlbum, oldest first.
    static let standard = Migrator(migrations: Schema.migrations, snapshot: Schema.snapshot)

    /// Whether every migration is applied already (one read; works on a read-only connection).
    func isCurrent(_ connection: SQLiteConnection) throws(AlbumError) -> Bool {
        let applied = try Self.appliedNames(connection)
        return migrations.allSatisfy { applied.contains($0.name) }
    }

    func migrate(_ connection: SQLiteConnection) throws(AlbumError) {
        // An up-to-date library (every open but the first after an upgrade) is settled by one
        // read of the applied names: no write transaction per migration, no write lock taken
        // (issue 28: every command paid 25 `BEGIN IMMEDIATE`s at start-up).
        let applied = try Self.appliedNames(connection)
        var pending = migrations.filter { !applied.contains($0.name) }
        guard !pending.isEmpty else { return }
        try connection.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY NOT NULL, applied_at TEXT NOT NULL)"
        )
        if applied.isEmpty, let snapshot, !snapshot.migrations.isEmpty, snapshot.covers(prefixOf: migrations),
           try apply(snapshot, connection) {
            let done = Set(snapshot.migrations)
            pending.removeAll { done.contains($0.name) }
        }
        for migration in pending {
            // Checked inside an IMMEDIATE transaction so two processes opening a new library
            // at once apply each migration exactly once.
            try connection.execute("BEGIN IMMEDIATE")
            do {
                let sql = SQL(connection)
                let seen = try sql.queryOne("SELECT 1 FROM schema_migrations WHERE name = ?", [migration.name])
                if seen == nil {
                    try sql.execute(migration.sql)
                    if let fill = migration.fill { try fill(sql) }
                    if !migration.after.isEmpty { try sql.execute(migration.after) }
                    try sql.run(
                        "INSERT INTO schema_migrations (name, applied_at) VALUES (?, strftime('%Y-%m-%dT%H:%M:%fZ','now'))",
                        [migration.name])
                }
                try connection.execute("COMMIT")
            } catch {
                if connection.isInTransaction { try? connection.execute("ROLLBACK") }
                // SQLite's code stays the cause (its text is in the message already).
                let code = error.cause.flatMap { if case .sqlite = $0 { $0 } else { nil } }
                throw .database("migration \(migration.name) failed: \(error)", subject: .database(connection.path), cause: code)
            }
        }
    }

    /// Runs the snapshot and records its migrations as applied, in one `IMMEDIATE` transaction,
    /// if the database still has no migration applied (another process opening the same new
    /// library may have been first: then its migrations are the ones there).
    /// - Returns: whether the snapshot was applied.
    private func apply(_ snapshot: SchemaSnapshot, _ connection: SQLiteConnection) throws(AlbumError) -> Bool {
        try connection.execute("BEGIN IMMEDIATE")
        do {
            let sql = SQL(connection)
            let fresh = try sql.queryOne("SELECT 1 FROM schema_migrations LIMIT 1") == nil
            if fresh {
                try sql.execute(snapshot.sql)
                for name in snapshot.migrations {
                    try sql.run(
                        "INSERT INTO schema_migrations (name, applied_at) VALUES (?, strftime('%Y-%m-%dT%H:%M:%fZ','now'))", [name])
                }
            }
            try connection.execute("COMMIT")
            return fresh
        } catch {
            if connection.isInTransaction { try? connection.execute("ROLLBACK") }
            let code = error.cause.flatMap { if case .sqlite = $0 { $0 } else { nil } }
            throw .database("the new library's schema (the snapshot of \(snapshot.migrations.count) migrations) failed: \(error)",
                            subject: .database(connection.path), cause: code)
        }
    }

    /// The names in `schema_migrations`; none when the table is not there yet (a new database).
    static func appliedNames(_ connection: SQLiteConnection) throws(AlbumError) -> Set<String> {
        let sql = SQL(connection)
        guard try sql.queryOne("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'") != nil else { return [] }
        return Set(try sql.query("SELECT name FROM schema_migrations").compactMap { $0.string(0) })
    }
}
