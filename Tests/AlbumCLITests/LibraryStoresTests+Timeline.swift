import Foundation
import TestSupport
import Testing

/// The mixed timeline (issue 26): photos and entries together in local time, `--kind`, tags of
/// entries, through the `album` binary on both stores.
extension LibraryStoresTests {
    @Test(arguments: StoreKind.all)
    func timelineListsPhotosAndEntriesTogether(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        let photos = folder.child("mixed-\(store)")
        try GeoPhoto(takenAt: "2026:07:10 09:00:00", tag: "late").write(to: photos.appendingPathComponent("late.jpg"))
        try GeoPhoto(takenAt: "2026:07:02 12:30:00", tag: "lunch").write(to: photos.appendingPathComponent("lunch.jpg"))
        try GeoPhoto(tag: "undated").write(to: photos.appendingPathComponent("undated.jpg"))
        let imported = try await lib.run(["import", photos.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        func id(_ arguments: [String]) async throws -> Int { try #require((try await lib.json(arguments) as? [String: Any])?["id"] as? Int) }
        let note = try await id(["note", "add", "Ramen for dinner", "--at", "2026-07-02T20:00"])
        let song = try await id(["song", "add", "--title", "So What", "--artist", "Miles Davis", "--at", "2026-07-03T09:00"])
        let checkIn = try await id(["check-in", "--lat", "35.0116", "--lon", "135.7681", "--note", "Station", "--at", "2026-07-02T08:00"])

        func timeline(_ arguments: [String]) async throws -> [String: Any] {
            try #require(try await lib.json(["timeline"] + arguments) as? [String: Any])
        }
        func items(_ page: [String: Any]) -> [String] {
            (page["groups"] as? [[String: Any]] ?? []).flatMap { group in
                (group["items"] as? [[String: Any]] ?? []).map { "\($0["kind"] ?? "")" }
            }
        }
        // Everything by default, newest local time first; undated photos last.
        let all = try await timeline([])
        #expect(items(all) == ["photo", "song", "note", "photo", "place", "photo"], "\(all)")
        #expect(all["total"] as? Int == 6 && all["kinds"] as? [String] == ["photo", "note", "song", "audio", "checkin"])
        let july = try #require((all["groups"] as? [[String: Any]])?.first)
        #expect(july["key"] as? String == "2026-07" && july["count"] as? Int == 5)
        #expect((july["photos"] as? [Any])?.count == 2 && (july["entries"] as? [[String: Any]])?.map { $0["id"] as? Int } == [song, note, checkIn])
        // --kind narrows; a check-in is `checkin`.
        #expect(items(try await timeline(["--kind", "note,checkin"])) == ["note", "place"])
        let onlyPhotos = try await timeline(["--kind", "photo"])
        #expect(items(onlyPhotos) == ["photo", "photo", "photo"] && onlyPhotos["total"] as? Int == 3)
        // Pages cut the merged order; a group's count is the whole group's.
        let second = try await timeline(["--page", "2", "--page-size", "2"])
        #expect(items(second) == ["note", "photo"] && second["pages"] as? Int == 3, "\(second)")
        #expect((second["groups"] as? [[String: Any]])?.first?["count"] as? Int == 5)
        #expect(items(try await timeline(["--page", "9", "--page-size", "2"])) == [])
        // Days group entries with the photos of their day.
        let byDay = try await timeline(["--by", "day", "--from", "2026-07-02", "--to", "2026-07-02"])
        #expect(items(byDay) == ["note", "photo", "place"])
        #expect((byDay["groups"] as? [[String: Any]])?.first?["count"] as? Int == 3)
        // --source lists photos only (entries have no source).
        #expect(items(try await timeline(["--source", "import"])) == ["photo", "photo", "photo"])

        // The text: every kind on its line, counted as items.
        let text = try await lib.run(["timeline"])
        #expect(text.stdout.contains("2026-07  5 items\n") && text.stdout.contains("  song \(song)  2026-07-03 09:00"), "\(text.stdout)")
        #expect(text.stdout.contains("page 1 of 1, 6 items (as of photo "), "\(text.stdout)")
        #expect(try await lib.run(["timeline", "--kind", "photo"]).stdout.contains("2026-07  2 photos\n"))
        #expect(try await lib.run(["timeline", "--kind", "song", "--from", "2026-08-01"]).stdout == "no songs\n")
        let bad = try await lib.run(["timeline", "--kind", "photo,video"])
        #expect(bad.status != 0 && bad.stderr.contains("--kind 'video' is no kind (kinds: photo, note, song, audio, checkin"), "\(bad.stderr)")

        // Tags over entries as over photos: tag, tags, the timeline's --tag, untag.
        let tagged = try await lib.run(["tag", "add", "entry:\(note)", "Food"])
        #expect(tagged.stdout == "tagged 1 target with \"food\" (1 change)\n", "\(tagged.stdout) \(tagged.stderr)")
        #expect(try await lib.run(["tag", "add", "entry:\(note)", "food"]).stdout.contains("(0 changes)"))
        #expect(try await lib.run(["tags"]).stdout.contains("food  0 photos, 1 entry\n"))
        let usage = try #require(try await lib.json(["tags"]) as? [[String: Any]])
        #expect(usage.first?["tag"] as? String == "food" && usage.first?["entries"] as? Int == 1, "\(usage)")
        #expect(items(try await timeline(["--tag", "food"])) == ["note"])
        #expect(try await lib.run(["tag", "rm", "entry:\(note)", "food"]).stdout.contains("(1 change)"))
        #expect(items(try await timeline(["--tag", "food"])) == [])
        let unknown = try await lib.run(["tag", "add", "entry:9999", "x"])
        #expect(unknown.status == 1 && unknown.stderr.hasPrefix("album: error: no entry with id 9999"), "\(unknown.stderr)")

        // find says what it searched.
        #expect(try await lib.run(["find", "zzzz"]).stdout == "no photo, note, song, sound or check-in matches zzzz\n")
        #expect(try await lib.run(["find", "zzzz", "--source", "import"]).stdout == "no photo matches zzzz\n")
    }
}
