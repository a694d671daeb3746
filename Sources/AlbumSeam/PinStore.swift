import AlbumModel
import Foundation

/// Pins and the map region: a part of `LibraryStore`.
public protocol PinStore: Sendable {
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
}
