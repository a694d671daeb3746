import AlbumModel
import AlbumSeam
import Foundation

extension AlbumDatabase {
    /// This database as the store seam: every call runs on the database's own thread.
    public var store: SQLiteLibraryStore { SQLiteLibraryStore(self) }
}

/// `LibraryStore` on SQLite (decision 0075-store). Each method is the one body of its query: its
/// SQL runs inside `read { db in … }` (a reader connection, on a reader's thread, one read
/// transaction) or `write { db in … }` (the writer connection, on the writer's thread, one
/// `BEGIN IMMEDIATE` transaction), so nothing blocks Swift's cooperative threads. The bodies live
/// beside their topic's SQL (`Records/`, `Memory/`, `Entries/`); what several bodies share is a
/// connection-level helper taking the `SQL` of the transaction (`AlbumDatabase.fetchPin(db, id:)`).
/// Capabilities not yet written this way still forward here to a synchronous `AlbumDatabase` method.
/// Claims are held by process token (`claimed_by`) for as long as the process lives;
/// `ClaimOwner.lease` is not used.
public struct SQLiteLibraryStore: LibraryStore {
    public let database: AlbumDatabase

    public init(_ database: AlbumDatabase) { self.database = database }

    public var name: String { database.name }

    /// Runs `body` with a reader connection on a reader's thread, in one read transaction (one
    /// snapshot; a write is refused). In single-connection mode, the one connection, writes refused.
    func read<T: Sendable>(_ body: @escaping @Sendable (SQL) throws(AlbumError) -> T) async throws(AlbumError) -> T {
        try await database.onReader(body)
    }

    /// Runs `body` with the writer connection on the writer's thread, in one write transaction:
    /// it commits if `body` returns, rolls back if it throws.
    @discardableResult
    func write<T: Sendable>(_ body: @escaping @Sendable (SQL) throws(AlbumError) -> T) async throws(AlbumError) -> T {
        try await database.onWriter(body)
    }

    public func album(pinId: Int64) async throws(AlbumError) -> AlbumInfo? {
        try await database.read { db throws(AlbumError) in try db.album(pinId: pinId) }
    }

    public func photos(pinId: Int64) async throws(AlbumError) -> [Photo] {
        try await database.read { db throws(AlbumError) in try db.photos(pinId: pinId) }
    }

    public func photo(id: Int64) async throws(AlbumError) -> Photo? {
        try await database.read { db throws(AlbumError) in try db.photo(id: id) }
    }

    public func removePhoto(id: Int64) async throws(AlbumError) -> Photo {
        try await database.write { db throws(AlbumError) in try db.removePhoto(id: id) }
    }

    public func unreferencedHashes(_ hashes: Set<String>) async throws(AlbumError) -> Set<String> {
        try await database.read { db throws(AlbumError) in try db.unreferencedHashes(hashes) }
    }

    public func recordPendingSearch(_ search: AlbumInfo) async throws(AlbumError) {
        try await database.write { db throws(AlbumError) in try db.recordPendingSearch(search) }
    }

    public func pendingSearches() async throws(AlbumError) -> [AlbumInfo] {
        try await database.read { db throws(AlbumError) in try db.pendingSearches() }
    }

    public func storeFirstCollection(_ info: AlbumInfo, photos: [SourcePhoto]) async throws(AlbumError) -> Bool {
        try await database.write { db throws(AlbumError) in try db.storeFirstCollection(info, photos: photos) }
    }

    public func replaceCollection(_ info: AlbumInfo, photos: [SourcePhoto]) async throws(AlbumError) -> Set<String> {
        try await database.write { db throws(AlbumError) in try db.replaceCollection(info, photos: photos) }
    }

    public func shownSourceIds(pinId: Int64, source: String) async throws(AlbumError) -> Set<String> {
        try await database.read { db throws(AlbumError) in try db.shownSourceIds(pinId: pinId, source: source) }
    }

    public func claimNextPhoto(pinId: Int64?, by owner: ClaimOwner) async throws(AlbumError) -> PhotoClaim? {
        let token = owner.token
        return try await database.write { db throws(AlbumError) in
            try db.claimNextPhoto(pinId: pinId, owner: token).map { PhotoClaim(photo: $0, token: token) }
        }
    }

    @discardableResult
    public func releaseClaims(of owner: ClaimOwner) async throws(AlbumError) -> Int {
        let token = owner.token
        return try await database.write { db throws(AlbumError) in try db.releaseClaims(owner: token) }
    }

    public func recordAttempt(_ claim: PhotoClaim) async throws(AlbumError) {
        let id = claim.photo.id
        try await database.write { db throws(AlbumError) in try db.recordAttempt(photoId: id) }
    }

