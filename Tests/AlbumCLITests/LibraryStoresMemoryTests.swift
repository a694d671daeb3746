import Foundation
import TestSupport
import Testing

/// The memory commands (tags, timeline, find, summary and its card, photo place, places) on both stores
/// (issue 16), through the `album` binary, on a library made by `album import` of the shared
/// fixture folder: the same answers on a folder library and on PostgreSQL.
extension LibraryStoresTests {
    /// A library of `store` holding the import fixture; its folder of photos.
    func importedLibrary(_ store: StoreKind) async throws -> StoreLibrary {
        let lib = try StoreLibrary(store, folder: folder)
        let photos = folder.child("memory-photos-\(store)")
        try ImportFixture.write(to: photos)
        let report = try #require(try await lib.json(["import", photos.path]) as? [String: Any])
        #expect(report["imported"] as? Int == ImportFixture.located + ImportFixture.unplaced, "\(report)")
        return lib
    }

    /// Every photo id of a timeline or search answer.
    static func ids(_ answer: Any) -> [Int] {
        let dict = answer as? [String: Any] ?? [:]
        let photos = (dict["groups"] as? [[String: Any]])?.flatMap { $0["photos"] as? [[String: Any]] ?? [] }
            ?? dict["photos"] as? [[String: Any]] ?? []
        return photos.compactMap { $0["id"] as? Int }
    }

