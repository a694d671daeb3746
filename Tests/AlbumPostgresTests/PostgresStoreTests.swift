#if PostgreSQL
import AlbumModel
import AlbumPostgres
import AlbumSeam
import Foundation
import TestSupport
import Testing

@Suite(.postgresServer, .serialized)
struct PostgresStoreTests {
    static let paris = try! Coordinate(latitude: 48.8566, longitude: 2.3522)

    func open(_ url: String, lease: Double = 120) async throws -> PostgresStore {
        try await PostgresStore.open(PostgresLocation(url: url + "?files=/tmp"), leaseSeconds: lease)
    }

    /// A pin with `count` placeholder photos; returns the store and the pin id.
    func album(_ url: String, count: Int) async throws -> (PostgresStore, Int64) {
        let store = try await open(url)
        let pin = try await store.addPin(at: Self.paris, title: "Paris", note: nil)
        let photos = (1...count).map { SourcePhoto(sourceId: "p\($0)", title: "photo \($0)", url: "http://127.0.0.1:1/\($0).jpg") }
        let info = AlbumInfo(pinId: pin.id, source: "test", endpoint: nil, radiusKm: 1, perPage: count, page: 1, total: count, pages: 1)
        #expect(try await store.storeFirstCollection(info, photos: photos))
        return (store, pin.id)
    }

