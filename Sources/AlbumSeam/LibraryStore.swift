import AlbumModel
import Foundation

/// The store seam: what the fetch pipeline and the core commands (pins, photos, fetch, new
/// collection, resume, status, import, verify) need from a library's store. SQLite implements it
/// (`SQLiteLibraryStore`, `AlbumDatabase.store`); a second store (PostgreSQL) implements the same
/// protocol. Every method is async and may suspend: a store runs its blocking work off Swift's
/// cooperative pool (SQLite on the database's own thread, PostgreSQL on its event loop).
///
/// It is the sum of its capabilities, each a protocol of its own file: pins and the region
/// (`PinStore`), albums and collections (`CollectionStore`), the download queue (`DownloadStore`),
/// import (`ImportStore`), verify (`VerifyStore`), place naming (`PlaceNamingStore`), the memory
/// features (`MemoryStore`: tags, timeline, find, summaries and the card, photo placing), plans,
/// reminders and due deliveries (`PlanStore`), the library's version (`VersionedStore`, `album
/// serve`'s answer cache), users and shares (`AccountStore`), entries (`EntryStore`), sync
/// (`SyncStore`) and the voice diary's moods and transcripts (`VoiceStore`).
///
/// Errors are `AlbumError`: `.notFound` naming the id for an unknown pin or photo, `.database`
/// when the store fails.
public protocol LibraryStore:
    PinStore, CollectionStore, DownloadStore, ImportStore, VerifyStore, PlaceNamingStore,
    MemoryStore, PlanStore, VersionedStore, AccountStore, EntryStore, SyncStore,
    VoiceStore, ThumbnailStore, TripStore
{
    /// How errors and messages name the store (a path, or a redacted connection URL).
    var name: String { get }

    /// Lets go of the store's connections (PostgreSQL); SQLite closes with its last reference.
    func close() async
}

extension LibraryStore {
    public func close() async {}

    /// The pin with this id. - Throws: `AlbumError.notFound` naming the id and the store.
    public func requirePin(id: Int64) async throws(AlbumError) -> Pin {
        guard let pin = try await pin(id: id) else { throw .noPin(id, in: name) }
        return pin
    }

    /// The photo with this id. - Throws: `AlbumError.notFound` naming the id and the store.
    public func requirePhoto(id: Int64) async throws(AlbumError) -> Photo {
        guard let photo = try await photo(id: id) else { throw .noPhoto(id, in: name) }
        return photo
    }
}

/// The features a library on a store other than SQLite does not offer.
public enum LibraryStoreFeature {
    /// The one error for a feature that needs the SQLite store (a folder library's own upkeep).
    public static func unsupported(_ feature: String, in store: String) -> AlbumError {
        .invalidInput("\(feature) needs a SQLite library; \(store) does not offer it")
    }
}
