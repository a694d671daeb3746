import AlbumModel
import Foundation
import Testing
import TestSupport

@testable import AlbumStore

/// The async `read`/`write` of `AlbumDatabase` and the `LibraryStore` seam, on a real SQLite file.
@Suite struct StoreSeamTests {
    let folder: URL
    let db: AlbumDatabase
    let store: any LibraryStore

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("seam-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        db = try AlbumDatabase(path: folder.appendingPathComponent("album.sqlite").path)
        store = db.store
    }

    func info(_ pinId: Int64) -> AlbumInfo {
        AlbumInfo(pinId: pinId, source: "flickr", endpoint: nil, radiusKm: 5, perPage: 3, page: 1, total: 3, pages: 1)
    }
    func photos(_ ids: [String]) -> [SourcePhoto] {
        ids.map { SourcePhoto(sourceId: $0, title: nil, url: "http://127.0.0.1/\($0).jpg") }
    }

    @Test func aWriteIsOneTransactionAndRollsBackWhenItsBodyThrows() async throws {
        let paris = try Coordinate(latitude: 48.85, longitude: 2.35)
        await #expect(throws: AlbumError.invalidInput("stop")) {
            try await db.store.write { sql throws(AlbumError) in
                _ = try AlbumDatabase.insertPin(sql, paris, "one", nil)
                _ = try AlbumDatabase.insertPin(sql, paris, "two", nil)
                throw .invalidInput("stop")
            }
        }
        #expect(try await store.pins().isEmpty, "both pins belonged to the rolled-back transaction")

