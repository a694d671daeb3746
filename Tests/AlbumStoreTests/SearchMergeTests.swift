import AlbumModel
import Foundation
import Testing
import TestSupport

@testable import AlbumStore

/// `mergeSearchIndex`: after many photos are re-indexed (as naming places does), merging leaves
/// the index smaller, finds the same photos, and stops when there is nothing left to merge.
@Suite struct SearchMergeTests {
    static func blocks(_ db: AlbumDatabase) throws -> Int {
        try db.read { sql throws(AlbumError) in try sql.queryOne("SELECT count(*) AS n FROM photo_search_data")?.int("n") ?? 0 }
    }

    @Test func mergingAfterABulkReindexShrinksTheIndexAndFindsTheSame() async throws {
        let folder = TemporaryFolder("search-merge")
        let db = try AlbumDatabase(path: folder.child("album.sqlite").path)
        let words = ["harbour", "market", "bridge", "museum", "beach", "zanzibar"]
        try db.write { sql throws(AlbumError) in
            try sql.run("INSERT INTO pins (latitude, longitude, title, created_at, updated_at) VALUES (1, 1, 'Pier', 'x', 'x')")
        }
        // Photos stored in many small transactions, then each re-indexed once (a rename), as a
        // library's first naming does: every transaction leaves segments and delete markers.
        for batch in 0..<40 {
            try db.write { sql throws(AlbumError) in
                for n in 0..<50 {
                    let i = batch * 50 + n
                    try sql.run("""
                        INSERT INTO photos (pin_id, source, source_id, title, taken_at, created_at, updated_at)
                        VALUES (1, 'import', ?, ?, '2024-06-14T10:00:00', 'x', 'x')
                        """, ["h\(i)", "\(words[i % words.count]) \(i)"])
                }
            }
        }
        for batch in 0..<40 {
            try db.write { sql throws(AlbumError) in
                try sql.run("UPDATE photos SET title = title || ' again' WHERE id > ? AND id <= ?", [batch * 50, batch * 50 + 50])
            }
        }
        let query = try SearchText("harbour")
        let before = try await db.store.find(query, filter: PhotoFilter(), limit: 1000)
        let blocksBefore = try Self.blocks(db)
        var rounds = 0
        while try await db.store.mergeSearchIndex(pages: 50) { rounds += 1 }
        #expect(rounds >= 1, "there was something to merge")
        #expect(try await db.store.mergeSearchIndex(pages: 50) == false, "nothing left once merged")
        let blocksAfter = try Self.blocks(db)
        #expect(blocksAfter < blocksBefore, "\(blocksAfter) blocks, \(blocksBefore) before")
        let after = try await db.store.find(query, filter: PhotoFilter(), limit: 1000)
        #expect(after.total == before.total && after.total == 2000 / words.count + 1)
        #expect(Set(after.photos.map(\.id)) == Set(before.photos.map(\.id)))
    }
}
