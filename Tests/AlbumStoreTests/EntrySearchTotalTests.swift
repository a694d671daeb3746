import AlbumModel
import AlbumSeam
import Foundation
import Testing

@testable import AlbumStore

/// `find`'s total of entries for one plain word without a filter is the word's document count in
/// the search index (`entry_search_rows`, migration `entries-searchRows`, decision 0128-entries):
/// the number counting every match gives, after removals, edits and in any column; anything that
/// is not one plain word is counted through MATCH as before.
@Suite struct EntrySearchTotalTests {
    @Test(arguments: [
        ("harbour", "harbour"), ("Harbour", "harbour"), ("B52", "b52"), ("héllo", nil), ("harb*", nil),
        ("two words", nil), ("\"a phrase\"", nil), ("snake_case", nil), ("it's", nil),
    ] as [(String, String?)])
    func onlyAPlainWordIsReadFromTheVocabulary(text: String, term: String?) throws {
        #expect(AlbumDatabase.vocabularyTerm(try SearchText(text)) == term)
    }

    @Test func aPlainWordsTotalIsTheNumberOfItsMatches() async throws {
        let db = try AlbumDatabase.inMemory()
        let sea = try TagName("harbour")
        var ids: [Int64] = []
        for i in 0..<300 {
            let time = try #require(PhotoTime(parsing: "2025-03-\(String(format: "%02d", 1 + i % 28))T10:00:00"))
            let content: EntryContent = switch i % 4 {
            case 0: .note("Harbour walk \(i)")
            case 1: .song(Song(title: "Harbour lights", artist: "band \(i % 7)"))
            case 2: .place(note: i % 8 == 2 ? "the HARBOUR at dawn" : "a walk")
            default: .note("quiet day")
            }
            ids.append(try await db.store.addEntry(NewEntry(content: content, at: time, tags: i % 10 == 3 ? [sea] : [])).entry.id)
        }
        for id in ids where id % 9 == 0 { _ = try await db.store.removeEntry(id: id) }
        for id in ids where id % 13 == 0 {
            _ = try? await db.store.editEntry(id: id, EntryEdit(text: "no longer"))
        }
        for word in ["harbour", "HARBOUR", "walk", "quiet", "lights", "nothing"] {
            let search = try SearchText(word)
            let counted = try db.write { sql throws(AlbumError) in
                try sql.queryOne("SELECT count(*) FROM entry_search WHERE entry_search MATCH ?", [search.ftsQuery])?.int(0) ?? -1
            }
            let found = try await db.store.findEntries(search, filter: EntryFilter(), limit: 5)
            #expect(found.total == counted, "\(word)")
            #expect(word == "nothing" || counted > 0)
        }
    }
}
