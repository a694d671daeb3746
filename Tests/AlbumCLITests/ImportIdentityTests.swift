import Foundation
import Testing
import TestSupport

/// Issue 10, item 1: identity is content. An import of files the library fetched stores none of
/// them again, never brings back one the user removed, and names the photo each one matches.
@Suite struct ImportIdentityTests {
    let folder = TemporaryFolder("import-identity")
    var library: String { folder.child("lib").path }

    func album(_ arguments: [String]) throws -> AlbumRun {
        try AlbumProcess.run(arguments + ["--library", library])
    }

    func photos(_ pin: Int) throws -> [[String: Any]] {
        try #require(try album(["photos", "\(pin)", "--json"]).json() as? [[String: Any]])
    }

    @Test func importOfFetchedPhotosNeitherDoublesNorBringsBackARemovedOne() throws {
        let fetch = try album([
            "fetch", "--lat", "-33.856784", "--lon", "151.215297", "--per-page", "4",
            "--source", "bundle:\(Fixtures.bundle.path)", "--json",
        ])
        #expect(fetch.status == 0, "\(fetch.stderr)")
        let fetched = try photos(1)
        #expect(fetched.count == 4 && fetched.allSatisfy { $0["state"] as? String == "downloaded" })
        let removed = try #require(fetched.first)
        let removedId = try #require(removed["id"] as? Int)
        #expect(try album(["photo", "rm", "\(removedId)"]).status == 0)

        let run = try album(["import", Fixtures.bundle.appendingPathComponent("photos").path, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try run.json() as? [String: Any])
        let skipped = try #require(report["skipped"] as? [[String: Any]])

        // Every fetched file is a duplicate naming the photo it matches (the removed one too).
        for photo in fetched {
            let url = try #require(photo["url"] as? String)
            let path = try #require(URL(string: url)?.standardizedFileURL.resolvingSymlinksInPath().path)
            let entry = skipped.first { URL(fileURLWithPath: $0["file"] as? String ?? "").resolvingSymlinksInPath().path == path }
            #expect(entry?["duplicateOfPhoto"] as? Int == photo["id"] as? Int, "\(path): \(entry ?? [:])")
        }
        #expect(report["duplicates"] as? Int == fetched.count)
        let removedEntry = skipped.first { $0["duplicateOfPhoto"] as? Int == removedId }
        #expect((removedEntry?["reason"] as? String)?.contains("removed") == true)

        // Pin 1 holds each content once, and not the removed one.
        let after = try photos(1)
        let files = after.compactMap { $0["file"] as? String }
        #expect(Set(files).count == files.count, "a content twice in pin 1: \(files)")
        #expect(!files.contains(try #require(removed["file"] as? String)), "the removed photo came back")
        #expect(!after.contains { $0["id"] as? Int == removedId })
        for photo in fetched.dropFirst() {
            #expect(after.contains { $0["id"] as? Int == photo["id"] as? Int }, "fetched photo kept its row")
        }

        // A second import changes nothing and still says why.
        let again = try #require(try album(["import", Fixtures.bundle.appendingPathComponent("photos").path, "--json"]).json() as? [String: Any])
        #expect(again["imported"] as? Int == 0)
        #expect(try photos(1).count == after.count)
    }

    @Test func aFetchIntoAPinNeverDoublesAnImportedPhotoNorBringsBackARemovedOne() throws {
        let folder = Fixtures.bundle.appendingPathComponent("photos").path
        #expect(try album(["import", folder]).status == 0)
        // The pin the Sydney photos went to, and one of its photos removed by the user.
        let pins = try #require(try album(["pin", "list", "--json"]).json() as? [[String: Any]])
        let sydney = try #require(pins.first { ($0["latitude"] as? Double ?? 0) < -33 && ($0["photoCount"] as? Int ?? 0) >= 2 })
        let pinId = try #require(sydney["id"] as? Int)
        let imported = try photos(pinId)
        let removed = try #require(imported.first)
        #expect(try album(["photo", "rm", "\(removed["id"] as? Int ?? 0)"]).status == 0)

        let fetch = try album(["fetch", "--pin", "\(pinId)", "--radius-km", "5", "--per-page", "30",
                               "--source", "bundle:\(Fixtures.bundle.path)", "--json"])
        #expect(fetch.status == 0, "\(fetch.stderr)")
        let album = try photos(pinId)
        let names = album.compactMap { ($0["file"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } }
        let hashes = album.compactMap { photo -> String? in
            guard let file = photo["file"] as? String, let data = FileManager.default.contents(atPath: file) else { return nil }
            return "\(data.count)-\(data.hashValue)"
        }
        #expect(Set(hashes).count == hashes.count, "a content twice in pin \(pinId): \(names)")
        let removedBytes = try Data(contentsOf: URL(fileURLWithPath: try #require(removed["url"] as? String)))
        #expect(!album.contains { ($0["file"] as? String).flatMap { FileManager.default.contents(atPath: $0) } == removedBytes },
                "the removed photo came back through a fetch")
    }
}
