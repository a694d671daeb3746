import AlbumModel
import CSQLite
import Foundation
import Testing
import TestSupport

@testable import AlbumStore

@Suite struct MigrationTests {
    static let allMigrations = ["createPins", "createRegion", "createPhotos", "createShownPhotos", "createAlbums", "addPhotoClaims",
                                 "addPhotoExifFields", "createRemovedContents",
                                 "createPendingSearches", "createPlans", "createReminders",
                                 "allowUnplacedPhotos", "addPhotoLocalDate", "createTags", "createPhotoSearch", "addPhotoSuggestedPin",
                                 "createPhotoDays", "addPlacesAndLocalTime", "searchPlaceNames", "createPhotoTagDays",
                                 "addPhotoClockOffset", "addPhotoSourceDetails", "addPlaceDataKey", "accounts-createUsers",
                                 "entries-createEntries",
                                 "speed-looseFiles", "accounts-createShareLinks", "store-photoTotals", "accounts-createSync", "voice-moodsAndTranscripts",
                                 "accounts-createSyncClient", "speed-thumbnailPending", "accounts-pinClientId", "research-provenance",
                                 "accounts-reminderSync", "entries-homes", "entries-dayCells", "research-perceptualHash", "speed-searchOnChange", "speed-claimedContent",
                                 "research-phashIndexes", "speed-claimNotAChange", "lead-dayCellsWhenMoved",
                                 "entries-moodIndex",
                                 "speed-rollUpsWithoutScans", "entries-summaryRollUps", "entries-searchRows",
                                 "lead-photosByStateAndPin", "entries-wordPeriods"]

    @Test func newDatabaseGetsEveryMigrationInOrder() throws {
        let folder = TemporaryFolder()
        let db = try AlbumDatabase(path: folder.child("album.sqlite").path)
        #expect(try db.appliedMigrations() == Self.allMigrations)
        #expect(try db.integrityCheck() == "ok")
    }

    @Test func existingDatabaseKeepsItsDataAndGetsOnlyWhatIsMissing() async throws {
        let folder = TemporaryFolder()
        let path = folder.child("album.sqlite").path
        // A library written by an older version: only the first migration applied, one pin in it.
        do {
            let connection = try SQLiteConnection(path: path, readOnly: false)
            try Migrator(migrations: Array(Schema.migrations.prefix(1))).migrate(connection)
            try connection.execute("""
                INSERT INTO pins (latitude, longitude, title, created_at, updated_at)
                VALUES (48.8584, 2.2945, 'Eiffel', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')
                """)
        }
        let db = try AlbumDatabase(path: path)
        #expect(try db.appliedMigrations() == Self.allMigrations)
        let pins = try await db.store.pins()
        #expect(pins.count == 1)
        #expect(pins.first?.title == "Eiffel")
        // The R*Tree trigger from the first migration kept the index in step.
        #expect(try await db.store.pins(near: Coordinate(latitude: 48.8585, longitude: 2.2946), radiusKm: 0.1).count == 1)
    }

    @Test func reopeningAppliesNothingTwice() throws {
        let folder = TemporaryFolder()
        let path = folder.child("album.sqlite").path
        _ = try AlbumDatabase(path: path)
        let again = try AlbumDatabase(path: path)
        #expect(try again.appliedMigrations() == Self.allMigrations)
    }

    @Test func libraryIsInWALModeWithABusyTimeout() throws {
        let folder = TemporaryFolder()
        let path = folder.child("album.sqlite").path
        _ = try AlbumDatabase(path: path)
        let connection = try SQLiteConnection(path: path, readOnly: true)
        let statement = try connection.statement("PRAGMA journal_mode")
        #expect(try statement.step())
        #expect(statement.row().string(0) == "wal")
    }
}
