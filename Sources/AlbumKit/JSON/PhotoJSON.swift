import AlbumModel
import Foundation

/// A photo as the JSON contract has it (docs/architecture.md): `{id, pinId, state, title, url, file, thumbnail, failure, takenAt,
/// latitude, longitude}`, then its file facts (`attempts, bytes, width, height, source`), camera
/// (`make, model, orientation, altitude`) and local facts (`place, timeZone, offset, offsetSource,
/// positionSource`), what the source says of it (`accuracy`, `license`), and its provenance (issue 30: `ownerId,
/// ownerName, licenseId, licenseUrl, pageUrl, uploadedAt, sourceTakenAt, copyright`), and its perceptual hash (issue 29:
/// `perceptualHash`, 16 hex digits as `imagehash` prints it). The one photo JSON of `album --json` and `album serve`'s API (decision
/// 0021-i9): only where its files are differs (`Media`).
public struct PhotoJSON: Encodable, Sendable {
    /// How `file`, `thumbnail` and an imported photo's `url` are shown.
    public enum Media: Sendable {
        /// Absolute paths on disk, a stored (relative) path resolved by the closure (the CLI).
        case files(@Sendable (String) -> URL)
        /// The server's media URLs (`/api/media/ID`, `/api/media/ID?size=thumb`); an imported
        /// photo's `url` (a `file://` path on disk) is null: the API never shows paths.
        case served
    }

    public let photo: Photo
    public let media: Media

    public init(photo: Photo, media: Media) {
        self.photo = photo
        self.media = media
    }

    /// Files as absolute paths in `library`'s folder.
    public init(photo: Photo, library: Library) {
        self.init(photo: photo, media: .files { library.url(forStoredPath: $0) })
    }

    /// Files as absolute paths in `folder` (a shared library's files folder).
    public init(photo: Photo, folder: URL) {
        self.init(photo: photo, media: .files { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : folder.appendingPathComponent($0) })
    }

    enum Key: String, CodingKey {
        case id, pinId, state, title, url, file, thumbnail, failure, takenAt, latitude, longitude, attempts, bytes, width, height
        case source, make, model, orientation, altitude
        case place, timeZone, offset, offsetSource, positionSource, accuracy, license
        case ownerId, ownerName, licenseId, licenseUrl, pageUrl, uploadedAt, sourceTakenAt, copyright
        case perceptualHash
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(photo.id, forKey: .id)
        try c.encode(photo.isUnplaced ? nil : photo.pinId, forKey: .pinId)
        try c.encode(photo.state.name, forKey: .state)
        try c.encode(photo.title, forKey: .title)
        switch media {
        case .files(let fileURL):
            try c.encode(photo.url, forKey: .url)
            try c.encode(photo.file.map { fileURL($0).path }, forKey: .file)
            try c.encode(photo.thumbnail.map { fileURL($0).path }, forKey: .thumbnail)
        case .served:
            try c.encode(photo.isImported ? nil : photo.url, forKey: .url)
            try c.encode(photo.file == nil ? nil : "/api/media/\(photo.id)", forKey: .file)
            try c.encode(photo.thumbnail == nil ? nil : "/api/media/\(photo.id)?size=thumb", forKey: .thumbnail)
        }
        try c.encode(photo.state.failureReason, forKey: .failure)
        try c.encode(Self.takenAt(photo), forKey: .takenAt)
        try c.encode(photo.coordinate?.latitude, forKey: .latitude)
        try c.encode(photo.coordinate?.longitude, forKey: .longitude)
        try c.encode(photo.attempts, forKey: .attempts)
        try c.encode(photo.bytes, forKey: .bytes)
        try c.encode(photo.width, forKey: .width)
        try c.encode(photo.height, forKey: .height)
        try c.encode(photo.source, forKey: .source)
        try c.encode(photo.camera?.make, forKey: .make)
        try c.encode(photo.camera?.model, forKey: .model)
        try c.encode(photo.camera?.orientation, forKey: .orientation)
        try c.encode(photo.camera?.altitude, forKey: .altitude)
        try c.encode(photo.local.place, forKey: .place)
        try c.encode(photo.local.timeZone, forKey: .timeZone)
        try c.encode(photo.local.offset, forKey: .offset)
        try c.encode(photo.local.offsetSource, forKey: .offsetSource)
        try c.encode(photo.local.positionSource, forKey: .positionSource)
        try c.encode(photo.accuracy, forKey: .accuracy)
        try c.encode(photo.license, forKey: .license)
        let p = photo.provenance
        try c.encode(p.ownerId, forKey: .ownerId)
        try c.encode(p.ownerName, forKey: .ownerName)
        try c.encode(p.licenseId, forKey: .licenseId)
        try c.encode(p.licenseURL, forKey: .licenseUrl)
        try c.encode(p.pageURL, forKey: .pageUrl)
        try c.encode(p.uploadedAt, forKey: .uploadedAt)
        try c.encode(p.sourceTakenAt, forKey: .sourceTakenAt)
        try c.encode(p.copyright, forKey: .copyright)
        try c.encode(photo.perceptualHash?.description, forKey: .perceptualHash)
    }

    /// The camera time with its UTC offset when one is known (see `offsetSource`).
    public static func takenAt(_ photo: Photo) -> String? {
        guard let takenAt = photo.takenAt else { return nil }
        guard takenAt.count == 19, let offset = photo.local.offset else { return takenAt }
        return takenAt + offset
    }
}
