import AlbumModel
import Foundation

/// A downloaded photo as credits and datasets show it (issue 30): with its pin (nil in the
/// unplaced tray), its position (its own, else its pin's; nil for an unplaced photo without
/// one), its files and its tags.
public struct ResearchPhoto: Sendable {
    public var photo: Photo
    public var pin: Pin?
    public var position: Coordinate?
    /// Whether `position` is the pin's because the photo has none of its own.
    public var positionFromPin: Bool
    /// Absolute paths of the original and thumbnail files (paths, not URLs: a URL a photo costs
    /// more than its tar member in `export dataset`, issue 30).
    public var filePath: String?
    public var thumbnailPath: String?
    /// Absolute URLs of the original and thumbnail files.
    public var file: URL? { filePath.map { URL(fileURLWithPath: $0, isDirectory: false) } }
    public var thumbnail: URL? { thumbnailPath.map { URL(fileURLWithPath: $0, isDirectory: false) } }
    /// Its own tags and its pin's, sorted.
    public var tags: [TagName]
}

extension Library {
    /// Every downloaded photo in id order — one pin's, or with `pinId` nil the whole library's,
    /// the unplaced tray included — with its tags: two reads of the store, whatever the size.
    /// - Throws: `AlbumError.notFound` for an unknown pin id.
    public func researchPhotos(pinId: Int64?) async throws(AlbumError) -> [ResearchPhoto] {
        let pins: [Int64: Pin]
        if let pinId {
            let pin = try await store.requirePin(id: pinId)
            pins = [pin.id: pin]
        } else {
            pins = Dictionary(try await store.pins().map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        }
        let photos = try await store.downloadedPhotos(pinId: pinId)
        let tags = try await store.photoTags(pinId: pinId)
        let base = folder.path
        return photos.map { photo in
            let pin = photo.isUnplaced ? nil : pins[photo.pinId]
            return ResearchPhoto(
                photo: photo, pin: pin, position: photo.coordinate ?? pin?.coordinate,
                positionFromPin: photo.coordinate == nil && pin != nil,
                filePath: photo.file.map { Self.path(forStoredPath: $0, in: base) },
                thumbnailPath: photo.thumbnail.map { Self.path(forStoredPath: $0, in: base) },
                tags: tags[photo.id] ?? [])
        }
    }
}
