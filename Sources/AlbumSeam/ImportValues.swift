import AlbumModel
import Foundation

/// A user's photo from the import's scan to its insert: the one record of an imported photo.
/// The scanner makes it (read, checked, thumbnailed), the planner places it, and the store
/// inserts it; its file facts are a `StoredFile`, written through the same columns as a
/// download's.
public struct ImportedPhotoRecord: Sendable, Hashable {
    /// The file (the original's absolute path, or `originals/ab/<hash>.jpg` when copied into
    /// the library), `thumbs/ab/<hash>.jpg`, the SHA-256 of its bytes (also the photo's
    /// `source_id`: the same bytes under two names, or imported twice, are one photo), its size,
    /// pixel size, capture time and camera.
    public var stored: StoredFile
    /// The original's absolute path (stored as the photo's `url`).
    public var originalPath: String
    public var title: String?
    public var coordinate: Coordinate?
    /// For an unplaced photo: the index, in the same commit, of the group whose pin is its
    /// suggested place (stored so that `album photo place --accept-suggestion` can use it).
    public var suggestedGroup: Int?
    /// Tags stored with the photo (its XMP keywords).
    public var tags: [TagName] = []
    /// `gpx` when a track placed it (nil: its own GPS, `exif`).
    public var positionSource: PositionSource? = nil
    /// The GPS receiver's UTC time, which checks the camera clock.
    public var gpsTime: String? = nil
    /// `--time-offset`: the camera clock's offset the user gave, for a photo whose camera wrote none.
    public var clockOffset: String? = nil
    /// The EXIF Artist and Copyright (issue 30): the owner's name and the terms of an import.
    public var artist: String? = nil
    public var copyright: String? = nil
    /// What the scan found in the library: a photo with these bytes, or that the user removed
    /// them (the planner reports it as a duplicate; nothing is stored).
    public var known: KnownImport? = nil
    /// What the scan noticed about the file without refusing it (the import report's warnings).
    public var warnings: [String] = []

    public init(stored: StoredFile, originalPath: String, title: String?, coordinate: Coordinate?) {
        self.stored = stored
        self.originalPath = originalPath
        self.title = title
        self.coordinate = coordinate
    }

    /// A record from its fields one by one (tests, tools).
    public init(
        contentHash: String, originalPath: String, file: String, thumbnail: String, title: String?,
        takenAt: String?, coordinate: Coordinate?, bytes: Int64, width: Int?, height: Int?,
        make: String?, model: String?, orientation: Int?, altitude: Double?, tags: [TagName] = []
    ) {
        self.init(
            stored: StoredFile(
                file: file, thumbnail: thumbnail, contentHash: contentHash, bytes: bytes, width: width, height: height,
                takenAt: takenAt, camera: Camera(make: make, model: model, orientation: orientation, altitude: altitude).nonEmpty),
            originalPath: originalPath, title: title, coordinate: coordinate)
        self.tags = tags
    }

    /// The original's path: where the scan read it.
    public var path: String { originalPath }
    public var contentHash: String { stored.contentHash }
    public var file: String { stored.file }
    public var thumbnail: String? { stored.thumbnail }
    public var bytes: Int64 { stored.bytes }
    public var width: Int? { stored.width }
    public var height: Int? { stored.height }
    /// ISO 8601 local camera time, with its offset when the file records one.
    public var takenAt: String? { stored.takenAt }
    public var make: String? { stored.camera?.make }
    public var model: String? { stored.camera?.model }
    public var orientation: Int? { stored.camera?.orientation }
    public var altitude: Double? { stored.camera?.altitude }
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
