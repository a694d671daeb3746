import AlbumModel
import Foundation
import Testing
import TestSupport

@testable import AlbumStore

@Suite struct PhotoStoreTests {
    let db: SQLiteLibraryStore
    let pin: Pin
    init() async throws {
        db = try AlbumDatabase.inMemory().store
        pin = try await db.addPin(at: Coordinate(latitude: 48.85, longitude: 2.35), title: "Paris", note: nil)
    }

    func info(page: Int = 1) -> AlbumInfo {
        AlbumInfo(pinId: pin.id, source: "flickr", endpoint: nil, radiusKm: 5, perPage: 3, page: page, total: 9, pages: 3)
    }
    func photos(_ ids: [String]) -> [SourcePhoto] {
        ids.map { SourcePhoto(sourceId: $0, title: "photo \($0)", url: "http://127.0.0.1/\($0).jpg") }
    }
    func stored(_ hash: String) -> StoredFile {
        StoredFile(file: "originals/\(hash)", thumbnail: "thumbs/\(hash)", contentHash: hash, bytes: 10, width: 4, height: 3)
    }

    @Test func firstCollectionIsStoredOnceAsPlaceholdersInOrder() async throws {
        #expect(try await db.storeFirstCollection(info(), photos: photos(["a", "b", "c"])))
        #expect(try await !db.storeFirstCollection(info(), photos: photos(["x"])), "a second process must not replace it")
        let album = try await db.photos(pinId: pin.id)
        #expect(album.map(\.sourceId) == ["a", "b", "c"])
        #expect(album.allSatisfy { $0.state == .placeholder })
        #expect(try await db.album(pinId: pin.id)?.pages == 3)
        #expect(try await db.pins().first?.photoCount == 3)
    }

    @Test func claimsAreExclusiveAndStaleOnesGoBack() async throws {
        _ = try await db.storeFirstCollection(info(), photos: photos(["a", "b"]))
        let first = try #require(await db.claimNextPhoto(pinId: pin.id, by: ClaimOwner(token: "1:1")))
        let second = try #require(await db.claimNextPhoto(pinId: pin.id, by: ClaimOwner(token: "2:2")))
        #expect(first.photo.id != second.photo.id)
        #expect(try await db.claimNextPhoto(pinId: pin.id, by: ClaimOwner(token: "3:3")) == nil)
        #expect(try await db.stateCounts(pinId: pin.id).downloading == 2)
        // Owner 1 died; owner 2 still runs.
        #expect(try await db.releaseStaleClaims { $0 == "2:2" } == 1)
        #expect(try await db.photos(pinId: pin.id).first { $0.id == first.photo.id }?.state == .placeholder)
        #expect(try await db.photos(pinId: pin.id).first { $0.id == second.photo.id }?.state == .downloading)
    }

    @Test func downloadedAndFailedArePersistedWithTheirDetails() async throws {
        _ = try await db.storeFirstCollection(info(), photos: photos(["a", "b"]))
        let a = try #require(await db.claimNextPhoto(pinId: pin.id, by: ClaimOwner(token: "1:1")))
        let b = try #require(await db.claimNextPhoto(pinId: pin.id, by: ClaimOwner(token: "1:1")))
        try await db.record(.downloaded(stored("h1")), of: a)
        try await db.recordAttempt(b)  // the claim counted the first
        try await db.record(.failed(reason: "HTTP 404"), of: b)
        let album = try await db.photos(pinId: pin.id)
        #expect(album[0].state == .downloaded)
        #expect(album[0].file == "originals/h1")
        #expect(album[0].width == 4)
        #expect(album[1].state == .failed(reason: "HTTP 404"))
        #expect(album[0].attempts == 1)
        #expect(album[1].attempts == 2)
        let counts = try await db.stateCounts(pinId: nil)
        #expect(counts.downloaded == 1 && counts.failed == 1 && counts.remaining == 0)
    }

