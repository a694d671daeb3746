#if PostgreSQL
import AlbumPostgres
import TestSupport
import Testing

extension PostgresStoreTests {
    /// `DatasetStore.downloadedPhotos(pinId:after:limit:)` on PostgreSQL (decision 0135): the
    /// checks AlbumStoreTests runs on SQLite (`DatasetPageCheck`).
    @Test func datasetPagesReadEveryDownloadedPhotoOnceInIdOrder() async throws {
        let store = try await open(try Postgres.database())
        try await DatasetPageCheck.run(store)
        await store.close()
    }
}
#endif
