import AlbumCore
import AlbumModel
import Foundation

extension PhotoJSON {
    /// The API's photo: AlbumKit's `PhotoJSON` with media URLs for its files (decision 0021-i9).
    init(photo: Photo) { self.init(photo: photo, media: .served) }
}

/// A pin's album: `{pin, hasAlbum, downloading, problem, noImages, counts, photos}`.
struct AlbumJSON: Encodable {
    let pin: Pin
    let hasAlbum: Bool
    /// A fetch or new collection is running (here or in another `album` process).
    let downloading: Bool
    /// Why this server's last fetch or new collection for the pin did not change the album
    /// ("the source has no photo … has not shown before"), until the next one starts.
    let problem: String?
    let photos: [Photo]

    enum Key: String, CodingKey { case pin, hasAlbum, downloading, problem, noImages, counts, photos }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(PinJSON(pin: pin), forKey: .pin)
        try c.encode(hasAlbum, forKey: .hasAlbum)
        try c.encode(downloading, forKey: .downloading)
        try c.encode(problem, forKey: .problem)
        try c.encode(hasAlbum && !downloading && photos.isEmpty, forKey: .noImages)
        var counts = ["placeholder": 0, "downloading": 0, "downloaded": 0, "failed": 0]
        for photo in photos { counts[photo.state.name, default: 0] += 1 }
        try c.encode(counts, forKey: .counts)
        try c.encode(photos.map(PhotoJSON.init), forKey: .photos)
    }
}

enum JSONOut {
    /// `value` as JSON: by `StreamingJSONEncoder`, or by `JSONEncoder` (the same bytes) for what
    /// that one leaves to it; `null` when neither can (a non-finite number).
    static func encode<T: Encodable>(_ value: T) -> Data {
        if let data = try? StreamingJSONEncoder.encode(value) { return data }
        return foundation(value)
    }

    /// `value` through Foundation's `JSONEncoder`, sorted keys, slashes as they are.
    static func foundation<T: Encodable>(_ value: T) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)) ?? Data("null".utf8)
    }
}
