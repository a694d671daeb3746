import AlbumModel
import Foundation
import TestSupport
import Testing

/// The same library tests on both stores (issue 16): every core command through the `album`
/// binary, on a folder library (SQLite) and, built with the PostgreSQL trait, on a library on a
/// real PostgreSQL server with its files folder.
@Suite(.libraryStores, .serialized)
struct LibraryStoresTests: LibraryStoresSuite {
    let folder = TemporaryFolder("stores")

    @Test(arguments: StoreKind.all)
    func pinsRegionAndStatus(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        let added = try #require(try await lib.json(["pin", "add", "--lat", "48.8584", "--lon", "2.2945", "--title", "Tower"]) as? [String: Any])
        let id = try #require(added["id"] as? Int)
        #expect(added["title"] as? String == "Tower")
        // Named with its place and zone on both stores.
        #expect(added["timeZone"] as? String == "Europe/Paris", "\(added)")
        #expect((added["place"] as? [String: Any])?["countryCode"] as? String == "FR")
        let listed = try #require(try await lib.json(["pin", "list"]) as? [[String: Any]])
        #expect(listed.map { $0["id"] as? Int } == [id])
        let shown = try #require(try await lib.json(["pin", "show", "\(id)"]) as? [String: Any])
        #expect(shown["latitude"] as? Double == 48.8584)
        let moved = try #require(try await lib.json(["pin", "move", "\(id)", "--lat", "41.9", "--lon", "12.5"]) as? [String: Any])
        #expect(moved["latitude"] as? Double == 41.9)
        #expect(moved["timeZone"] as? String == "Europe/Rome", "renamed where it went: \(moved)")
        // pin edit (issue 31): what is given changes, an empty text clears, the rest stays.
        let edited = try #require(try await lib.json(["pin", "edit", "\(id)", "--title", "Colosseum", "--note", "x"]) as? [String: Any])
        #expect(edited["title"] as? String == "Colosseum" && edited["note"] as? String == "x")
        let cleared = try #require(try await lib.json(["pin", "edit", "\(id)", "--note", ""]) as? [String: Any])
        #expect(cleared["title"] as? String == "Colosseum" && cleared["note"] is NSNull, "\(cleared)")
        #expect(cleared["latitude"] as? Double == 41.9)
        let missing = try await lib.run(["pin", "edit", "99", "--title", "x"])
        #expect(missing.status == 1 && missing.stderr.contains("no pin with id 99"), "\(missing.stderr)")

        #expect(try await lib.run(["region", "show"]).stdout == "no region set\n")
        #expect(try await lib.run(["region", "set", "--lat", "45", "--lon", "7", "--span-lat", "2", "--span-lon", "3"]).status == 0)
        let region = try #require(try await lib.json(["region", "show"]) as? [String: Any])
        #expect(region["spanLatitude"] as? Double == 2)

        let status = try #require(try await lib.json(["status"]) as? [String: Any])
        #expect(status["pins"] as? Int == 1)
        #expect(status["remaining"] as? Int == 0)

        let unknown = try await lib.run(["pin", "show", "99"])
        #expect(unknown.status != 0 && unknown.stderr.hasPrefix("album: error: ") && unknown.stderr.contains("99"), "\(unknown.stderr)")
        #expect(try await lib.run(["pin", "rm", "\(id)"]).stdout == "removed pin \(id)\n")
        #expect((try await lib.json(["pin", "list"]) as? [[String: Any]])?.isEmpty == true)
    }

    @Test(arguments: StoreKind.all)
    func fetchNewCollectionsAndRemovedPhotosNeverReturn(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        let server = try StoreLibrary.imageServer()
        let source = try await lib.source(24, server: server)
        let report = try await lib.fetch(source, perPage: 6)
        #expect(report["total"] as? Int == 6 && report["downloaded"] as? Int == 6, "\(report)")
        let pin = try #require((report["pin"] as? [String: Any])?["id"] as? Int)
        let first = try await lib.photos(pin)
        #expect(first.count == 6)
        let files = store.files(of: lib.library)
        #expect(first.allSatisfy { ($0["file"] as? String).map { $0.hasPrefix(files) && FileManager.default.fileExists(atPath: $0) } == true })
        #expect(first.allSatisfy { $0["accuracy"] as? Int == 16 && $0["license"] as? String != nil }, "\(first)")
        #expect(first.allSatisfy { $0["timeZone"] as? String == "Europe/Rome" && $0["place"] is [String: Any] }, "\(first)")

        // The first photo is removed for good; new collections never bring back what was shown.
        let removed = try #require(first[0]["url"] as? String)
        #expect(try await lib.run(["photo", "rm", "\(first[0]["id"] as? Int ?? 0)"]).status == 0)
        var shown = Set(first.compactMap { $0["url"] as? String })
        for _ in 0..<2 {
            let next = try #require(try await lib.json(["new-collection", "\(pin)", "--source", source]) as? [String: Any])
            #expect(next["downloaded"] as? Int == 6, "\(next)")
            let urls = Set(try await lib.photos(pin).compactMap { $0["url"] as? String })
            #expect(urls.count == 6)
            #expect(urls.isDisjoint(with: shown), "a new collection repeats a photo")
            #expect(!urls.contains(removed))
            shown.formUnion(urls)
        }
        // Fetching the place again finds the same pin and changes nothing.
        let again = try await lib.fetch(source, perPage: 6)
        #expect((again["pin"] as? [String: Any])?["id"] as? Int == pin && again["createdPin"] as? Bool == false)
        #expect(Set(server.requests.map(\.path)).count == server.requests.count, "every photo downloaded once")
    }

