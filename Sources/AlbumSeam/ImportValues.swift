import AlbumModel
import Foundation

/// A user's photo as `album import` stores it: read, checked and thumbnailed already. Its file
/// facts are written through the same `StoredFile` columns as a download's (`stored`).
public struct ImportedPhotoRecord: Sendable, Hashable {
    /// SHA-256 of the file's bytes. It is also the photo's `source_id`, so the same bytes under
    /// two names, or imported twice, are one photo.
    public var contentHash: String
    /// The original's absolute path (stored as the photo's `url`).
    public var originalPath: String
    /// The original's absolute path, or `originals/ab/<hash>.jpg` when copied into the library.
    public var file: String
    /// `thumbs/ab/<hash>.jpg`.
    public var thumbnail: String
    public var title: String?
    /// ISO 8601 local camera time, with its offset when the file records one.
    public var takenAt: String?
    public var coordinate: Coordinate?
    public var bytes: Int64
    public var width: Int?
    public var height: Int?
    public var make: String?
    public var model: String?
    public var orientation: Int?
    public var altitude: Double?
    /// For an unplaced photo: the index, in the same commit, of the group whose pin is its
    /// suggested place (stored so that `album photo place --accept-suggestion` can use it).
    public var suggestedGroup: Int?
    /// Tags stored with the photo (its XMP keywords).
    public var tags: [TagName]
    /// `gpx` when a track placed it (nil: its own GPS, `exif`).
    public var positionSource: PositionSource? = nil
    /// The GPS receiver's UTC time, which checks the camera clock.
    public var gpsTime: String? = nil
    /// `--time-offset`: the camera clock's offset the user gave, for a photo whose camera wrote none.
    public var clockOffset: String? = nil

    public init(
        contentHash: String, originalPath: String, file: String, thumbnail: String, title: String?,
        takenAt: String?, coordinate: Coordinate?, bytes: Int64, width: Int?, height: Int?,
        make: String?, model: String?, orientation: Int?, altitude: Double?, tags: [TagName] = []
    ) {
        self.tags = tags
        self.contentHash = contentHash
        self.originalPath = originalPath
        self.file = file
        self.thumbnail = thumbnail
        self.title = title
        self.takenAt = takenAt
        self.coordinate = coordinate
        self.bytes = bytes
        self.width = width
        self.height = height
        self.make = make
        self.model = model
        self.orientation = orientation
        self.altitude = altitude
    }
}

/// Where one group of imported photos goes: an existing pin's album, or a pin made for them.
public enum ImportDestination: Sendable, Hashable {
    case pin(id: Int64)
    case newPin(Coordinate, note: String?)
    /// No pin: the library's unplaced tray.
    case unplaced
}

/// Photos bound for one album.
public struct ImportGroup: Sendable, Hashable {
    public var destination: ImportDestination
    /// In album order.
    public var photos: [ImportedPhotoRecord]

    public init(destination: ImportDestination, photos: [ImportedPhotoRecord]) {
        self.destination = destination
        self.photos = photos
    }
}

/// What the commit did with one group.
public struct ImportGroupOutcome: Sendable, Hashable {
    /// The pin after the commit; nil when a new pin was not needed (all its photos were stored
    /// meanwhile by another process).
    public var pin: Pin?
    public var created: Bool
    /// Photos stored now (photos whose bytes were already stored are left out).
    public var inserted: Int

    public init(pin: Pin?, created: Bool, inserted: Int) {
        self.pin = pin
        self.created = created
        self.inserted = inserted
    }
}

/// What the library already knows about a file's bytes, whatever their origin (a fetch, an
/// import, a copy under another name): identity is content.
public enum KnownImport: Sendable, Hashable {
    /// Stored as this photo in this pin's album, from `originalPath` (a file's path for an
    /// import, the URL a fetched photo came from).
    case stored(photoId: Int64, pinId: Int64, originalPath: String?)
    /// The user removed a photo with these bytes (from this pin, nil when the pin is gone since):
    /// it is not stored again.
    case removed(photoId: Int64?, pinId: Int64?)
}
