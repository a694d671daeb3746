import AlbumModel

/// The schema (and seed rows) that replaying the first migrations makes, as one script
/// (decision 0083): a new library runs it in one transaction instead of replaying each
/// migration, whose every `ALTER TABLE … ADD COLUMN` makes SQLite re-read the whole schema
/// (about 18 of the 31 ms a command spent answering for a library not made yet).
///
/// `Schema.snapshot` is generated (`bash scripts/schema-snapshot.sh`) from a database migrated
/// one migration at a time, never edited by hand. It covers a prefix of `Schema.migrations`:
/// migrations appended after it was made are replayed after it as before, so a new migration
/// does not need a new snapshot to be correct, only to be fast. `MigrationTests` checks that the
/// snapshot is exactly its migrations' result, and that a new library made with it equals one
/// made by replay (every schema object's SQL, every row).
struct SchemaSnapshot: Sendable {
    /// The migrations the script stands for, oldest first (a prefix of `Schema.migrations`).
    let migrations: [String]
    /// Tables, their seed rows, then indexes, views and triggers.
    let sql: String

    /// Whether it stands for the first migrations of `all`, in order.
    func covers(prefixOf all: [Migration]) -> Bool {
        migrations.count <= all.count && zip(migrations, all).allSatisfy { $0 == $1.name }
    }
}

/// Reads a database's schema and rows back as SQL, to make a snapshot and to compare two
/// databases (tests).
enum SchemaDump {
    /// A script that makes `connection`'s schema and rows again in an empty database: the
    /// tables (virtual ones by their `CREATE VIRTUAL TABLE`; their shadow tables come with it),
    /// the rows of ordinary tables, then indexes, views and triggers (a trigger made after the
    /// rows does not run for them: the rows are already its result). The tables `leavingOut`
    /// (`schema_migrations`, which the migrator makes and fills) are in it neither made nor filled.
    static func script(of connection: SQLiteConnection, leavingOut skipped: Set<String>) throws(AlbumError) -> String {
        let kinds = try tableKinds(connection)
        let objects = try SQL(connection).query(
            "SELECT type, name, sql, tbl_name FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid")
        var statements: [String] = []
        var tables: [String] = []
        for object in objects where object.string(0) == "table" {
            guard let name = object.string(1), let sql = object.string(2),
                  !name.hasPrefix("sqlite_"), kinds[name] != "shadow", !skipped.contains(name) else { continue }
            statements.append(sql)
            if kinds[name] == "table" { tables.append(name) }
        }
        for table in tables + ["sqlite_sequence"] where !skipped.contains(table) && kinds[table] != nil {
            statements += try inserts(of: table, connection)
        }
        for object in objects where object.string(0) != "table" {
            if let sql = object.string(2), let table = object.string(3), !skipped.contains(table) { statements.append(sql) }
        }
        return statements.map { $0 + ";" }.joined(separator: "\n")
    }

    /// Everything two databases must agree on to be the same library schema: each schema
    /// object's type, name and SQL (sorted by name), and every table's rows (shadow tables and
    /// `sqlite_sequence` included) but `skippingRowsOf`'s, as SQL literals in a stable order.
    static func fingerprint(of connection: SQLiteConnection, skippingRowsOf skipped: Set<String>) throws(AlbumError) -> [String] {
        let sql = SQL(connection)
        var lines = try sql.query("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name").map { row in
            (0..<4).map { row.string($0) ?? "NULL" }.joined(separator: " | ")
        }
        for (table, kind) in try tableKinds(connection).sorted(by: { $0.key < $1.key })
        where (kind == "table" || kind == "shadow") && !skipped.contains(table)
            && (!table.hasPrefix("sqlite_") || table == "sqlite_sequence") {
            lines += try inserts(of: table, connection).sorted()
        }
        for pragma in ["user_version", "application_id", "foreign_key_check", "integrity_check"] {
            lines += try sql.query("PRAGMA \(pragma)").map { row in
                "PRAGMA \(pragma): " + row.values.map { $0.string ?? "NULL" }.joined(separator: ", ")
            }
        }
        return lines
    }

    /// Table name → kind (`table`, `virtual`, `shadow`, `view`) of the main schema.
    private static func tableKinds(_ connection: SQLiteConnection) throws(AlbumError) -> [String: String] {
        var kinds: [String: String] = [:]
        for row in try SQL(connection).query("SELECT name, type FROM pragma_table_list WHERE schema = 'main'") {
            if let name = row.string(0), let kind = row.string(1) { kinds[name] = kind }
        }
        return kinds
    }

    /// `INSERT INTO "table" (…) VALUES (…)` for each row, values as SQLite's `quote()` writes
    /// them, in rowid order (a table without rowid in key order).
    private static func inserts(of table: String, _ connection: SQLiteConnection) throws(AlbumError) -> [String] {
        let sql = SQL(connection)
        // Stored columns only: a generated column is computed, not inserted.
        let columns = try sql.query("SELECT name FROM pragma_table_xinfo(?) WHERE hidden = 0", [table]).compactMap { $0.string(0) }
        guard !columns.isEmpty else { return [] }
        let withoutRowid = try sql.queryOne("SELECT wr FROM pragma_table_list WHERE schema = 'main' AND name = ?", [table])?.int(0) == 1
        let values = columns.map { "quote(\(identifier($0)))" }.joined(separator: ", ")
        let list = columns.map(identifier).joined(separator: ", ")
        let name = identifier(table)
        return try sql.query("SELECT \(values) FROM \(name)" + (withoutRowid ? "" : " ORDER BY rowid")).map { row in
            "INSERT INTO \(name) (\(list)) VALUES (" + row.values.map { $0.string ?? "NULL" }.joined(separator: ", ") + ")"
        }
    }

    /// `name` as an SQL identifier, in double quotes.
    private static func identifier(_ name: String) -> String {
        "\"" + name.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