    @Test(arguments: StoreKind.all)
    func importAndReimportStoreNoDoubles(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        let photos = folder.child("photos-\(store)")
        try ImportFixture.write(to: photos)
        let dry = try #require(try await lib.json(["import", photos.path, "--dry-run"]) as? [String: Any])
        #expect(dry["imported"] as? Int == ImportFixture.located + ImportFixture.unplaced)
        #expect((try await lib.json(["pin", "list"]) as? [Any])?.isEmpty == true, "a dry run stores nothing")

        let report = try #require(try await lib.json(["import", photos.path]) as? [String: Any])
        #expect(report["imported"] as? Int == ImportFixture.located + ImportFixture.unplaced, "\(report)")
        #expect(report["duplicates"] as? Int == ImportFixture.duplicates)
        #expect((report["pins"] as? [Any])?.count == ImportFixture.places)
        let pins = try #require(try await lib.json(["pin", "list"]) as? [[String: Any]])
        #expect(pins.count == ImportFixture.places)
        var stored: [[String: Any]] = []
        for pin in pins { stored += try await lib.photos(pin["id"] as? Int ?? 0) }
        #expect(stored.count == ImportFixture.located)
        #expect(stored.allSatisfy { $0["state"] as? String == "downloaded" && $0["source"] as? String == "import" })
        // A folder library refers to the user's files; a shared one copies them into its files folder.
        let files = stored.compactMap { $0["file"] as? String }
        #expect(files.allSatisfy { $0.hasPrefix(store == .sqlite ? photos.path : store.files(of: lib.library)) }, "\(files)")
        #expect(files.allSatisfy { FileManager.default.fileExists(atPath: $0) })

        let again = try #require(try await lib.json(["import", photos.path]) as? [String: Any])
        #expect(again["imported"] as? Int == 0, "\(again)")
        #expect((try await lib.json(["pin", "list"]) as? [Any])?.count == ImportFixture.places)
        #expect((try await lib.json(["status"]) as? [String: Any])?["photos"] as? [String: Int] == [
            "placeholder": 0, "downloading": 0, "downloaded": ImportFixture.located + ImportFixture.unplaced, "failed": 0,
            "imported": ImportFixture.located + ImportFixture.unplaced,
        ])
        // Each pin's counts (one read for every pin) are its photos.
        let perPin = try #require((try await lib.json(["status"]) as? [String: Any])?["perPin"] as? [[String: Any]])
        #expect(perPin.count == ImportFixture.places)
        for entry in perPin {
            let photos = try await lib.photos(entry["pinId"] as? Int ?? 0)
            #expect(!photos.isEmpty)
            #expect(entry["photos"] as? [String: Int] == [
                "placeholder": 0, "downloading": 0, "downloaded": photos.count, "failed": 0, "imported": photos.count,
            ], "\(entry)")
        }
    }

    @Test(arguments: StoreKind.all)
    func verifyFindsALostOriginalAndARepairFetchesItAgain(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        let server = try StoreLibrary.imageServer()  // kept serving to the end
        let pin = try await lib.fetchedPin(4, server: server)
        let clean = try #require(try await lib.json(["verify"]) as? [String: Any])
        #expect(clean["clean"] as? Bool == true && clean["checked"] as? Int == 4, "\(clean)")

        let lost = try #require(try await lib.photos(pin).first)
        try FileManager.default.removeItem(atPath: try #require(lost["file"] as? String))
        let found = try await lib.run(["verify", "--json"])
        #expect(found.status == 1)
        #expect((try found.json() as? [String: Any])?["missingOriginals"] as? [Int] == [lost["id"] as? Int ?? 0])
        let repaired = try await lib.run(["verify", "--repair", "--json"])
        #expect((try repaired.json() as? [String: Any])?["repaired"] as? Bool == true, "\(repaired.stderr)")
        #expect(try await lib.status()["placeholder"] == 1)
        #expect(try await lib.run(["resume"]).status == 0)
        #expect(try await lib.status()["downloaded"] == 4)
        #expect((try await lib.json(["verify"]) as? [String: Any])?["clean"] as? Bool == true)
    }
}
