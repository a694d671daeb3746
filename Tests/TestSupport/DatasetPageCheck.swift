import AlbumModel
import AlbumSeam
import Foundation

/// The paged read of `DatasetStore.downloadedPhotos(pinId:after:limit:)` (decision 0135) checked
/// the same way on each store (SQLite in AlbumStoreTests, PostgreSQL in AlbumPostgresTests),
/// through the seam only: two pins of photos, one photo not downloaded, tags of a photo and of a
/// pin. Pages of every size from 1 up read the same photos and tags as one page of all, in id
/// order, each page at most its limit and the one after the last empty; a pin's pages hold that
/// pin's photos only; an empty library, or a pin with none, reads one empty page.
public enum DatasetPageCheck {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    static func require(_ condition: Bool, _ message: @autoclosure () -> String) throws {
        if !condition { throw Failure(description: message()) }
    }

    /// Every page of `limit` (the page after the last included: it must be empty).
    static func pages(_ store: any LibraryStore, pinId: Int64?, limit: Int) async throws -> [DatasetPage] {
        var pages: [DatasetPage] = []
        var after: Int64?
        while true {
            let page = try await store.downloadedPhotos(pinId: pinId, after: after, limit: limit)
            pages.append(page)
            guard let last = page.photos.last else { return pages }
            try require(page.photos.count <= limit, "a page of \(page.photos.count) photos, limit \(limit)")
            after = last.id
        }
    }

    /// Runs the checks on `store`, a new, empty library; throws `Failure` naming the first
    /// that does not hold.
    public static func run(_ store: any LibraryStore) async throws {
        let empty = try await store.downloadedPhotos(pinId: nil, after: nil, limit: 10)
        try require(empty.photos.isEmpty && empty.tags.isEmpty, "an empty library reads \(empty.photos.count) photos")

        let paris = try await store.addPin(at: Coordinate(latitude: 48.8566, longitude: 2.3522), title: "Paris", note: nil)
        let lyon = try await store.addPin(at: Coordinate(latitude: 45.76, longitude: 4.84), title: "Lyon", note: nil)
        let sea = try await store.addPin(at: Coordinate(latitude: 10, longitude: 179.9), title: "Sea", note: nil)
        for (pin, count) in [(paris, 7), (lyon, 4)] {
            let info = AlbumInfo(pinId: pin.id, source: "test", endpoint: nil, radiusKm: 1, perPage: count, page: 1, total: count, pages: 1)
            let photos = (1...count).map { SourcePhoto(sourceId: "\(pin.id)-\($0)", title: "photo \($0)", url: "http://127.0.0.1:1/\(pin.id)/\($0).jpg") }
            try require(try await store.storeFirstCollection(info, photos: photos), "pin \(pin.id)'s collection not stored")
        }
        // Every photo downloaded but the third (left downloading: not read).
        let owner = ClaimOwner(token: "1:1")
        var downloaded: [Int64] = []
        var claims = 0
        while let claim = try await store.claimNextPhoto(pinId: nil, by: owner) {
            claims += 1
            let id = claim.photo.id
            guard claims != 3 else { continue }
            let file = StoredFile(file: "originals/\(id % 10)/\(id).jpg", thumbnail: nil, contentHash: "hash-\(id)", bytes: 1, width: 1, height: 1)
            try require(try await store.record(.downloaded(file), of: claim), "photo \(id) not recorded")
            downloaded.append(id)
        }
        downloaded.sort()
        let tagged = downloaded[1]
        _ = try await store.addTags([try TagName("sea"), try TagName("city")], to: .photo(tagged))
        _ = try await store.addTags([try TagName("city")], to: .pin(paris.id))

        let all = try await store.downloadedPhotos(pinId: nil, after: nil, limit: 1_000)
        try require(all.photos.map(\.id) == downloaded, "every downloaded photo in id order: \(all.photos.map(\.id)), not \(downloaded)")
        let parisIds = all.photos.filter { $0.pinId == paris.id }.map(\.id)
        try require(parisIds.count == 6 && all.photos.count == 10, "6 of Paris and 4 of Lyon: \(all.photos.map(\.pinId))")
        try require(all.tags[tagged]?.map(\.value) == ["city", "sea"], "own and pin tags once, sorted: \(all.tags[tagged] ?? [])")
        try require(parisIds.allSatisfy { all.tags[$0]?.contains(TagName(stored: "city")) == true }, "the pin's tag on its photos")
        try require(all.photos.allSatisfy { $0.pinId == paris.id || all.tags[$0.id] == nil }, "Lyon's photos have no tags")

        for pinId in [nil, paris.id, lyon.id] {
            let expected = pinId.map { id in all.photos.filter { $0.pinId == id }.map(\.id) } ?? downloaded
            for limit in 1...(expected.count + 1) {
                let pages = try await pages(store, pinId: pinId, limit: limit)
                let ids = pages.flatMap { $0.photos.map(\.id) }
                try require(ids == expected, "pin \(pinId.map(String.init) ?? "-"), pages of \(limit): \(ids), not \(expected)")
                // Every page but the last two is full: a page ends only at its limit.
                try require(pages.dropLast(2).allSatisfy { $0.photos.count == limit }, "pages of \(limit): a short page before the end")
                var tags: [Int64: [TagName]] = [:]
                for page in pages { tags.merge(page.tags) { a, _ in a } }
                let wanted = all.tags.filter { expected.contains($0.key) }
                try require(tags == wanted, "pin \(pinId.map(String.init) ?? "-"), pages of \(limit): tags \(tags), not \(wanted)")
            }
        }
        let none = try await store.downloadedPhotos(pinId: sea.id, after: nil, limit: 10)
        try require(none.photos.isEmpty && none.tags.isEmpty, "a pin without photos reads \(none.photos.count)")
        let past = try await store.downloadedPhotos(pinId: nil, after: downloaded.last, limit: 10)
        try require(past.photos.isEmpty, "a page after the last photo reads \(past.photos.count)")
    }
}