        let titles = try await db.store.write { [db] sql throws(AlbumError) in
            _ = try AlbumDatabase.insertPin(sql, paris, "one", nil)
            // A failed step inside the transaction is undone alone (a savepoint), the rest stays.
            _ = try? db.write { (sql: SQL) throws(AlbumError) in
                _ = try AlbumDatabase.insertPin(sql, paris, "undone", nil)
                throw .invalidInput("stop")
            }
            _ = try AlbumDatabase.insertPin(sql, paris, "two", nil)
            return try sql.query("SELECT title FROM pins ORDER BY id").compactMap { $0.string(0) }
        }
        #expect(titles == ["one", "two"])
        #expect(try await store.pins().count == 2)
    }

    @Test func writesRunOnTheWritersOwnThreadAndReadsOnTheReaders() async throws {
        // (Closure parameters are typed: this test also sees the module's internal synchronous
        // `read`/`write`, which run on the caller's thread. Thread names are not reliable on
        // Linux's Foundation, so threads are told apart by `pthread_self`.)
        var writers = Set<UInt>()
        var readers = Set<UInt>()
        for _ in 0..<10 {
            readers.insert(try await db.read { (_: AlbumDatabase) throws(AlbumError) in UInt(pthread_self()) })
            writers.insert(try await db.write { (_: AlbumDatabase) throws(AlbumError) in UInt(pthread_self()) })
            try await store.pins().isEmpty ? () : ()
        }
        #expect(writers.count == 1, "one thread of its own runs every write")
        #expect(writers.isDisjoint(with: readers), "reads run on the readers' threads")
        #expect(readers.count <= db.readerCount && db.readerCount >= 2)
        let other = try AlbumDatabase.inMemory()
        #expect(other.readerCount == 0, ":memory: has one connection")
        let elsewhere = try await other.read { (_: AlbumDatabase) throws(AlbumError) in UInt(pthread_self()) }
        #expect(!writers.contains(elsewhere) && !readers.contains(elsewhere))
    }

    @Test func claimsGoThroughTheSeamAndNameTheirOwner() async throws {
        let pin = try await store.addPin(at: Coordinate(latitude: 45.76, longitude: 4.84), title: nil, note: nil)
        #expect(try await store.storeFirstCollection(info(pin.id), photos: photos(["a", "b", "c"])))
        let owner = ClaimOwner(token: "1:1")
        let a = try #require(try await store.claimNextPhoto(pinId: pin.id, by: owner))
        let b = try #require(try await store.claimNextPhoto(pinId: pin.id, by: owner))
        let c = try #require(try await store.claimNextPhoto(pinId: pin.id, by: ClaimOwner(token: "2:2")))
        #expect(try await store.claimNextPhoto(pinId: pin.id, by: owner) == nil)
        #expect([a, b, c].map(\.photo.sourceId) == ["a", "b", "c"])
        #expect([a, b, c].map(\.photo.state) == [.downloading, .downloading, .downloading])
        #expect(a.token == "1:1" && a.expires == nil)

        let stored = StoredFile(file: "originals/h", thumbnail: "thumbs/h", contentHash: "h", bytes: 3, width: 1, height: 1)
        #expect(try await store.record(.downloaded(stored), of: a))
        try await store.recordAttempt(b)
        try await store.record(.failed(reason: "HTTP 404"), of: b)
        // Owner 2 died: its claim goes back to the queue.
        #expect(try await store.releaseStaleClaims { $0 == "1:1" } == 1)

        let album = try await store.photos(pinId: pin.id)
        #expect(album.map(\.state) == [.downloaded, .failed(reason: "HTTP 404"), .placeholder])
        #expect(album[1].attempts == 2)
        let counts = try await store.stateCounts(pinId: pin.id)
        #expect((counts.downloaded, counts.failed, counts.placeholder) == (1, 1, 1))
        #expect(try await store.pinsWithWorkLeft() == [pin.id])
        #expect(try await store.requeueFailed(pinId: pin.id) == 1)
        #expect(try await store.requirePhoto(id: a.photo.id).file == "originals/h")
        await #expect(throws: AlbumError.notFound("no pin with id 77")) {
            try await store.requirePin(id: 77)
        }
    }

    @Test func aReleasedClaimGoesBackToTheQueue() async throws {
        let pin = try await store.addPin(at: Coordinate(latitude: 45.76, longitude: 4.84), title: nil, note: nil)
        _ = try await store.storeFirstCollection(info(pin.id), photos: photos(["a"]))
        let a = try #require(try await store.claimNextPhoto(pinId: pin.id, by: ClaimOwner(token: "1:1")))
        #expect(try await store.record(.released, of: a))
        let again = try #require(try await store.claimNextPhoto(pinId: pin.id, by: ClaimOwner(token: "2:2")))
        #expect(again.photo.id == a.photo.id)
        #expect(again.photo.attempts == 2)
    }

    /// Issue 28: the content a claim writes is recorded on its photo's row (no `loose_files` row)
    /// and becomes loose only when the claim ends without committing it, or its photo goes.
    @Test func aClaimsContentIsLooseOnlyWhenItsClaimEndsWithoutIt() async throws {
        let pin = try await store.addPin(at: Coordinate(latitude: 45.76, longitude: 4.84), title: nil, note: nil)
        #expect(try await store.storeFirstCollection(info(pin.id), photos: photos(["a", "b", "c", "d"])))
        let live = ClaimOwner(token: "1:1")
        let alive: @Sendable (String) -> Bool = { $0 == "1:1" }
        let a = try #require(try await store.claimNextPhoto(pinId: pin.id, by: live))
        let b = try #require(try await store.claimNextPhoto(pinId: pin.id, by: live))
        let c = try #require(try await store.claimNextPhoto(pinId: pin.id, by: live))
        let d = try #require(try await store.claimNextPhoto(pinId: pin.id, by: ClaimOwner(token: "2:2")))
        try await store.recordClaimedContent(a, contentHash: "ha")
        try await store.recordClaimedContent(b, contentHash: "hb")
        try await store.recordClaimedContent(c, contentHash: "hc0")
        try await store.recordClaimedContent(c, contentHash: "hc")  // a retry got other bytes
        try await store.recordClaimedContent(d, contentHash: "hd")
        // Live claims' content is in use; the dead claim's and the replaced bytes are not.
        var loose = try await store.looseFiles(isAlive: alive)
        #expect(loose.unused == ["hc0", "hd"] && loose.ids.count == 1)
        try await store.forgetLooseFiles(loose.ids)
        func file(_ hash: String) -> StoredFile {
            StoredFile(file: "originals/\(hash)", thumbnail: nil, contentHash: hash, bytes: 1, width: 1, height: 1)
        }
        #expect(try await store.record(.downloaded(file("ha")), of: a))
        try await store.record(.failed(reason: "HTTP 500"), of: b)
        #expect(try await store.releaseStaleClaims(isAlive: alive) == 1)
        loose = try await store.looseFiles(isAlive: alive)
        #expect(loose.unused == ["hb", "hd"] && loose.ids.count == 2, "the committed content is no loose file")
        try await store.forgetLooseFiles(loose.ids)
        // A new collection replaces the album while c downloads: c's content and a's are loose.
        let next = AlbumInfo(pinId: pin.id, source: "flickr", endpoint: nil, radiusKm: 5, perPage: 1, page: 2, total: 1, pages: 1)
        _ = try await store.replaceCollection(next, photos: photos(["q"]))
        #expect(!(try await store.record(.downloaded(file("hc")), of: c)))
        loose = try await store.looseFiles(isAlive: alive)
        #expect(loose.unused == ["ha", "hc"] && loose.ids.count == 2)
    }

    /// Issue 28 (decision 0115, migration speed-claimNotAChange): a claim and its release are
    /// work in progress, no change a client pulls; the download and a failure are changes.
    @Test func aClaimAndItsReleaseAreNoChange() async throws {
        let pin = try await store.addPin(at: Coordinate(latitude: 45.76, longitude: 4.84), title: nil, note: nil)
        #expect(try await store.storeFirstCollection(info(pin.id), photos: photos(["a", "b"])))
        let start = try await store.changes(after: 0, limit: 10_000).last?.seq ?? 0
        let owner = ClaimOwner(token: "1:1")
        let a = try #require(try await store.claimNextPhoto(pinId: pin.id, by: owner))
        let b = try #require(try await store.claimNextPhoto(pinId: pin.id, by: owner))
        try await store.record(.released, of: b)
        #expect(try await store.changes(after: start, limit: 100).isEmpty, "two claims and a release")
        let stored = StoredFile(file: "originals/ha", thumbnail: nil, contentHash: "ha", bytes: 1, width: 1, height: 1)
        #expect(try await store.record(.downloaded(stored), of: a))
        let again = try #require(try await store.claimNextPhoto(pinId: pin.id, by: owner))
        #expect(again.photo.id == b.photo.id)
        try await store.record(.failed(reason: "HTTP 500"), of: again)
        let logged = try await store.changes(after: start, limit: 100)
        #expect(logged.map(\.entityId) == [a.photo.id, b.photo.id] && logged.allSatisfy { $0.entity == "photo" && $0.op == "put" })
    }

    /// Issue 28 (start-up): a library that is current opens its writer on the first write only.
    @Test func aCurrentLibraryOpensItsWriterOnTheFirstWrite() async throws {
        let again = try AlbumDatabase(path: folder.appendingPathComponent("album.sqlite").path)
        #expect(!again.writerIsOpen)
        #expect(try await again.store.pins().isEmpty)
        #expect(!again.writerIsOpen, "a read needs no writer")
        _ = try await again.store.addPin(at: Coordinate(latitude: 45.76, longitude: 4.84), title: nil, note: nil)
        #expect(again.writerIsOpen)
        #expect(try await store.pins().count == 1)
        // A WAL library that misses a migration is migrated when it is opened.
        let older = folder.appendingPathComponent("older.sqlite").path
        do {
            let connection = try SQLiteConnection(path: older, readOnly: false)
            try connection.execute("PRAGMA journal_mode = WAL")
            try Migrator(migrations: Array(Schema.migrations.prefix(1))).migrate(connection)
        }
        #expect(AlbumDatabase.isWALFile(older))
        let migrated = try AlbumDatabase(path: older)
        #expect(migrated.writerIsOpen)
        #expect(try migrated.appliedMigrations() == MigrationTests.allMigrations)
        // Only read, then closed: its -wal and -shm go, as after a writer's close.
        let alone = folder.appendingPathComponent("alone.sqlite").path
        do { _ = try AlbumDatabase(path: alone) }
        do {
            let reader = try AlbumDatabase(path: alone)
            #expect(try await reader.store.pins().isEmpty && !reader.writerIsOpen)
        }
        #expect(!FileManager.default.fileExists(atPath: alone + "-shm") && !FileManager.default.fileExists(atPath: alone + "-wal"))
    }
}

