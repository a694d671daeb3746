@testable import AlbumCore
import AlbumModel
import AlbumStore
import Testing

/// Tags and FTS5 search on a real SQLite library.
@Suite struct TagAndFindTests {
    @Test func tagsOnPhotosPinsAndDaysFilterTheTimeline() async throws {
        let m = try await MemoryLibrary()
        let paris = try await m.add([("2024-06-14T10:00:00", "louvre"), ("2024-06-14T11:00:00", "seine")], at: .at(48.85, 2.35))
        let alps = try await m.add([("2024-06-16T10:00:00", "summit")], at: .at(45.9, 6.8))
        let alpsPin = try await m.library.store.requirePhoto(id: alps[0]).pinId
        try await m.library.addTags([TagName("Hiking"), TagName("Été")], to: .pin(alpsPin))
        try await m.library.addTags([TagName("  HIKING ")], to: .photo(paris[1]))
        let day = try await m.library.addTags([TagName("城市")], to: .day(#require(LocalDate("2024-06-14"))))
        #expect(day.targets == 2)

        let usage = try await m.library.tags()
        #expect(usage.map(\.tag.value) == ["hiking", "城市", "été"])
        #expect(usage.map(\.photos) == [2, 2, 1])
        #expect(usage.first?.pins == 1)

        let hiking = try await m.library.timeline(by: .day, filter: PhotoFilter(tag: TagName("HIKING")))
        #expect(Set(hiking.groups.flatMap(\.photos).map(\.id)) == [paris[1], alps[0]])

        // Adding twice changes nothing; removing from the pin leaves the photo's own tag.
        #expect(try await m.library.addTags([TagName("hiking")], to: .photo(paris[1])).changed == 0)
        try await m.library.removeTags([TagName("hiking")], from: .pin(alpsPin))
        #expect(try await m.library.tags().first { $0.tag.value == "hiking" }?.photos == 1)

        await #expect(throws: AlbumError.self) { try await m.library.addTags([TagName("x")], to: .photo(9999)) }
        await #expect(throws: AlbumError.self) { try await m.library.addTags([TagName("x")], to: .pin(9999)) }
        await #expect(throws: AlbumError.self) { try await m.library.addTags([], to: .photo(paris[0])) }
    }

    @Test func searchFoldsDiacriticsTakesPrefixesAndPhrasesAndStaysInStep() async throws {
        let m = try await MemoryLibrary()
        let ids = try await m.add([
            ("2024-06-14T10:00:00", "Café Müller at dawn"), ("2024-06-15T10:00:00", "Mountain lake"),
            ("2024-06-16T10:00:00", "mountaineering school"), ("2024-06-17T10:00:00", "lake at mountain hut"),
        ], at: .at(47.0, 11.0), make: "Fujifilm", model: "X-T5")
        #expect(try await m.library.find(SearchText("cafe muller")).photos.map(\.id) == [ids[0]])
        #expect(try await m.library.find(SearchText("CAFÉ")).photos.map(\.id) == [ids[0]])
        #expect(Set(try await m.library.find(SearchText("mount*")).photos.map(\.id)) == [ids[1], ids[2], ids[3]])
        #expect(try await m.library.find(SearchText("\"mountain lake\"")).photos.map(\.id) == [ids[1]])
        #expect(try await m.library.find(SearchText("fujifilm")).total == 4)
        #expect(try await m.library.find(SearchText("nothing-like-this")).total == 0)
        // NEAR, OR and parentheses are words, not syntax.
        #expect(try await m.library.find(SearchText("lake NEAR(mountain)")).total == 0)

        // Tags, pin titles and removal reach the index.
        try await m.library.addTags([TagName("Randonnée")], to: .photo(ids[2]))
        #expect(try await m.library.find(SearchText("randonnee")).photos.map(\.id) == [ids[2]])
        let pin = try await m.library.store.requirePhoto(id: ids[0]).pinId
        try await m.library.addTags([TagName("tirol")], to: .pin(pin))
        #expect(try await m.library.find(SearchText("tirol")).total == 4)
        try await m.library.removeTags([TagName("tirol")], from: .pin(pin))
        #expect(try await m.library.find(SearchText("tirol")).total == 0)
        try await m.library.removePhoto(id: ids[1])
        #expect(try await m.library.find(SearchText("lake")).photos.map(\.id) == [ids[3]])

        // Filters combine with the search.
        let filtered = try await m.library.find(SearchText("mount*"), filter: PhotoFilter(from: LocalDate("2024-06-17")))
        #expect(filtered.photos.map(\.id) == [ids[3]])
    }
}
