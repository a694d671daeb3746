import AlbumModel
import Foundation
import Testing
import TestSupport

@testable import AlbumStore

/// `DatasetStore.downloadedPhotos(pinId:after:limit:)` on a real SQLite file (decision 0135):
/// `DatasetPageCheck`, as AlbumPostgresTests runs it on PostgreSQL; and the plans that keep a
/// page's read from walking every row.
@Suite struct DatasetPageTests {
    let folder = TemporaryFolder("dataset-pages")

    @Test func pagesReadEveryDownloadedPhotoOnceInIdOrder() async throws {
        let db = try AlbumDatabase(path: folder.child("album.sqlite").path)
        try await DatasetPageCheck.run(db.store)
    }

    /// Without a pin a page is a walk of the rowid from its start; with one, the pin's entries of
    /// `photos_by_state_pin` (a covering index), then the page's rows by id: never a sort of
    /// every downloaded row, whatever the statistics.
    @Test func aPageSeeksItsStart() throws {
        let db = try AlbumDatabase(path: folder.child("plans.sqlite").path)
        let plans = try db.read { (sql: SQL) throws(AlbumError) in
            try [
                (SQLiteLibraryStore.pageSQL, ["downloaded", Int64(5), 10] as [any SQLBindable]),
                (SQLiteLibraryStore.pinPageSQL, ["downloaded", Int64(1), Int64(5), 10]),
            ].map { query, arguments throws(AlbumError) in
                try sql.query("EXPLAIN QUERY PLAN " + query, arguments).map { $0.string("detail") ?? "" }.joined(separator: "; ")
            }
        }
        #expect(plans[0] == "SEARCH photos USING INTEGER PRIMARY KEY (rowid>?)", "\(plans[0])")
        #expect(plans[1].contains("SEARCH photos USING INTEGER PRIMARY KEY (rowid=?)"), "\(plans[1])")
        #expect(plans[1].contains("USING COVERING INDEX photos_by_state_pin (state=? AND pin_id=?)") && !plans[1].contains("SCAN"), "\(plans[1])")
    }
}
