import AlbumModel
import Foundation

/// Place naming (`Library.nameNewPlaces`): pins and photos waiting for their place, zone and
/// offset, and the key of the place data that named them. A part of `LibraryStore`.
public protocol PlaceNamingStore: Sendable {
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
}
