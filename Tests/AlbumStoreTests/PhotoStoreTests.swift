import AlbumModel
import Foundation
import Testing
import TestSupport

@testable import AlbumStore

@Suite struct PhotoStoreTests {
    let db: AlbumDatabase
    let pin: Pin
    init() async throws {
        db = try AlbumDatabase.inMemory()
        pin = try await db.store.addPin(at: Coordinate(latitude: 48.85, longitude: 2.35), title: "Paris", note: nil)
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
        #expect(try db.storeFirstCollection(info(), photos: photos(["a", "b", "c"])))
        #expect(try !db.storeFirstCollection(info(), photos: photos(["x"])), "a second process must not replace it")
        let album = try db.photos(pinId: pin.id)
        #expect(album.map(\.sourceId) == ["a", "b", "c"])
        #expect(album.allSatisfy { $0.state == .placeholder })
        #expect(try db.album(pinId: pin.id)?.pages == 3)
        #expect(try await db.store.pins().first?.photoCount == 3)
    }

    @Test func claimsAreExclusiveAndStaleOnesGoBack() throws {
        _ = try db.storeFirstCollection(info(), photos: photos(["a", "b"]))
        let first = try #require(try db.claimNextPhoto(pinId: pin.id, owner: "1:1"))
        let second = try #require(try db.claimNextPhoto(pinId: pin.id, owner: "2:2"))
        #expect(first.id != second.id)
        #expect(try db.claimNextPhoto(pinId: pin.id, owner: "3:3") == nil)
        #expect(try db.stateCounts(pinId: pin.id).downloading == 2)
        // Owner 1 died; owner 2 still runs.
        #expect(try db.releaseStaleClaims { $0 == "2:2" } == 1)
        #expect(try db.photos(pinId: pin.id).first { $0.id == first.id }?.state == .placeholder)
        #expect(try db.photos(pinId: pin.id).first { $0.id == second.id }?.state == .downloading)
    }

    @Test func downloadedAndFailedArePersistedWithTheirDetails() throws {
        _ = try db.storeFirstCollection(info(), photos: photos(["a", "b"]))
        let a = try #require(try db.claimNextPhoto(pinId: pin.id, owner: "1:1"))
        let b = try #require(try db.claimNextPhoto(pinId: pin.id, owner: "1:1"))
        try db.markDownloaded(photoId: a.id, stored("h1"))
        try db.recordAttempt(photoId: b.id)  // the claim counted the first
        try db.markFailed(photoId: b.id, reason: "HTTP 404")
        let album = try db.photos(pinId: pin.id)
        #expect(album[0].state == .downloaded)
        #expect(album[0].file == "originals/h1")
        #expect(album[0].width == 4)
        #expect(album[1].state == .failed(reason: "HTTP 404"))
        #expect(album[0].attempts == 1)
        #expect(album[1].attempts == 2)
        let counts = try db.stateCounts()
        #expect(counts.downloaded == 1 && counts.failed == 1 && counts.remaining == 0)
    }

    @Test func newCollectionReplacesAndReturnsTheOldHashes() throws {
        _ = try db.storeFirstCollection(info(), photos: photos(["a", "b"]))
        let a = try #require(try db.claimNextPhoto(pinId: pin.id, owner: "1:1"))
        try db.markDownloaded(photoId: a.id, stored("h1"))
        let old = try db.replaceCollection(info(page: 2), photos: photos(["c", "d"]))
        #expect(old == ["h1"])
        #expect(try db.unreferencedHashes(old) == ["h1"])
        #expect(try db.photos(pinId: pin.id).map(\.sourceId) == ["c", "d"])
        #expect(try db.shownSourceIds(pinId: pin.id, source: "flickr") == ["a", "b", "c", "d"])
        #expect(try db.album(pinId: pin.id)?.page == 2)
    }

    @Test func removedPhotosNeverComeBack() throws {
        _ = try db.storeFirstCollection(info(), photos: photos(["a", "b"]))
        let a = try #require(try db.photos(pinId: pin.id).first)
        let removed = try db.removePhoto(id: a.id)
        #expect(removed.sourceId == "a")
        #expect(throws: AlbumError.self) { try db.removePhoto(id: a.id) }
        _ = try db.replaceCollection(info(), photos: photos(["a", "b", "e"]))
        #expect(try db.photos(pinId: pin.id).map(\.sourceId) == ["b", "e"])
    }

    @Test func sharedContentStaysReferencedWhileAnotherAlbumUsesIt() async throws {
        let other = try await db.store.addPin(at: Coordinate(latitude: 1, longitude: 1), title: nil, note: nil)
        _ = try db.storeFirstCollection(info(), photos: photos(["a"]))
        var otherInfo = info()
        otherInfo.pinId = other.id
        _ = try db.storeFirstCollection(otherInfo, photos: photos(["a"]))
        for pinId in [pin.id, other.id] {
            let p = try #require(try db.claimNextPhoto(pinId: pinId, owner: "1:1"))
            try db.markDownloaded(photoId: p.id, stored("same"))
        }
        let old = try db.replaceCollection(info(), photos: photos(["z"]))
        #expect(try db.unreferencedHashes(old).isEmpty)
    }

    @Test func idsAreNeverReused() async throws {
        _ = try db.storeFirstCollection(info(), photos: photos(["a", "b"]))
        let firstIds = try db.photos(pinId: pin.id).map(\.id)
        _ = try db.replaceCollection(info(page: 2), photos: photos(["c", "d"]))
        #expect(Set(firstIds).isDisjoint(with: try db.photos(pinId: pin.id).map(\.id)))
        let extra = try await db.store.addPin(at: Coordinate(latitude: 0, longitude: 0), title: nil, note: nil)
        try await db.store.removePin(id: extra.id)
        #expect(try await db.store.addPin(at: Coordinate(latitude: 0, longitude: 0), title: nil, note: nil).id > extra.id)
    }

    @Test func newCollectionAndMoveKeepTheUsersImportedPhotos() async throws {
        try db.write { sql throws(AlbumError) in
            try sql.run("""
                INSERT INTO photos (pin_id, source, source_id, state, file, content_hash, created_at, updated_at)
                VALUES (?, 'import', 'h-own', 'downloaded', '/home/me/own.jpg', 'h-own', '', '')
                """, [pin.id])
        }
        _ = try db.storeFirstCollection(info(), photos: photos(["a"]))
        let old = try db.replaceCollection(info(page: 2), photos: photos(["b"]))
        #expect(!old.contains("h-own"))
        #expect(Set(try db.photos(pinId: pin.id).map(\.source)) == ["import", "flickr"])
        let moved = try await db.store.movePin(id: pin.id, to: Coordinate(latitude: 48.86, longitude: 2.35))
        #expect(moved.droppedPhotos == 1)
        #expect(try db.photos(pinId: pin.id).map(\.sourceId) == ["h-own"])
    }
}