    @Test func migrationsAreAppliedOnceByWorkersOpeningTogether() async throws {
        let url = try Postgres.database()
        let stores = try await withThrowingTaskGroup(of: PostgresStore.self) { group in
            for _ in 0..<4 { group.addTask { try await open(url) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let applied = try await stores[0].appliedMigrations()
        #expect(applied == PostgresSchema.migrations.map(\.name))
        let again = try await open(url)
        #expect(try await again.appliedMigrations() == applied)
        for store in stores + [again] { await store.close() }
    }

    @Test func pinsAndCollectionsReadBackAsStored() async throws {
        let (store, pinId) = try await album(try Postgres.database(), count: 3)
        let pins = try await store.pins()
        #expect(pins.map(\.id) == [pinId])
        #expect(pins.first?.photoCount == 3)
        #expect(pins.first?.title == "Paris")
        let photos = try await store.photos(pinId: pinId)
        #expect(photos.map(\.sourceId) == ["p1", "p2", "p3"])
        #expect(photos.allSatisfy { $0.state == .placeholder })
        let found = try await store.findOrCreatePin(at: Self.paris, toleranceKm: 0.001, title: nil)
        #expect(found.pin.id == pinId && !found.created)
        await store.close()
    }

    @Test func fourWorkersClaimEveryPhotoExactlyOnce() async throws {
        let url = try Postgres.database()
        let (first, _) = try await album(url, count: 200)
        let claimed = try await withThrowingTaskGroup(of: [Int64].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    let store = try await open(url)
                    var mine: [Int64] = []
                    while true {
                        let batch = try await store.claimPhotos(limit: 7)
                        if batch.isEmpty { break }
                        mine += batch.map(\.id)
                    }
                    await store.close()
                    return mine
                }
            }
            return try await group.reduce(into: [[Int64]]()) { $0.append($1) }
        }
        let all = claimed.flatMap { $0 }
        #expect(all.count == 200)
        #expect(Set(all).count == 200)
        #expect(claimed.filter { !$0.isEmpty }.count > 1)
        #expect(try await first.stateCounts().downloading == 200)
        await first.close()
    }

    @Test func anExpiredLeaseIsTakenOverAndTheLateWorkerChangesNothing() async throws {
        let url = try Postgres.database()
        let (dead, pinId) = try await album(url, count: 3)
        let taken = try await dead.claimPhotos(limit: 3)
        #expect(taken.count == 3)
        let other = try await open(url)
        #expect(try await other.claimPhotos(limit: 3).isEmpty)
        // The dead worker's leases run out (by the server's clock; moved back instead of waiting).
        try Postgres.current().psql("UPDATE photos SET lease_until = now() - interval '1 second'", database: URL(string: url)!.lastPathComponent)
        let takenOver = try await other.claimPhotos(limit: 10)
        #expect(Set(takenOver.map(\.id)) == Set(taken.map(\.id)))
        #expect(takenOver.allSatisfy { $0.attempts == 2 })
        // The first worker comes back late: its result is not recorded, the new holder's is.
        let late = try await dead.markDownloaded(
            photoId: taken[0].id, file: "originals/aa/late.jpg", thumbnail: nil, contentHash: "late", bytes: 1,
            width: 1, height: 1, takenAt: nil, camera: nil)
        #expect(!late)
        try await dead.markFailed(photoId: taken[1].id, reason: "late")
        #expect(try await other.markDownloaded(
            photoId: taken[0].id, file: "originals/bb/b.jpg", thumbnail: nil, contentHash: "b", bytes: 1,
            width: 1, height: 1, takenAt: nil, camera: nil))
        let photos = try await other.photos(pinId: pinId)
        #expect(photos.map(\.state) == [.downloaded, .downloading, .downloading])
        #expect(photos[0].file == "originals/bb/b.jpg")
        #expect(try await other.releaseAllClaims() == 2)
        #expect(try await other.stateCounts().placeholder == 2)
        await dead.close()
        await other.close()
    }

    /// Issue 22: what a claim wrote is loose until its commit; a dead worker's (lease run out),
    /// a replaced photo's and a deleted photo's content is found by `looseFiles` when no photo
    /// and no live claim names it.
    @Test func looseFilesAreWhatDeadOrSupersededClaimsWrote() async throws {
        let url = try Postgres.database()
        let (dead, pinId) = try await album(url, count: 3)
        let live = try await open(url)
        let gone = try #require(try await dead.claimNextPhoto(pinId: pinId, by: ClaimOwner(token: "x")))
        let mine = try #require(try await live.claimNextPhoto(pinId: pinId, by: ClaimOwner(token: "y")))
        let kept = try #require(try await live.claimNextPhoto(pinId: pinId, by: ClaimOwner(token: "y")))
        try await dead.recordClaimedContent(gone, contentHash: "dead")
        try await live.recordClaimedContent(mine, contentHash: "writing")
        try await live.recordClaimedContent(kept, contentHash: "kept")
        #expect(try await live.record(.downloaded(StoredFile(
            file: "originals/ke/kept.jpg", thumbnail: nil, contentHash: "kept", bytes: 1, width: 1, height: 1)), of: kept))
        #expect(try await live.looseFiles(isAlive: { _ in true }) == LooseFiles())
        // The dead worker's lease runs out (moved back instead of waiting).
        try Postgres.current().psql("UPDATE photos SET lease_until = now() - interval '1 second' WHERE lease_owner = '\(dead.workerID)'",
                                    database: URL(string: url)!.lastPathComponent)
        let loose = try await live.looseFiles(isAlive: { _ in true })
        #expect(loose.unused == ["dead"] && loose.ids.count == 1)
        try await live.forgetLooseFiles(loose.ids)
        // The photo being written is replaced: its claim ends without a commit; the kept photo
        // leaves the album with the new collection.
        let info = AlbumInfo(pinId: pinId, source: "test", endpoint: nil, radiusKm: 1, perPage: 1, page: 2, total: 1, pages: 1)
        _ = try await live.replaceCollection(info, photos: [SourcePhoto(sourceId: "q", url: "http://127.0.0.1:1/q.jpg")])
        #expect(!(try await live.record(.downloaded(StoredFile(
            file: "originals/wr/writing.jpg", thumbnail: nil, contentHash: "writing", bytes: 1, width: 1, height: 1)), of: mine)))
        #expect(try await live.looseFiles(isAlive: { _ in true }).unused == ["writing", "kept"])
        await dead.close()
        await live.close()
    }

    @Test func aServerThatDoesNotAnswerIsNamedAndNothingIsWritten() async throws {
        let port = try PostgresServer.freePort()
        let location = try PostgresLocation(url: "postgres://postgres@127.0.0.1:\(port)/nowhere?files=/tmp")
        await #expect {
            _ = try await PostgresStore.open(location)
        } throws: { error in
            guard let error = error as? AlbumError else { return false }
            return error.description.contains("cannot connect to postgres://postgres@127.0.0.1:\(port)/nowhere")
        }
    }

    /// `photo_totals` (decision 0058) gains a row per statement that adds photos and is folded
    /// into one now and then; its sum stays the count, and the timeline's total reads it.
    @Test func photoTotalsAreFoldedAndStayTheCount() async throws {
        let url = try Postgres.database()
        let (store, pinId) = try await album(url, count: 300)  // one INSERT per photo: 300 rows, folded at the 256th
        let database = String(url.split(separator: "/").last ?? "")
        let psql = { (sql: String) throws -> String in
            try Postgres.current().psql(sql, database: database).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try psql("SELECT sum(dated) || ' ' || sum(undated) FROM photo_totals") == "0 300")
        let rows = try #require(Int(try psql("SELECT count(*) FROM photo_totals")))
        #expect(rows < 100, "\(rows) rows: never folded")
        #expect(try await store.timelineSlice(PhotoFilter(asOf: try await store.lastPhotoId()), offset: 0, limit: 1).total == 300)
        // Photos newer than asOf exist: counted, not read from the totals.
        #expect(try await store.timelineSlice(PhotoFilter(asOf: 10), offset: 0, limit: 1).total == 10)
        _ = try await store.removePhoto(id: try #require(try await store.photos(pinId: pinId).first?.id))
        #expect(try psql("SELECT sum(dated) || ' ' || sum(undated) FROM photo_totals") == "0 299")
        await store.close()
    }

    @Test(arguments: [
        ("postgres://host/db", "names no user"),
        ("postgres://me@/db", "names no host"),
        ("postgres://me@host", "names no database"),
        ("postgres://me@host/db?color=red", "unknown parameter color"),
        ("postgres://me:secret@host/db?sslmode=maybe", "postgres://me:***@host/db?sslmode=maybe: sslmode maybe is not supported"),
    ])
    func badURLsAreNamed(url: String, message: String) {
        #expect {
            _ = try PostgresLocation(url: url)
        } throws: { error in
            "\(error)".contains(message) && !"\(error)".contains("secret")
        }
    }
}
#endif
