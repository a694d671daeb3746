import Foundation

/// One photo of an album: a slot from a source, and once downloaded a file and a thumbnail.
public struct Photo: Sendable, Hashable, Identifiable {
    public let id: Int64
    /// The pin whose album holds it; `Photo.unplacedPinId` (0, never a pin's id) for a photo in
    /// the unplaced tray (NULL in the database).
    public let pinId: Int64
    /// The source that offered it (`bundle:/abs/path`, `flickr`, `import`).
    public var source: String
    /// The id the source gives it; stable across searches.
    public var sourceId: String
    public var title: String?
    /// Where it is fetched from (remote URL or bundle-relative path), or its original path.
    public var url: String?
    public var state: PhotoState
    public var attempts: Int
    /// Paths relative to the library folder (or absolute for imported originals).
    public var file: String?
    public var thumbnail: String?
    public var contentHash: String?
    public var bytes: Int64?
    public var width: Int?
    public var height: Int?
    public var takenAt: String?
    public var coordinate: Coordinate?
    /// From the photo's EXIF, where it was read (imported photos).
    public var camera: Camera?
    /// Place, zone and offset provenance (nil fields when unknown).
    public var local = PhotoPlace()
    /// What the source says of the position's accuracy (1–16, Flickr's scale; YFCC100M rows).
    public var accuracy: Int?
    /// The licence's name, as the source gives it (YFCC100M rows).
    public var license: String?
    /// Owner, licence id and URL, page, upload date (issue 30).
    public var provenance = Provenance()
    /// The picture's perceptual hash (issue 29); nil until made.
    public var perceptualHash: PerceptualHash?

    /// The `pinId` of a photo without a pin. Pin ids start at 1.
    public static let unplacedPinId: Int64 = 0
    /// True for a photo in the unplaced tray.
    public var isUnplaced: Bool { pinId == Self.unplacedPinId }

    public init(
        id: Int64, pinId: Int64, source: String, sourceId: String, title: String? = nil,
        url: String? = nil, state: PhotoState = .placeholder, attempts: Int = 0,
        file: String? = nil, thumbnail: String? = nil, contentHash: String? = nil,
        bytes: Int64? = nil, width: Int? = nil, height: Int? = nil, takenAt: String? = nil,
        coordinate: Coordinate? = nil, camera: Camera? = nil
    ) {
        self.id = id
        self.pinId = pinId
        self.source = source
        self.sourceId = sourceId
        self.title = title
        self.url = url
        self.state = state
        self.attempts = attempts
        self.file = file
        self.thumbnail = thumbnail
        self.contentHash = contentHash
        self.bytes = bytes
        self.width = width
        self.height = height
        self.takenAt = takenAt
        self.coordinate = coordinate
        self.camera = camera
    }
}

/// What a photo's EXIF says about how it was taken, besides its date and place.
public struct Camera: Sendable, Hashable {
    public var make: String?
    public var model: String?
    public var orientation: Int?
    public var altitude: Double?

    public init(make: String?, model: String?, orientation: Int?, altitude: Double?) {
        self.make = make
        self.model = model
        self.orientation = orientation
        self.altitude = altitude
    }

    /// nil when every field is absent.
    public var nonEmpty: Camera? {
        make == nil && model == nil && orientation == nil && altitude == nil ? nil : self
    }
}
