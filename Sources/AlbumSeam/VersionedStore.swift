import AlbumModel

/// A store that says cheaply where its data stands, for caches of answers (`album serve`):
/// two versions compare equal only if nothing was committed in between, by any process.
public protocol VersionedStore: Sendable {
    /// The version now (SQLite: `PRAGMA data_version` and `total_changes()`; PostgreSQL: the
    /// server's snapshot of committed transactions, decision 0044-pgplans).
    func version() async throws(AlbumError) -> LibraryVersion
}
