import AlbumModel
import Foundation

/// The store seam: what the fetch pipeline and the core commands (pins, photos, fetch, new
/// collection, resume, status, import, verify) need from a library's store. SQLite implements it
/// (`SQLiteLibraryStore`, `AlbumDatabase.store`); a second store (PostgreSQL) implements the same
/// protocol. Every method is async and may suspend: a store runs its blocking work off Swift's
/// cooperative pool (SQLite on the database's own thread, PostgreSQL on its event loop).
///
/// The memory features (tags, timeline, find, summaries and the card, photo placing) are its
/// refinement `MemoryStore`; plans, reminders and due deliveries `PlanStore`; the library's
/// version (`album serve`'s answer cache) `VersionedStore`.
///
/// Errors are `AlbumError`: `.notFound` naming the id for an unknown pin or photo, `.database`
/// when the store fails.
public protocol LibraryStore: MemoryStore, PlanStore, VersionedStore, AccountStore, EntryStore, SyncStore, ThumbnailStore {
    /// How errors and messages name the store (a path, or a redacted connection URL).
    var name: String { get }

    // MARK: Pins

    /// Stores a new pin and returns it with its id.
    func addPin(at coordinate: Coordinate, title: String?, note: String?) async throws(AlbumError) -> Pin
    /// Every pin, oldest first, with its photo count.
    func pins() async throws(AlbumError) -> [Pin]
    /// The pin with this id, or nil.
    func pin(id: Int64) async throws(AlbumError) -> Pin?
    /// Pins within `radiusKm` of `center`, nearest first.
    func pins(near center: Coordinate, radiusKm: Double) async throws(AlbumError) -> [Pin]
    /// Finds the nearest pin within `toleranceKm` or creates it, atomically (two processes
    /// fetching one place make one pin). With `pendingSearch`, a pin without an album is
    /// recorded as waiting for its first collection in the same transaction.
    func findOrCreatePin(
        at coordinate: Coordinate, toleranceKm: Double, title: String?, pendingSearch: AlbumInfo?
    ) async throws(AlbumError) -> (pin: Pin, created: Bool)
    /// Moves a pin; its fetched photos and search are dropped (imports stay).
    func movePin(id: Int64, to coordinate: Coordinate) async throws(AlbumError) -> (pin: Pin, droppedPhotos: Int)
    /// Changes a pin's title and/or note (`nil`: left as it is; `.some(nil)`: cleared).
    func editPin(id: Int64, title: String??, note: String??) async throws(AlbumError) -> Pin
    /// Deletes a pin with its album.
    func removePin(id: Int64) async throws(AlbumError) -> Pin
    /// The content hashes a pin's photos use.
    func contentHashes(pinId: Int64) async throws(AlbumError) -> Set<String>
    /// Stores the map region (one per library).
    func setRegion(_ region: Region) async throws(AlbumError)
    /// The stored map region, or nil.
    func region() async throws(AlbumError) -> Region?

    // MARK: Albums and photos

    /// The album of a pin, or nil when it was never searched.
    func album(pinId: Int64) async throws(AlbumError) -> AlbumInfo?
    /// The photos of a pin's album, in album order.
    func photos(pinId: Int64) async throws(AlbumError) -> [Photo]
    /// The photo with this id, or nil.
    func photo(id: Int64) async throws(AlbumError) -> Photo?
    /// Removes a photo for good: its source id and its content are remembered as removed.
    func removePhoto(id: Int64) async throws(AlbumError) -> Photo
    /// Content hashes among `hashes` that no photo uses any more.
    func unreferencedHashes(_ hashes: Set<String>) async throws(AlbumError) -> Set<String>

    // MARK: Searches and collections

    /// Marks a pin without an album as waiting for its first collection.
    func recordPendingSearch(_ search: AlbumInfo) async throws(AlbumError)
    /// First collections asked for and never stored, oldest pin first.
    func pendingSearches() async throws(AlbumError) -> [AlbumInfo]
    /// Stores a pin's first collection (one placeholder per photo); false when it has one already.
    func storeFirstCollection(_ info: AlbumInfo, photos: [SourcePhoto]) async throws(AlbumError) -> Bool
    /// Replaces a pin's album, keeping imports and photos the new collection holds too.
    /// - Returns: the content hashes of the photos that left.
    func replaceCollection(_ info: AlbumInfo, photos: [SourcePhoto]) async throws(AlbumError) -> Set<String>
    /// Source ids a pin has shown from `source`, including removed ones.
    func shownSourceIds(pinId: Int64, source: String) async throws(AlbumError) -> Set<String>

