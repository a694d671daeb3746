import AlbumKit
import AlbumModel
import Foundation

/// A pin as PRODUCT.md has it: `{id, latitude, longitude, title, note, photoCount}`.
struct PinJSON: Encodable {
    let pin: Pin
    enum Key: String, CodingKey { case id, latitude, longitude, title, note, photoCount }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(pin.id, forKey: .id)
        try c.encode(pin.coordinate.latitude, forKey: .latitude)
        try c.encode(pin.coordinate.longitude, forKey: .longitude)
        try c.encode(pin.title, forKey: .title)
        try c.encode(pin.note, forKey: .note)
        try c.encode(pin.photoCount, forKey: .photoCount)
    }
}

/// A photo as PRODUCT.md has it, except that `file` and `thumbnail` are the media URLs
/// (`/api/media/ID`, `/api/media/ID?size=thumb`): the API never shows paths on disk.
struct PhotoJSON: Encodable {
    let photo: Photo
    enum Key: String, CodingKey { case id, pinId, state, title, url, file, thumbnail, failure, takenAt, latitude, longitude }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(photo.id, forKey: .id)
        try c.encode(photo.pinId, forKey: .pinId)
        try c.encode(photo.state.name, forKey: .state)
        try c.encode(photo.title, forKey: .title)
        try c.encode(photo.isImported ? nil : photo.url, forKey: .url)
        try c.encode(photo.file == nil ? nil : "/api/media/\(photo.id)", forKey: .file)
        try c.encode(photo.thumbnail == nil ? nil : "/api/media/\(photo.id)?size=thumb", forKey: .thumbnail)
        try c.encode(photo.state.failureReason, forKey: .failure)
        try c.encode(photo.takenAt, forKey: .takenAt)
        try c.encode(photo.coordinate?.latitude, forKey: .latitude)
        try c.encode(photo.coordinate?.longitude, forKey: .longitude)
    }
}

/// A pin's album: `{pin, hasAlbum, downloading, noImages, counts, photos}`.
struct AlbumJSON: Encodable {
    let pin: Pin
    let hasAlbum: Bool
    /// A fetch or new collection is running (here or in another `album` process).
    let downloading: Bool
    let photos: [Photo]

    enum Key: String, CodingKey { case pin, hasAlbum, downloading, noImages, counts, photos }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(PinJSON(pin: pin), forKey: .pin)
        try c.encode(hasAlbum, forKey: .hasAlbum)
        try c.encode(downloading, forKey: .downloading)
        try c.encode(hasAlbum && !downloading && photos.isEmpty, forKey: .noImages)
        var counts = ["placeholder": 0, "downloading": 0, "downloaded": 0, "failed": 0]
        for photo in photos { counts[photo.state.name, default: 0] += 1 }
        try c.encode(counts, forKey: .counts)
        try c.encode(photos.map(PhotoJSON.init), forKey: .photos)
    }
}

/// The region: `{latitude, longitude, spanLatitude, spanLongitude}`.
struct RegionJSON: Encodable {
    let region: Region
    enum Key: String, CodingKey { case latitude, longitude, spanLatitude, spanLongitude }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(region.center.latitude, forKey: .latitude)
        try c.encode(region.center.longitude, forKey: .longitude)
        try c.encode(region.spanLatitude, forKey: .spanLatitude)
        try c.encode(region.spanLongitude, forKey: .spanLongitude)
    }
}

enum JSONOut {
    static func encode<T: Encodable>(_ value: T) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)) ?? Data("null".utf8)
    }
}
