import AlbumModel
import AlbumSeam
import Foundation
import Testing

@testable import AlbumStore

/// A search matching many entries (issue 26, decision 0120): past `matchesWalkedFrom` matches
/// the page comes from walking the entries in timeline order, chunk by chunk, instead of sorting
/// every match. The page and the total must be the ones a plain reading gives, whatever the
/// order of ids against dates. The counts the timeline takes from `day_cells` likewise.
@Suite struct EntrySearchWalkTests {
    /// 3,000 entries over 2025, their days scattered against their ids (the newest entry is not
    /// the newest day). Notes say "harbour" but one in ten; "lighthouse" only before day 250 of
    /// the year, so the newest ~115 days have none; one in four is tagged "sea"; one in six is a song.
    static func library() async throws -> AlbumDatabase {
        let db = try AlbumDatabase.inMemory()
        let sea = try TagName("sea")
        for i in 0..<3_000 {
            let dayOfYear = (i * 7_919) % 365
            // 2025-01-01T00:00:00Z, and so many days after it.
            let date = Date(timeIntervalSince1970: 1_735_689_600 + Double(dayOfYear) * 86_400)
            let day = ISO8601DateFormatter.string(from: date, timeZone: .gmt, formatOptions: [.withFullDate])
            let time = try #require(PhotoTime(parsing: "\(day)T\(String(format: "%02d", 6 + i % 17)):\(String(format: "%02d", i % 60)):00"))
            var words = i % 10 == 0 ? "quiet day" : "harbour walk"
            if dayOfYear < 250 { words += " lighthouse" }
            let content: EntryContent = i % 6 == 5 ? .song(Song(title: words, artist: "band \(i % 7)")) : .note("\(words) d\(dayOfYear)")
            _ = try await db.store.addEntry(NewEntry(content: content, at: time, tags: i % 4 == 0 ? [sea] : []))
        }
        return db
    }

    /// What the search should give, read the plain way: every entry the filter selects in
    /// timeline order, those whose text holds the word.
    static func expected(_ db: AlbumDatabase, _ word: String, _ filter: EntryFilter) async throws -> [Int64] {
        let all = try await db.store.entries(filter, offset: 0, limit: 10_000).entries
        return all.filter { entry in
            switch entry.content {
            case .note(let text): text.contains(word)
            case .song(let song): song.title.contains(word)
            default: false
            }
        }.map(\.id)
    }

    @Test func aCommonWordGivesThePageAndTotalAPlainReadingGives() async throws {
        let db = try await Self.library()
        let from = try #require(LocalDate("2025-01-20")), to = try #require(LocalDate("2025-11-30"))
        let cases: [(String, EntryFilter, Int)] = [
            ("harbour", EntryFilter(), 50),
            ("harbour", EntryFilter(), 1_000),
            // No match among the newest ~900 entries: several chunks.
            ("lighthouse", EntryFilter(), 50),
            // A filter: the count joins, the walk keeps the conditions.
            ("harbour", EntryFilter(from: from, to: to), 50),
            ("lighthouse", EntryFilter(from: from, to: to), 20),
            // Fewer matches than `matchesWalkedFrom`: read whole and sorted.
            ("harbour", EntryFilter(tag: try TagName("sea")), 50),
            ("quiet", EntryFilter(), 50),
        ]
        for (word, filter, limit) in cases {
            let expected = try await Self.expected(db, word, filter)
            let found = try await db.store.findEntries(try SearchText(word), filter: filter, limit: limit)
            #expect(found.total == expected.count, "\(word) \(filter)")
            #expect(found.entries.map(\.id) == Array(expected.prefix(limit)), "\(word) \(filter) limit \(limit)")
        }
        // The cases cover both ways.
        #expect(try await Self.expected(db, "harbour", EntryFilter()).count > AlbumDatabase.matchesWalkedFrom)
        #expect(try await Self.expected(db, "harbour", EntryFilter(from: from, to: to)).count > AlbumDatabase.matchesWalkedFrom)
        #expect(try await Self.expected(db, "lighthouse", EntryFilter()).count > AlbumDatabase.matchesWalkedFrom)
        #expect(try await Self.expected(db, "quiet", EntryFilter()).count < AlbumDatabase.matchesWalkedFrom)
    }

    @Test func theRollUpCountsWhatCountingTheEntriesCounts() async throws {
        let db = try await Self.library()
        let from = try #require(LocalDate("2025-03-01")), to = try #require(LocalDate("2025-04-15"))
        let filters: [EntryFilter] = [
            EntryFilter(), EntryFilter(from: from, to: to), EntryFilter(from: from, to: to).withKinds(Set(EntryKind.allCases)),
            // Not answered by the roll-up: counted from the entries.
            EntryFilter(kind: .note, from: from, to: to), EntryFilter(from: from, to: to).withKinds([.song]),
            EntryFilter(to: to, tag: try TagName("sea")),
        ]
        for filter in filters {
            let all = try await db.store.entries(filter, offset: 0, limit: 10_000)
            #expect(all.total == all.entries.count, "\(filter)")
            var perDay: [LocalDate: Int] = [:]
            for entry in all.entries where entry.at.date >= from && entry.at.date <= to { perDay[entry.at.date, default: 0] += 1 }
            #expect(try await db.store.entriesPerDay(filter, from: from, to: to) == perDay, "\(filter)")
        }
        #expect(EntryFilterSQL.rollUpAnswers(EntryFilter(from: from)))
        #expect(!EntryFilterSQL.rollUpAnswers(EntryFilter().withKinds([.note, .song, .audio])))
    }

    /// The word cloud counts the words of every note of the period, exactly (decision 0134-entries).
    @Test func theWordCloudCountsEveryNote() async throws {
        let db = try await Self.library()
        let from = try #require(LocalDate("2025-01-01")), to = try #require(LocalDate("2025-12-31"))
        let facts = try await db.store.entryPeriodFacts(from: from, to: to, words: 3)
        var words: [String: Int] = [:]
        for entry in try await db.store.entries(EntryFilter(kind: .note), offset: 0, limit: 10_000).entries {
            if case .note(let text) = entry.content { EntryWords.count(words: text, into: &words) }
        }
        // 2,500 notes (no song is a note): 300 say "quiet day" (one entry in ten), the others "harbour walk".
        #expect(words["harbour"] == 2_200 && words["walk"] == 2_200 && words["quiet"] == 300, "\(words)")
        #expect(facts.words == [NameCount(name: "harbour", count: 2_200), NameCount(name: "walk", count: 2_200),
                                NameCount(name: "lighthouse", count: words["lighthouse"] ?? 0)])
    }
}
