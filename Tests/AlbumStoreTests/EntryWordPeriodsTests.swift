import AlbumModel
import AlbumSeam
import Foundation
import Testing
import TestSupport

@testable import AlbumStore

/// The word cloud's roll-up on SQLite (migration `entries-wordPeriods`, decision 0134-entries):
/// after adds, edits, moves, removals, sync's adds by client id and transcripts through the
/// store, `word_periods` holds the words of every note's and check-in's text, counted in Swift.
@Suite struct EntryWordPeriodsTests {
    @Test func theWordsOfEveryTextAreRolledUpAfterEveryWrite() async throws {
        let db = try AlbumDatabase.inMemory()
        var steps = 0
        try await WordPeriodsScenario.run(db.store) { step in
            steps += 1
            let stored = try db.write { sql throws(AlbumError) in
                try sql.query("SELECT period, word, uses FROM word_periods").map {
                    "\($0.string(0) ?? "")|\($0.string(1) ?? "")|\($0.int64(2) ?? 0)"
                }.sorted()
            }
            let expected = try await WordPeriodsScenario.expected(db.store)
            #expect(stored == expected, "after \(step)")
            #expect(!stored.isEmpty)
        }
        #expect(steps == 6)
    }
}
