import AlbumModel
import Foundation
import Testing
import TestSupport

@testable import AlbumStore

/// A new library gets `Schema.snapshot` at once instead of replaying every migration (decision
/// 0083): it must be exactly what the replay makes, on the new-library and the upgrade paths.
@Suite struct SchemaSnapshotTests {
    /// `schema_migrations` differs in its times only; its names are compared apart.
    static let ownRows: Set<String> = ["schema_migrations"]

    /// A database in memory migrated by `migrator`.
    static func migrated(_ migrator: Migrator) throws -> SQLiteConnection {
        let connection = try SQLiteConnection(path: ":memory:", readOnly: false)
        try migrator.migrate(connection)
        return connection
    }

    static func fingerprint(_ connection: SQLiteConnection) throws -> [String] {
        try SchemaDump.fingerprint(of: connection, skippingRowsOf: ownRows)
    }

    static func applied(_ connection: SQLiteConnection) throws -> [String] {
        try Migrator.appliedNames(connection).sorted()
    }

    @Test func theSnapshotIsWhatReplayingItsMigrationsMakes() throws {
        if ProcessInfo.processInfo.environment["ALBUM_WRITE_SCHEMA_SNAPSHOT"] == "1" { try Self.writeSnapshot() }
        let snapshot = Schema.snapshot
        #expect(snapshot.covers(prefixOf: Schema.migrations))
        #expect(!snapshot.migrations.isEmpty)
        let prefix = Array(Schema.migrations.prefix(snapshot.migrations.count))
        let replayed = try Self.migrated(Migrator(migrations: prefix))
        let fromSnapshot = try Self.migrated(Migrator(migrations: prefix, snapshot: snapshot))
        #expect(try Self.fingerprint(fromSnapshot) == Self.fingerprint(replayed))
        #expect(try Self.applied(fromSnapshot) == Self.applied(replayed))
    }

    @Test func aNewLibraryFileEqualsOneMadeByReplay() throws {
        let folder = TemporaryFolder()
        let new = try AlbumDatabase(path: folder.child("new.sqlite").path)
        #expect(try new.appliedMigrations() == MigrationTests.allMigrations)
        let replayed = try SQLiteConnection(path: folder.child("replayed.sqlite").path, readOnly: false)
        try Migrator(migrations: Schema.migrations).migrate(replayed)
        let made = try SQLiteConnection(path: folder.child("new.sqlite").path, readOnly: true)
        #expect(try Self.fingerprint(made) == Self.fingerprint(replayed))
        #expect(try new.integrityCheck() == "ok")
    }

    /// Migrations appended after the snapshot was made are replayed after it.
    @Test func migrationsAfterTheSnapshotAreReplayedAfterIt() throws {
        let all = Schema.migrations
        for covered in [1, all.count / 2, all.count - 1] {
            let prefix = try Self.migrated(Migrator(migrations: Array(all.prefix(covered))))
            let script = try SchemaDump.script(of: prefix, leavingOut: Self.ownRows)
            let snapshot = SchemaSnapshot(migrations: all.prefix(covered).map(\.name), sql: script)
            let withSnapshot = try Self.migrated(Migrator(migrations: all, snapshot: snapshot))
            let replayed = try Self.migrated(Migrator(migrations: all))
            #expect(try Self.fingerprint(withSnapshot) == Self.fingerprint(replayed), "snapshot of \(covered)")
            #expect(try Self.applied(withSnapshot) == MigrationTests.allMigrations.sorted())
        }
    }

    /// A library made by an older version (some migrations applied, rows in it) is upgraded by
    /// replaying what it lacks, never by the snapshot, and ends with the same schema.
    @Test func anOlderLibraryIsUpgradedByReplayToTheSameSchema() throws {
        let folder = TemporaryFolder()
        let path = folder.child("old.sqlite").path
        let old = try SQLiteConnection(path: path, readOnly: false)
        try Migrator(migrations: Array(Schema.migrations.prefix(5))).migrate(old)
        try old.execute("""
            INSERT INTO pins (latitude, longitude, title, created_at, updated_at)
            VALUES (35.0, 135.7, 'Kyoto', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')
            """)
        try Migrator.standard.migrate(old)
        #expect(try Self.applied(old) == MigrationTests.allMigrations.sorted())
        #expect(try SQL(old).queryOne("SELECT title FROM pins")?.string(0) == "Kyoto")
        let new = try Self.migrated(.standard)
        let schema = { (lines: [String]) in lines.filter { !$0.hasPrefix("INSERT INTO") } }
        #expect(try schema(Self.fingerprint(old)) == schema(Self.fingerprint(new)))
    }

    /// A snapshot that is not the first migrations in order is not used: the replay is.
    @Test func aSnapshotOfOtherMigrationsIsNotUsed() throws {
        let all = Schema.migrations
        let wrong = SchemaSnapshot(migrations: [all[1].name], sql: "CREATE TABLE not_a_library (id INTEGER)")
        let migrated = try Self.migrated(Migrator(migrations: all, snapshot: wrong))
        #expect(try SQL(migrated).queryOne("SELECT 1 FROM sqlite_master WHERE name = 'not_a_library'") == nil)
        #expect(try Self.fingerprint(migrated) == Self.fingerprint(Self.migrated(Migrator(migrations: all))))
    }

    /// A snapshot that fails leaves nothing behind and names itself.
    @Test func aFailingSnapshotRollsBackAndSaysSo() throws {
        let all = Schema.migrations
        let broken = SchemaSnapshot(migrations: [all[0].name], sql: "CREATE TABLE pins (id INTEGER); CREATE TABLE pins (id INTEGER)")
        let connection = try SQLiteConnection(path: ":memory:", readOnly: false)
        #expect {
            try Migrator(migrations: all, snapshot: broken).migrate(connection)
        } throws: { error in
            "\(error)".contains("snapshot of 1 migrations") && "\(error)".contains("already exists")
        }
        #expect(try Migrator.appliedNames(connection).isEmpty)
        #expect(try SQL(connection).queryOne("SELECT 1 FROM sqlite_master WHERE name = 'pins'") == nil)
    }

    /// Writes `Schema+Snapshot.swift` from a replay of every migration
    /// (`ALBUM_WRITE_SCHEMA_SNAPSHOT=1`, run by `scripts/schema-snapshot.sh`).
    static func writeSnapshot() throws {
        let all = Schema.migrations
        let script = try SchemaDump.script(of: migrated(Migrator(migrations: all)), leavingOut: ownRows)
        var hashes = "#"
        while script.contains("\"" + hashes) || script.contains("\\" + hashes) { hashes += "#" }
        let names = all.map { "        \"\($0.name)\"," }.joined(separator: "\n")
        let indented = script.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "        " + $0 }
        let text = """
            // Generated by `bash scripts/schema-snapshot.sh` from a database migrated one migration at a
            // time: do not edit (decision 0083). MigrationTests and SchemaSnapshotTests check it.
            extension Schema {
                static let snapshot = SchemaSnapshot(migrations: [
            \(names)
                ], sql: \(hashes)\"\"\"
            \(indented.joined(separator: "\n"))
                    \"\"\"\(hashes))
            }

            """
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/AlbumStore/Migration/Schema+Snapshot.swift")
        try text.write(to: file, atomically: true, encoding: .utf8)
    }
}
