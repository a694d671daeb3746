import AlbumModel
import Foundation
import TestSupport
import Testing

@testable import AlbumStore

/// The running photo totals the timeline reads instead of counting (`photo_totals`, decision 0058)
/// equal a count of the photos after every kind of write, on both stores.
extension LibraryStoresTests {
    @Test(arguments: StoreKind.all)
    func photoTotalsEqualACountAfterEveryKindOfWrite(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        let images = try StoreLibrary.imageServer(delay: .milliseconds(100))
        let source = try await lib.source(8, server: images)
        _ = try await lib.json(["pin", "add", "--lat", "1", "--lon", "1", "--title", "empty"])
        try expectTotals(lib, equal: "0 dated, 0 undated", "an empty library")

        // A first collection killed while it downloads (a download sets taken_at), then resumed.
        let fetch = try lib.start([
            "fetch", "--lat", "\(StoreLibrary.place.latitude)", "--lon", "\(StoreLibrary.place.longitude)",
            "--radius-km", "5", "--per-page", "4", "--source", source,
        ])
        try await StoreLibrary.waitForRequests(images, 2)
        kill(fetch.0.processIdentifier, SIGKILL)
        _ = try await StoreLibrary.wait(fetch)
        try expectTotals(lib, "a fetch killed mid-way")
        if store == .postgres { try await Task.sleep(for: .seconds(3)) }  // its leases (2 s) run out
        #expect(try await lib.run(["resume"]).status == 0)
        try expectTotals(lib, "the resumed fetch")
        let pin = try #require((try await lib.json(["pin", "list"]) as? [[String: Any]])?.last?["id"] as? Int)

        // A new collection, an import with undated and unplaced photos, a removal, a pin removal.
        #expect(try await lib.run(["new-collection", "\(pin)"]).status == 0)
        try expectTotals(lib, "a new collection")
        let photos = folder.child("totals-\(store)")
        try ImportFixture.write(to: photos)
        #expect(try await lib.run(["import", photos.path]).status == 0)
        let imported = try expectTotals(lib, "an import")
        let first = try #require(try await lib.photos(pin).first?["id"] as? Int)
        #expect(try await lib.run(["photo", "rm", "\(first)"]).status == 0)
        try expectTotals(lib, "a photo removed")
        #expect(try await lib.run(["pin", "rm", "\(pin)"]).status == 0)
        let last = try expectTotals(lib, "a pin removed")
        #expect(imported != last, "\(imported)")
    }

    /// Checks the stored totals against a count and returns them ("N dated, M undated").
    @discardableResult
    func expectTotals(
        _ lib: StoreLibrary, equal expected: String? = nil, _ after: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let (stored, counted) = try Self.totals(lib)
        #expect(stored == counted, "after \(after)", sourceLocation: sourceLocation)
        if let expected { #expect(stored == expected, "after \(after)", sourceLocation: sourceLocation) }
        return stored
    }

    /// (the totals as stored, the same counted from the photos).
    static func totals(_ lib: StoreLibrary) throws -> (String, String) {
        (try scalar(lib, "SELECT sum(dated) || ' dated, ' || sum(undated) || ' undated' FROM photo_totals"),
         try scalar(lib, "SELECT count(local_date) || ' dated, ' || (count(*) - count(local_date)) || ' undated' FROM photos"))
    }

    /// One value read by `query` from the library's database, as text ("" for NULL), on either
    /// store (in a write transaction: `query` may change rows): SQLite opened in this process,
    /// PostgreSQL through `psql`.
    static func scalar(_ lib: StoreLibrary, _ query: String) throws -> String {
        switch lib.store {
        case .sqlite:
            let db = try AlbumDatabase(path: URL(fileURLWithPath: lib.library).appendingPathComponent("album.sqlite").path)
            return try db.write { sql throws(AlbumError) in try sql.queryOne(query)?.string(0) ?? "" }
        case .postgres:
            let server = try #require(StoreKind.server)
            let database = String(lib.library.split(separator: "?")[0].split(separator: "/").last ?? "")
            return try server.psql(query, database: database).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
}
