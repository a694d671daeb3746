import AlbumModel
import Foundation

/// The download queue: claims, photo states, files written by claims that never committed, and
/// the counts `album status` shows. A part of `LibraryStore`; the fetch pipeline and `album
/// worker` (`PhotoWorker`) drive it.
public protocol DownloadStore: Sendable {
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

    /// Photo counts per state, for one pin or (nil) the whole library.
    func stateCounts(pinId: Int64?) async throws(AlbumError) -> StateCounts
    /// Photo counts per state of every pin that has photos, in one read (`album status`).
    func stateCountsByPin() async throws(AlbumError) -> [Int64: StateCounts]
    /// Ids of pins that still have photos to download, oldest first.
    func pinsWithWorkLeft() async throws(AlbumError) -> [Int64]
}

extension DownloadStore {
    public var claimRenewal: Duration? { nil }
    public func renewClaims() async throws(AlbumError) {}
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