/// Typed records: photo rows by column name, the one place states change, origin and capture time.
@Suite struct PhotoRecordTests {
    @Test func everyTransitionIsOnePhotoStateAllows() {
        for transition in PhotoTransition.allCases {
            #expect(transition.from.canMove(to: transition.to), "\(transition)")
        }
        #expect(!PhotoState.downloaded.canMove(to: .downloading), "the check can refuse")
    }

    @Test func anOutcomeChangesThePhotoOnlyWhileItsClaimHoldsIt() async throws {
        let db = try AlbumDatabase.inMemory()
        let store = db.store
        let pin = try await store.addPin(at: Coordinate(latitude: 1, longitude: 2), title: nil, note: nil)
        let info = AlbumInfo(pinId: pin.id, source: "flickr", endpoint: nil, radiusKm: 1, perPage: 1, page: 1, total: 1, pages: 1)
        _ = try await store.storeFirstCollection(info, photos: [SourcePhoto(sourceId: "a", title: nil, url: "http://127.0.0.1/a")])
        let mine = try #require(try await store.claimNextPhoto(pinId: pin.id, by: ClaimOwner(token: "1:1")))
        // The claim was released meanwhile (its process looked dead) and another process took it.
        try await store.releaseStaleClaims { _ in false }
        let theirs = try #require(try await store.claimNextPhoto(pinId: pin.id, by: ClaimOwner(token: "2:2")))
        try await store.record(.failed(reason: "late"), of: mine)
        #expect(try await store.requirePhoto(id: mine.photo.id).state == .downloading, "the stale claim changed nothing")
        try await store.record(.failed(reason: "HTTP 500"), of: theirs)
        #expect(try await store.requirePhoto(id: mine.photo.id).state == .failed(reason: "HTTP 500"))
    }

