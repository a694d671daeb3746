import Foundation
import Testing
import TestSupport

/// `album timeline`, `tag`, `tags`, `find` and `photo place` through the built binary, on a
/// library made by `album import` of the shared fixture folder.
@Suite struct MemoryCommandTests {
    let folder = TemporaryFolder("memory-cli")
    var library: String { folder.child("lib").path }

    func album(_ arguments: [String], library: String? = nil) throws -> AlbumRun {
        try AlbumProcess.run(arguments + ["--library", library ?? self.library])
    }

    func imported() throws {
        try ImportFixture.write(to: folder.child("photos"))
        let run = try album(["import", folder.child("photos").path])
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test func everyImportedPhotoIsOnTheTimelineOnce() throws {
        try imported()
        let run = try album(["timeline", "--by", "month", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let page = try #require(try run.json() as? [String: Any])
        let total = ImportFixture.located + ImportFixture.unplaced
        #expect(page["total"] as? Int == total)
        #expect(page["page"] as? Int == 1 && page["pages"] as? Int == 1)
        let groups = try #require(page["groups"] as? [[String: Any]])
        #expect(groups.compactMap { $0["key"] as? String } == ["2024-09", "2024-08", "2024-07", "2024-06", "2024-04"])
        let photos = groups.flatMap { ($0["photos"] as? [[String: Any]]) ?? [] }
        #expect(photos.count == total)
        #expect(Set(photos.compactMap { $0["id"] as? Int }).count == total)
        #expect(groups.reduce(0) { $0 + (($1["count"] as? Int) ?? 0) } == total)
        // Unplaced photos are there, without a pin, and every absent value is null.
        let unplaced = photos.filter { $0["pinId"] is NSNull }
        #expect(unplaced.count == ImportFixture.unplaced)
        #expect(unplaced.allSatisfy { $0["place"] is NSNull && $0["thumbnail"] is String })
        let june = try #require(groups.first { $0["key"] as? String == "2024-06" })
        #expect(june["from"] as? String == "2024-06-01" && june["to"] as? String == "2024-06-30")

        let text = try album(["timeline", "--by", "day", "--page-size", "2"])
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("2024-09-21  2 photos\n"), "\(text.stdout)")
        #expect(text.stdout.contains("page 1 of \((total + 1) / 2), \(total) photos"))
    }

    @Test func tagsAndFindThroughTheBinary() throws {
        try imported()
        let day = try album(["tag", "add", "--day", "2024-06-14", "  Paris  Trip "])
        #expect(day.status == 0, "\(day.stderr)")
        let photo = try album(["tag", "add", "photo:1", "Été", "hiking"])
        #expect(photo.status == 0, "\(photo.stderr)")
        let tags = try #require(try album(["tags", "--json"]).json() as? [[String: Any]])
        #expect(tags.first?["tag"] as? String == "paris trip")
        #expect(tags.compactMap { $0["tag"] as? String }.sorted() == ["hiking", "paris trip", "été"])

        let found = try album(["find", "ete", "--json"])
        #expect(found.status == 0, "\(found.stderr)")
        let results = try #require(try found.json() as? [String: Any])
        #expect(results["total"] as? Int == 1)
        let byTag = try #require(try album(["timeline", "--tag", "PARIS TRIP", "--json"]).json() as? [String: Any])
        #expect(byTag["total"] as? Int == tags.first?["photos"] as? Int)

        let canon = try #require(try album(["find", "eos", "r6", "--json"]).json() as? [String: Any])
        let expected = (ImportFixture.photos + ImportFixture.unplacedPhotos).filter { $0.1.model == "Canon EOS R6" }.count
        #expect(canon["total"] as? Int == expected, "the copy of paris/a.jpg is one photo")
    }

    @Test func anUnplacedPhotoTakesItsSuggestedPlace() throws {
        try imported()
        let page = try #require(try album(["timeline", "--json"]).json() as? [String: Any])
        let photos = (page["groups"] as? [[String: Any]] ?? []).flatMap { ($0["photos"] as? [[String: Any]]) ?? [] }
        let nearParis = try #require(photos.first { $0["title"] as? String == "near-paris.jpg" })
        let nikon = try #require(photos.first { $0["title"] as? String == "other-camera.jpg" })
        let id = try #require(nearParis["id"] as? Int)
        let placed = try album(["photo", "place", String(id), "--accept-suggestion", "--json"])
        #expect(placed.status == 0, "\(placed.stderr)")
        #expect((try placed.json() as? [String: Any])?["pinId"] is Int)

        let none = try album(["photo", "place", String(nikon["id"] as? Int ?? 0), "--accept-suggestion"])
        #expect(none.status != 0 && none.stderr.hasPrefix("album: error: photo ") && none.stderr.contains("no suggested place"))
        let at = try album(["photo", "place", String(nikon["id"] as? Int ?? 0), "--lat", "35.68", "--lon", "139.76"])
        #expect(at.status == 0 && at.stdout.contains("new pin"), "\(at.stdout)\(at.stderr)")

        // A second import stores nothing again.
        let again = try #require(try album(["import", folder.child("photos").path, "--json"]).json() as? [String: Any])
        #expect(again["imported"] as? Int == 0)
    }

    @Test func summaryAndItsCard() throws {
        try imported()
        let json = try album(["summary", "--month", "2024-06", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let summary = try #require(try json.json() as? [String: Any])
        // Paris: a, b, c, far (one pin each side of 1 km) and the three unplaced photos, all on the 14th.
        #expect(summary["photos"] as? Int == 7)
        #expect(summary["activeDays"] as? Int == 1)
        #expect(summary["unplaced"] as? Int == 3)
        #expect((summary["series"] as? [[String: Any]])?.count == 30)

        let card = folder.child("june.png")
        let run = try album(["summary", "--month", "2024-06", "--card", card.path])
        #expect(run.status == 0, "\(run.stderr)")
        let png = try Data(contentsOf: card)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 1080 && height == 1350)
        // An existing file is replaced only with --force (issue 22).
        let kept = try album(["summary", "--month", "2024-06", "--card", card.path])
        #expect(kept.status != 0 && kept.stderr.contains("exists: not replaced (give --force"), "\(kept.stderr)")
        #expect(try album(["summary", "--month", "2024-06", "--card", card.path, "--force"]).status == 0)
        #expect(try Data(contentsOf: card) == png, "the same library gives the same card")

        let missing = folder.child("no/such/folder/card.png")
        let refused = try album(["summary", "--month", "2024-06", "--card", missing.path])
        #expect(refused.status != 0 && refused.stderr.hasPrefix("album: error: cannot write card "), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.child("no").path))

        let empty = try album(["summary", "--month", "2023-02", "--card", folder.child("empty.png").path])
        #expect(empty.status == 0 && empty.stdout.hasPrefix("February 2023: 0 photos"), "\(empty.stdout)\(empty.stderr)")
    }

    @Test(arguments: [
        (["timeline", "--from", "2024-02-30"], "--from '2024-02-30' is not a date that exists"),
        (["timeline", "--from", "2024-06-20", "--to", "2024-06-01"], "--from 2024-06-20 is after --to 2024-06-01"),
        (["timeline", "--pin", "77"], "no pin with id 77"),
        (["tag", "add", "photo:999", "x"], "no photo with id 999"),
        (["tag", "add", "pin:5", "   "], "tag '   ' is empty"),
        (["tag", "add", "photo:1", String(repeating: "long", count: 20)], "at most 64 are allowed"),
        (["tag", "add", "photo:x", "y"], "target 'photo:x' is not photo:ID, pin:ID or entry:ID"),
        (["find", "\"eiffel"], "unbalanced quote"),
        (["find", "*"], "'*' must end a word"),
        (["summary"], "give --month YYYY-MM, --year YYYY or --trip N (one of them)"),
        (["summary", "--month", "2024-13"], "month '2024-13' is not a month"),
        (["tag", "add", "--day", "2024-02-30", "x"], "--day '2024-02-30' is not a date that exists"),
    ])
    func badInputIsOneLineAndTouchesNothing(arguments: [String], message: String) throws {
        let fresh = folder.child("fresh").path
        let run = try album(arguments, library: fresh)
        #expect(run.status != 0)
        #expect(run.stderr.hasPrefix("album: error: ") && run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fresh), "nothing is created")
    }
}