    @discardableResult
    public func record(_ outcome: PhotoOutcome, of claim: PhotoClaim) async throws(AlbumError) -> Bool {
        let (id, token) = (claim.photo.id, claim.token)
        return try await database.write { db throws(AlbumError) in
            switch outcome {
            case .downloaded(let stored): return try db.markDownloaded(photoId: id, stored, claim: token)
            case .failed(let reason): try db.markFailed(photoId: id, reason: reason, claim: token)
            case .released: try db.releaseClaim(photoId: id, claim: token)
            }
            return true
        }
    }

    @discardableResult
    public func releaseStaleClaims(isAlive: @escaping @Sendable (String) -> Bool) async throws(AlbumError) -> Int {
        try await database.write { db throws(AlbumError) in try db.releaseStaleClaims(isAlive: isAlive) }
    }

    public func recordClaimedContent(_ claim: PhotoClaim, contentHash: String) async throws(AlbumError) {
        let (id, token) = (claim.photo.id, claim.token)
        try await database.write { db throws(AlbumError) in try db.recordClaimedContent(photoId: id, claim: token, contentHash: contentHash) }
    }

    public func looseFiles(isAlive: @escaping @Sendable (String) -> Bool) async throws(AlbumError) -> LooseFiles {
        try await database.read { db throws(AlbumError) in try db.looseFiles(isAlive: isAlive) }
    }

    public func forgetLooseFiles(_ ids: [Int64]) async throws(AlbumError) {
        guard !ids.isEmpty else { return }
        try await database.write { db throws(AlbumError) in try db.forgetLooseFiles(ids) }
    }

    @discardableResult
    public func requeueFailed(pinId: Int64) async throws(AlbumError) -> Int {
        try await database.write { db throws(AlbumError) in try db.requeueFailed(pinId: pinId) }
    }

    public func stateCounts(pinId: Int64?) async throws(AlbumError) -> StateCounts {
        try await database.read { db throws(AlbumError) in try db.stateCounts(pinId: pinId) }
    }

    public func pinsWithWorkLeft() async throws(AlbumError) -> [Int64] {
        try await database.read { db throws(AlbumError) in try db.pinsWithWorkLeft() }
    }

    public func knownImport(contentHash: String) async throws(AlbumError) -> KnownImport? {
        try await database.read { db throws(AlbumError) in try db.knownImport(contentHash: contentHash) }
    }

    public func commitImport(_ groups: [ImportGroup]) async throws(AlbumError) -> [ImportGroupOutcome] {
        try await database.write { db throws(AlbumError) in try db.commitImport(groups) }
    }

    public func integrityCheck() async throws(AlbumError) -> String {
        try await database.read { db throws(AlbumError) in try db.integrityCheck() }
    }

    public func downloadedPhotos() async throws(AlbumError) -> [Photo] {
        try await database.read { db throws(AlbumError) in try db.downloadedPhotos() }
    }

    public func allContentHashes() async throws(AlbumError) -> Set<String> {
        try await database.read { db throws(AlbumError) in try db.allContentHashes() }
    }

    public func requeueLostDownload(photoId: Int64) async throws(AlbumError) {
        try await database.write { db throws(AlbumError) in try db.requeueLostDownload(photoId: photoId) }
    }

    public func hasUnnamedPlaces() async throws(AlbumError) -> Bool {
        try await database.read { db throws(AlbumError) in try db.hasUnnamedPlaces() }
    }

    public func unnamedPins(limit: Int) async throws(AlbumError) -> [UnnamedPin] {
        try await database.read { db throws(AlbumError) in try db.unnamedPins(limit: limit) }
    }

    public func unnamedPhotos(limit: Int) async throws(AlbumError) -> [UnnamedPhoto] {
        try await database.read { db throws(AlbumError) in try db.unnamedPhotos(limit: limit) }
    }

    public func setPinPlaces(_ named: [(id: Int64, place: Place?, timeZone: String?)]) async throws(AlbumError) {
        try await database.write { db throws(AlbumError) in try db.setPinPlaces(named) }
    }

    public func setPhotoPlaces(_ named: [(id: Int64, local: PhotoPlace)]) async throws(AlbumError) {
        try await database.write { db throws(AlbumError) in try db.setPhotoPlaces(named) }
    }

    public func placeDataKey() async throws(AlbumError) -> String? {
        try await database.read { db throws(AlbumError) in try db.placeDataKey() }
    }

    public func hasNamedPlaces() async throws(AlbumError) -> Bool {
        try await database.read { db throws(AlbumError) in try db.hasNamedPlaces() }
    }

    public func setPlaceDataKey(_ key: String, description: String, renaming: Bool) async throws(AlbumError) {
        try await database.write { db throws(AlbumError) in try db.setPlaceDataKey(key, description: description, renaming: renaming) }
    }
}