    @Test(arguments: StoreKind.all)
    func tagsAndFindWithAccentsPrefixesAndTags(_ store: StoreKind) async throws {
        let lib = try await importedLibrary(store)
        let day = try #require(try await lib.json(["tag", "add", "--day", "2024-06-14", "  Paris  Trip "]) as? [String: Any])
        #expect(day["targets"] as? Int == 7 && day["changed"] as? Int == 7, "\(day)")
        #expect(try await lib.run(["tag", "add", "photo:1", "Été", "hiking"]).stdout == "tagged 1 target with \"été\", \"hiking\" (2 changes)\n")
        let pins = try #require(try await lib.json(["pin", "list"]) as? [[String: Any]])
        let sydney = try #require(pins.first { ($0["place"] as? [String: Any])?["name"] as? String == "Sydney" }?["id"] as? Int)
        #expect(try await lib.run(["tag", "add", "pin:\(sydney)", "Beach"]).status == 0)

        let tags = try #require(try await lib.json(["tags"]) as? [[String: Any]])
        #expect(tags.map { "\($0["tag"] ?? "") \($0["photos"] ?? "") \($0["pins"] ?? "")" } == [
            "paris trip 7 0", "beach 2 1", "hiking 1 0", "été 1 0",
        ])
        // Case and accents fold, prefixes and phrases match, tags and place names are searched.
        #expect(try Self.ids(await lib.json(["find", "ETE"])) == [1])
        #expect(try Self.ids(await lib.json(["find", "hik*"])) == [1])
        #expect(try Self.ids(await lib.json(["find", "beach"])).count == 2)
        #expect(try Self.ids(await lib.json(["find", "syd*"])).count == 2, "the pin's place name")
        #expect(try Self.ids(await lib.json(["find", "\"paris trip\""])).count == 7)
        #expect(try Self.ids(await lib.json(["find", "\"trip paris\""])).isEmpty)
        #expect(try Self.ids(await lib.json(["find", "eos", "r6"])).count == 6, "the copy of paris/a.jpg is one photo")
        #expect(try Self.ids(await lib.json(["find", "canon", "--tag", "paris trip", "--to", "2024-06-14"])).count == 6)
        #expect(try await lib.run(["find", "nothing-like-this"]).stdout == "no photo, note, song, sound or check-in matches nothing-like-this\n")
        let byTag = try #require(try await lib.json(["timeline", "--tag", "BEACH"]) as? [String: Any])
        #expect(byTag["total"] as? Int == 2)

        #expect(try await lib.run(["tag", "rm", "pin:\(sydney)", "beach"]).stdout == "untagged 1 target with \"beach\" (1 change)\n")
        #expect(try Self.ids(await lib.json(["find", "beach"])).isEmpty, "the index follows a removed tag")
        #expect(try await lib.run(["tag", "rm", "photo:1", "été"]).status == 0)
        #expect(try Self.ids(await lib.json(["find", "ete"])).isEmpty)
    }

    /// The JSON of the timeline (every grouping, page by page), summaries and searches: on
    /// PostgreSQL byte for byte SQLite's, but for where the files folder is.
    @Test func timelineSummaryAndFindGiveTheSameJSONOnBothStores() async throws {
        var answers: [StoreKind: [String]] = [:]
        for store in StoreKind.all {
            let lib = try await importedLibrary(store)
            _ = try await lib.json(["tag", "add", "--day", "2024-06-14", "paris trip"])
            _ = try await lib.json(["tag", "add", "photo:12", "city"])
            var outputs: [String] = []
            for by in ["day", "week", "month"] {
                var seen: [Int] = []
                var page = 1, pages = 1
                repeat {
                    let run = try await lib.run(["timeline", "--by", by, "--page-size", "5", "--page", "\(page)", "--json"])
                    #expect(run.status == 0, "\(run.stderr)")
                    let answer = try #require(try run.json() as? [String: Any])
                    pages = answer["pages"] as? Int ?? 0
                    seen += Self.ids(answer)
                    outputs.append(run.stdout)
                    page += 1
                } while page <= pages
                #expect(seen.count == ImportFixture.located + ImportFixture.unplaced && Set(seen).count == seen.count, "\(store) \(by)")
            }
            for arguments in [
                ["summary", "--month", "2024-06"], ["summary", "--year", "2024"], ["summary", "--month", "2024-07"],
                ["timeline", "--from", "2024-06-01", "--to", "2024-07-31", "--by", "week"], ["timeline", "--pin", "1"],
                ["timeline", "--tag", "city"], ["timeline", "--source", "import", "--page-size", "3", "--page", "2"],
                ["places"], ["places", "--country", "AU"],
            ] {
                let run = try await lib.run(arguments + ["--json"])
                #expect(run.status == 0, "\(arguments): \(run.stderr)")
                outputs.append(run.stdout)
            }
            for text in ["canon", "paris", "new york", "tg*", "trip", "jpg", "syd*"] {
                // Ranking is each store's own (BM25, ts_rank): the same photos match.
                let answer = try #require(try await lib.json(["find", text]) as? [String: Any])
                outputs.append("\(text): \(answer["total"] ?? "") \(Self.ids(answer).sorted())")
            }
            answers[store] = outputs.map { $0.replacingOccurrences(of: store.files(of: lib.library), with: "FILES") }
        }
        let sqlite = try #require(answers[.sqlite])
        for (store, outputs) in answers where store != .sqlite {
            #expect(outputs.count == sqlite.count)
            for (mine, theirs) in zip(outputs, sqlite) { #expect(mine == theirs, "\(store)") }
        }
    }

    @Test(arguments: StoreKind.all)
    func summaryCardAndPhotoPlacing(_ store: StoreKind) async throws {
        let lib = try await importedLibrary(store)
        let card = folder.child("card-\(store)-\(UUID().uuidString.prefix(4)).png")
        let run = try await lib.run(["summary", "--month", "2024-06", "--card", card.path])
        #expect(run.status == 0 && run.stdout.hasSuffix("card: \(card.path)\n"), "\(run.stdout)\(run.stderr)")
        let png = try Data(contentsOf: card)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(png[16..<20].reduce(0) { $0 << 8 | Int($1) } == 1080)
        #expect(try await lib.run(["summary", "--month", "2024-06", "--card", card.path, "--force"]).status == 0)
        #expect(try Data(contentsOf: card) == png, "the same library gives the same card")

        let page = try #require(try await lib.json(["timeline", "--tag", "nothing"]) as? [String: Any])
        #expect(page["total"] as? Int == 0)
        let unplaced = try #require(try await lib.json(["timeline", "--from", "2024-06-14", "--to", "2024-06-14"]) as? [String: Any])
        let photos = (unplaced["groups"] as? [[String: Any]] ?? []).flatMap { $0["photos"] as? [[String: Any]] ?? [] }
        let near = try #require(photos.first { $0["title"] as? String == "near-paris.jpg" }?["id"] as? Int)
        let nikon = try #require(photos.first { $0["title"] as? String == "other-camera.jpg" }?["id"] as? Int)
        let placed = try #require(try await lib.json(["photo", "place", "\(near)", "--accept-suggestion"]) as? [String: Any])
        #expect(placed["pinId"] is Int && placed["timeZone"] as? String == "Europe/Paris", "named for its new pin: \(placed)")
        let none = try await lib.run(["photo", "place", "\(nikon)", "--accept-suggestion"])
        #expect(none.status != 0 && none.stderr == "album: error: photo \(nikon) has no suggested place; give --pin ID or --lat and --lon\n")
        let tokyo = try await lib.run(["photo", "place", "\(nikon)", "--lat", "35.68", "--lon", "139.76"])
        #expect(tokyo.status == 0 && tokyo.stdout.hasPrefix("placed photo \(nikon) in new pin "), "\(tokyo.stdout)\(tokyo.stderr)")
        let june = try #require(try await lib.json(["summary", "--month", "2024-06"]) as? [String: Any])
        #expect(june["unplaced"] as? Int == 1 && june["photos"] as? Int == 7, "\(june)")
        let pin = try #require(tokyo.stdout.split(separator: " ").dropFirst(6).first.flatMap { Int($0) })
        #expect(try await lib.photos(pin).compactMap { $0["id"] as? Int } == [nikon])
        #expect(try Self.ids(await lib.json(["timeline", "--pin", "\(pin)"])) == [nikon])
    }

    @Test(arguments: StoreKind.all)
    func memoryBadInputIsOneLineAndChangesNothing(_ store: StoreKind) async throws {
        let lib = try await importedLibrary(store)
        for (arguments, message) in [
            (["timeline", "--pin", "77"], "no pin with id 77 in "),
            (["timeline", "--page", "0"], "--page 0 must be 1 or more"),
            (["tag", "add", "photo:999", "x"], "no photo with id 999 in "),
            (["tag", "add", "pin:999", "x"], "no pin with id 999 in "),
            (["tag", "add", "--day", "2023-01-01", "x"], "no photo or entry is dated 2023-01-01 (local date)\n"),
            (["find", "\"eiffel"], "unbalanced quote"),
            (["find", "paris", "--pin", "77"], "no pin with id 77 in "),
            (["summary", "--month", "2024-13"], "month '2024-13' is not a month"),
            (["photo", "place", "999", "--pin", "1"], "no photo with id 999 in "),
            (["photo", "place", "14", "--pin", "999"], "no pin with id 999 in "),
        ] {
            let run = try await lib.run(arguments)
            #expect(run.status != 0 && run.stderr.hasPrefix("album: error: ") && run.stderr.contains(message), "\(arguments): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        }
        #expect((try await lib.json(["tags"]) as? [Any])?.isEmpty == true, "nothing was tagged")
        let pins = try #require(try await lib.json(["pin", "list"]) as? [Any])
        #expect(pins.count == ImportFixture.places)
    }
}
