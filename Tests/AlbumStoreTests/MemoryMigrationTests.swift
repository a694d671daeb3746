import AlbumModel
import Foundation
import Testing
import TestSupport

@testable import AlbumStore

/// The memory migrations on a library written before them: existing photos become searchable
/// and counted, `pin_id` accepts NULL, and every other column (whatever other migrations added)
/// is kept.
@Suite struct MemoryMigrationTests {
    @Test func anOlderLibraryIsIndexedAndItsPhotosCanBeUnplaced() async throws {
        let folder = TemporaryFolder()
        let path = folder.child("album.sqlite").path
        let before = Schema.migrations.firstIndex { $0.name == "allowUnplacedPhotos" }!
        do {
            let connection = try SQLiteConnection(path: path, readOnly: false)
            try Migrator(migrations: Array(Schema.migrations.prefix(before))).migrate(connection)
            try connection.execute("""
                ALTER TABLE photos ADD COLUMN someone_elses_column TEXT DEFAULT 'kept';
                INSERT INTO pins (latitude, longitude, title, created_at, updated_at)
                VALUES (48.8584, 2.2945, 'Tour Eiffel', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z');
                INSERT INTO photos (pin_id, source, source_id, title, taken_at, camera_make, created_at, updated_at)
                VALUES (1, 'import', 'h1', 'Crème brûlée', '2024-06-14T09:00:00+02:00', 'Canon', 'x', 'x'),
                       (1, 'import', 'h2', 'Night view', '2024-06-14T23:00:00', NULL, 'x', 'x');
                """)
        }
        let db = try AlbumDatabase(path: path)
        #expect(try db.integrityCheck() == "ok")
        #expect(try await db.store.find(SearchText("creme brulee"), filter: PhotoFilter(), limit: 10).photos.map(\.id) == [1])
        #expect(try await db.store.find(SearchText("eiffel"), filter: PhotoFilter(), limit: 10).total == 2)
        #expect(try await db.store.dayPlaceCounts(from: LocalDate("2024-06-01")!, to: LocalDate("2024-06-30")!).reduce(0) { $0 + $1.photos } == 2)
        try db.write { sql throws(AlbumError) in
            try sql.run("""
                INSERT INTO photos (pin_id, source, source_id, created_at, updated_at) VALUES (NULL, 'import', 'h3', 'x', 'x')
                """)
            // The same unplaced source photo is stored once.
            #expect(throws: AlbumError.self) {
                try sql.run("INSERT INTO photos (pin_id, source, source_id, created_at, updated_at) VALUES (NULL, 'import', 'h3', 'x', 'x')")
            }
            #expect(try sql.queryOne("SELECT someone_elses_column FROM photos WHERE id = 1")?.string(0) == "kept")
        }
        #expect(try db.read { sql throws(AlbumError) in
            try sql.query("SELECT source_id FROM photos WHERE pin_id IS NULL ORDER BY id").compactMap { $0.string("source_id") }
        } == ["h3"])
    }
}