    // MARK: Claims and photo states (see `PhotoClaim`)

    /// Atomically takes the next `placeholder` photo of the pin (album order), or of any pin
    /// (`pinId` nil, oldest first: `album worker`), for `owner`: `placeholder → downloading`, its
    /// first attempt counted. Two claimers never get the same photo (SQLite: one
    /// `UPDATE … RETURNING` under the write lock; PostgreSQL: `SELECT … FOR UPDATE SKIP LOCKED`,
    /// which also takes photos whose lease ran out). nil when none is left.
    func claimNextPhoto(pinId: Int64?, by owner: ClaimOwner) async throws(AlbumError) -> PhotoClaim?
    /// How often a worker renews the claims it holds (`renewClaims`); nil for a store whose
    /// claims last as long as their process (SQLite).
    var claimRenewal: Duration? { get }
    /// Extends every claim this process holds (a store that leases); SQLite does nothing.
    func renewClaims() async throws(AlbumError)
    /// Gives back every claim this process holds (`downloading → placeholder`): a worker stopping
    /// (SIGTERM) does not leave its photos waiting for a lease to run out.
    @discardableResult
    func releaseClaims(of owner: ClaimOwner) async throws(AlbumError) -> Int
    /// Counts one more download attempt of a claimed photo (a retry). A store that leases
    /// extends the lease here: a worker still trying is alive.
    func recordAttempt(_ claim: PhotoClaim) async throws(AlbumError)
    /// Records how a claim ended (`downloading → downloaded | failed | placeholder`). A photo no
    /// longer claimed by `claim` (removed, replaced by a new collection, or its lease taken over)
    /// is left alone.
    /// - Returns: false only when a `.downloaded` photo was not stored: dropped as a duplicate by
    ///   content (bytes the user removed, or that the pin's album holds already), or no longer
    ///   held by the claim (replaced by a new collection, removed, its lease lost); the caller
    ///   then removes the files it wrote if no photo uses them.
    @discardableResult
    func record(_ outcome: PhotoOutcome, of claim: PhotoClaim) async throws(AlbumError) -> Bool
    /// Puts back claims whose owner is gone: SQLite asks `isAlive` about each claim's process
    /// token; a store that leases releases expired leases.
    /// - Returns: how many photos went back to `placeholder`.
    @discardableResult
    func releaseStaleClaims(isAlive: @escaping @Sendable (String) -> Bool) async throws(AlbumError) -> Int
    /// Records that `claim` is about to write the files of `contentHash` (table `loose_files`),
    /// before it writes them: if the claim never commits (its process killed, its photo replaced
    /// by a new collection), the next `looseFiles` finds them.
    func recordClaimedContent(_ claim: PhotoClaim, contentHash: String) async throws(AlbumError)
    /// The `loose_files` rows whose claim is over (none, or its owner gone: SQLite asks `isAlive`,
    /// PostgreSQL looks for a live lease), and the content among them that no photo and no live
    /// claim names: its files are for the caller to remove, then the rows to `forgetLooseFiles`.
    func looseFiles(isAlive: @escaping @Sendable (String) -> Bool) async throws(AlbumError) -> LooseFiles
    /// Deletes `loose_files` rows (once their unused files are removed).
    func forgetLooseFiles(_ ids: [Int64]) async throws(AlbumError)
    /// `failed → placeholder` for a pin's photos (a retry the user asked for).
    @discardableResult
    func requeueFailed(pinId: Int64) async throws(AlbumError) -> Int

    // MARK: Status

    /// Photo counts per state, for one pin or (nil) the whole library.
    func stateCounts(pinId: Int64?) async throws(AlbumError) -> StateCounts
    /// Ids of pins that still have photos to download, oldest first.
    func pinsWithWorkLeft() async throws(AlbumError) -> [Int64]

    // MARK: Import

    /// Whether the library holds a photo with these bytes, or the user removed one.
    func knownImport(contentHash: String) async throws(AlbumError) -> KnownImport?
    /// Stores every group in one transaction (see `AlbumDatabase.commitImport`).
    func commitImport(_ groups: [ImportGroup]) async throws(AlbumError) -> [ImportGroupOutcome]

    // MARK: Verify

