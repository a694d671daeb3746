import AlbumModel
import Foundation

/// What `album import` needs beyond pins: a part of `LibraryStore`.
public protocol ImportStore: Sendable {
    /// Whether the library holds a photo with these bytes, or the user removed one.
    func knownImport(contentHash: String) async throws(AlbumError) -> KnownImport?
    /// Stores every group in one transaction (see `AlbumDatabase.commitImport`).
    func commitImport(_ groups: [ImportGroup]) async throws(AlbumError) -> [ImportGroupOutcome]
}

/// What `album verify` needs: a part of `LibraryStore`.
public protocol VerifyStore: Sendable {
    /// The store's own consistency check: "ok" when sound (SQLite: `PRAGMA integrity_check`).
    func integrityCheck() async throws(AlbumError) -> String
    /// Every `downloaded` photo, by id.
    func downloadedPhotos() async throws(AlbumError) -> [Photo]
    /// Every content hash a photo names.
    func allContentHashes() async throws(AlbumError) -> Set<String>
    /// `downloaded → placeholder` for a fetched photo whose original is gone.
    func requeueLostDownload(photoId: Int64) async throws(AlbumError)
}