    @Test func newCollectionReplacesAndReturnsTheOldHashes() async throws {
        _ = try await db.storeFirstCollection(info(), photos: photos(["a", "b"]))
        let a = try #require(await db.claimNextPhoto(pinId: pin.id, by: ClaimOwner(token: "1:1")))
        try await db.record(.downloaded(stored("h1")), of: a)
        let old = try await db.replaceCollection(info(page: 2), photos: photos(["c", "d"]))
        #expect(old == ["h1"])
        #expect(try await db.unreferencedHashes(old) == ["h1"])
        #expect(try await db.photos(pinId: pin.id).map(\.sourceId) == ["c", "d"])
        #expect(try await db.shownSourceIds(pinId: pin.id, source: "flickr") == ["a", "b", "c", "d"])
        #expect(try await db.album(pinId: pin.id)?.page == 2)
    }

    @Test func removedPhotosNeverComeBack() async throws {
        _ = try await db.storeFirstCollection(info(), photos: photos(["a", "b"]))
        let a = try #require(await db.photos(pinId: pin.id).first)
        let removed = try await db.removePhoto(id: a.id)
        #expect(removed.sourceId == "a")
        await #expect(throws: AlbumError.self) { try await db.removePhoto(id: a.id) }
        _ = try await db.replaceCollection(info(), photos: photos(["a", "b", "e"]))
        #expect(try await db.photos(pinId: pin.id).map(\.sourceId) == ["b", "e"])
    }

    @Test func sharedContentStaysReferencedWhileAnotherAlbumUsesIt() async throws {
        let other = try await db.addPin(at: Coordinate(latitude: 1, longitude: 1), title: nil, note: nil)
        _ = try await db.storeFirstCollection(info(), photos: photos(["a"]))
        var otherInfo = info()
        otherInfo.pinId = other.id
        _ = try await db.storeFirstCollection(otherInfo, photos: photos(["a"]))
        for pinId in [pin.id, other.id] {
            let p = try #require(await db.claimNextPhoto(pinId: pinId, by: ClaimOwner(token: "1:1")))
            try await db.record(.downloaded(stored("same")), of: p)
        }
        let old = try await db.replaceCollection(info(), photos: photos(["z"]))
        #expect(try await db.unreferencedHashes(old).isEmpty)
    }

    @Test func idsAreNeverReused() async throws {
        _ = try await db.storeFirstCollection(info(), photos: photos(["a", "b"]))
        let firstIds = try await db.photos(pinId: pin.id).map(\.id)
        _ = try await db.replaceCollection(info(page: 2), photos: photos(["c", "d"]))
        #expect(Set(firstIds).isDisjoint(with: try await db.photos(pinId: pin.id).map(\.id)))
        let extra = try await db.addPin(at: Coordinate(latitude: 0, longitude: 0), title: nil, note: nil)
        try await db.removePin(id: extra.id)
        #expect(try await db.addPin(at: Coordinate(latitude: 0, longitude: 0), title: nil, note: nil).id > extra.id)
    }

    @Test func newCollectionAndMoveKeepTheUsersImportedPhotos() async throws {
        try db.database.write { (sql: SQL) throws(AlbumError) in
            try sql.run("""
                INSERT INTO photos (pin_id, source, source_id, state, file, content_hash, created_at, updated_at)
                VALUES (?, 'import', 'h-own', 'downloaded', '/home/me/own.jpg', 'h-own', '', '')
                """, [pin.id])
        }
        _ = try await db.storeFirstCollection(info(), photos: photos(["a"]))
        let old = try await db.replaceCollection(info(page: 2), photos: photos(["b"]))
        #expect(!old.contains("h-own"))
        #expect(Set(try await db.photos(pinId: pin.id).map(\.source)) == ["import", "flickr"])
        let moved = try await db.movePin(id: pin.id, to: Coordinate(latitude: 48.86, longitude: 2.35))
        #expect(moved.droppedPhotos == 1)
        #expect(try await db.photos(pinId: pin.id).map(\.sourceId) == ["h-own"])
    }
}