    /// The store's own consistency check: "ok" when sound (SQLite: `PRAGMA integrity_check`).
    func integrityCheck() async throws(AlbumError) -> String
    /// Every `downloaded` photo, by id.
    func downloadedPhotos() async throws(AlbumError) -> [Photo]
    /// Every content hash a photo names.
    func allContentHashes() async throws(AlbumError) -> Set<String>
    /// `downloaded → placeholder` for a fetched photo whose original is gone.
    func requeueLostDownload(photoId: Int64) async throws(AlbumError)

    // MARK: Place naming (`Library.nameNewPlaces`)

    /// Whether a pin or photo waits for its place, zone and offset.
    func hasUnnamedPlaces() async throws(AlbumError) -> Bool
    /// Up to `limit` pins waiting for a place name.
    func unnamedPins(limit: Int) async throws(AlbumError) -> [UnnamedPin]
    /// Up to `limit` photos waiting for a place name (their pins are named first).
    func unnamedPhotos(limit: Int) async throws(AlbumError) -> [UnnamedPhoto]
    /// Stores the places and zones of pins, in one transaction.
    func setPinPlaces(_ named: [(id: Int64, place: Place?, timeZone: String?)]) async throws(AlbumError)
    /// Stores the places, zones and offsets of photos, in one transaction.
    func setPhotoPlaces(_ named: [(id: Int64, local: PhotoPlace)]) async throws(AlbumError)
    /// The key of the place data that named the rows (`PlaceDataKey.value`); nil when not known.
    func placeDataKey() async throws(AlbumError) -> String?
    /// Whether some pin or photo has been named (with whatever data named it).
    func hasNamedPlaces() async throws(AlbumError) -> Bool
    /// Records `key` as the library's place data; with `renaming`, every pin and photo waits to
    /// be named again, in the same transaction.
    func setPlaceDataKey(_ key: String, description: String, renaming: Bool) async throws(AlbumError)

    /// Lets go of the store's connections (PostgreSQL); SQLite closes with its last reference.
    func close() async
}

extension LibraryStore {
    public var claimRenewal: Duration? { nil }
    public func renewClaims() async throws(AlbumError) {}
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

/// What `LibraryStore.looseFiles` found.
public struct LooseFiles: Sendable, Equatable {
    /// The rows to forget once the files are removed.
    public var ids: [Int64]
    /// Content no photo and no live claim names: its original and thumbnail are no photo's.
    public var unused: Set<String>

    public init(ids: [Int64] = [], unused: Set<String> = []) {
        self.ids = ids
        self.unused = unused
    }
}

/// Who claims photos to download.
public struct ClaimOwner: Sendable, Hashable {
    /// Stored with each claim: this process's `ProcessToken` ("pid:start time").
    public var token: String
    /// How long a claim stays valid without news (`recordAttempt`, `record`) from its owner, for
    /// stores that lease: a store shared between machines cannot ask whether a process lives.
    /// SQLite ignores it: a claim there lasts as long as its process.
    public var lease: Duration

    public init(token: String, lease: Duration = .seconds(600)) {
        self.token = token
        self.lease = lease
    }
}

/// A photo taken to download: the photo as claimed (`downloading`) and what names the claim when
/// its outcome is recorded.
public struct PhotoClaim: Sendable, Hashable {
    public var photo: Photo
    /// Names the claim: SQLite stores the owner's token; a store that leases may make one per claim.
    public var token: String
    /// When the lease runs out; nil when the claim lasts as long as its owner's process (SQLite).
    public var expires: Date?

    public init(photo: Photo, token: String, expires: Date? = nil) {
        self.photo = photo
        self.token = token
        self.expires = expires
    }
}

/// How a claimed download ended.
public enum PhotoOutcome: Sendable, Hashable {
    /// `downloading → downloaded`, with its files (written before this is recorded).
    case downloaded(StoredFile)
    /// `downloading → failed` with the reason.
    case failed(reason: String)
    /// `downloading → placeholder`: stopped for a reason that is not the photo's (a full disk, a
    /// stopped batch); the next run downloads it.
    case released
}

/// The features a library on a store other than SQLite does not offer.
public enum LibraryStoreFeature {
    /// The one error for a feature that needs the SQLite store (a folder library's own upkeep).
    public static func unsupported(_ feature: String, in store: String) -> AlbumError {
        .invalidInput("\(feature) needs a SQLite library; \(store) does not offer it")
    }
}