    @Test func rowsAreReadByColumnName() throws {
        let db = try AlbumDatabase.inMemory()
        let row = try #require(try db.read { sql throws(AlbumError) in
            try sql.queryOne("SELECT 7 AS seven, 'x' AS letter, NULL AS empty, 2.5 AS half")
        })
        #expect(row.int("seven") == 7 && row.string("letter") == "x" && row.string("empty") == nil && row.double("half") == 2.5)
        #expect(row.has("letter") && !row.has("missing"))
    }

    @Test func importedIsATypedOrigin() {
        let imported = Photo(id: 1, pinId: 1, source: "import", sourceId: "h")
        let fetched = Photo(id: 2, pinId: 1, source: "bundle:/tmp/b", sourceId: "1")
        #expect(imported.origin == .imported && imported.isImported)
        #expect(fetched.origin == .source("bundle:/tmp/b") && !fetched.isImported)
        #expect(PhotoOrigin.imported.stored == "import")
    }

    @Test func captureTimesAreValues() throws {
        let withOffset = try #require(PhotoTime(parsing: "2024-06-14T09:43:19+02:00", offsetSource: .exif))
        #expect(withOffset.date == LocalDate.on(2024, 6, 14))
        #expect((withOffset.hour, withOffset.minute, withOffset.second) == (9, 43, 19))
        #expect(withOffset.offsetSeconds == 7200 && withOffset.offsetSource == .exif)
        #expect(withOffset.utcSeconds == 1718350999)  // 07:43:19Z
        #expect(withOffset.description == "2024-06-14T09:43:19+02:00")

        // The offset from the `utc_offset` column, with where it came from.
        var photo = Photo(id: 1, pinId: 1, source: "flickr", sourceId: "1", takenAt: "2024-01-02T03:04:05")
        photo.local = PhotoPlace(offset: "-05:30", offsetSource: .inferred)
        let taken = try #require(photo.taken)
        #expect(taken.offsetSeconds == -19_800 && taken.offsetSource == .inferred)
        #expect(taken.description == "2024-01-02T03:04:05-05:30" && taken.localText == "2024-01-02T03:04:05")

        let noOffset = try #require(PhotoTime(parsing: "2024-01-02T03:04:05", offsetSource: .exif))
        #expect(noOffset.offsetSeconds == nil && noOffset.offsetSource == nil && noOffset.utcSeconds == nil)
        for bad in ["2024-02-30T00:00:00", "2024-06-14 09:43:19", "2024-06-14T24:00:00", "2024-06-14T09:43:19+2:00", ""] {
            #expect(PhotoTime(parsing: bad) == nil, "\(bad)")
        }
    }
}
