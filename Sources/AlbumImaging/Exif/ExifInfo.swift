import AlbumModel

/// What the EXIF reader suggests about one photo. Every field is optional; `problems` says why
/// a field is absent (or was ignored) in words a user can act on.
public struct ExifInfo: Sendable, Hashable {
    /// Which tag the capture date came from.
    public enum DateSource: String, Sendable, Hashable {
        case dateTimeOriginal, dateTimeDigitized, dateTime, xmpDateTimeOriginal

        /// The tag's name as exiftool prints it: `DateTimeOriginal`, `CreateDate`, `ModifyDate`
        /// (the file's last change: a last resort, not a capture time), `XMP:DateTimeOriginal`.
        public var tagName: String {
            switch self {
            case .dateTimeOriginal: "DateTimeOriginal"
            case .dateTimeDigitized: "CreateDate"
            case .dateTime: "ModifyDate"
            case .xmpDateTimeOriginal: "XMP:DateTimeOriginal"
            }
        }

        /// False for ModifyDate: when the file was last changed, which may not be when it was taken.
        public var isCaptureTime: Bool { self != .dateTime }
    }

    /// Capture time, ISO 8601 local camera time (`2008-10-22T16:29:49`), with the offset
    /// appended (`2008-10-22T16:29:49+02:00`) when the file records one.
    public var takenAt: String?
    /// The offset from UTC of `takenAt` (`+02:00`), when recorded.
    public var offset: String?
    /// The tag `takenAt` was read from.
    public var takenAtSource: DateSource?
    /// The tag `offset` was read from (`OffsetTimeOriginal`, `OffsetTimeDigitized`, `OffsetTime`,
    /// or `XMP:DateTimeOriginal` when the XMP date carries it).
    public var offsetSource: String?
    /// Where `coordinate` came from: `GPS` (the EXIF GPS directory).
    public var coordinateSource: String?
    /// GPS position, S and W negative.
    public var coordinate: Coordinate?
    /// Metres above sea level (negative below).
    public var altitude: Double?
    /// The GPS receiver's UTC time, `2008-10-22T14:28:39Z`.
    public var gpsTimestamp: String?
    /// EXIF orientation, 1...8.
    public var orientation: Int?
    public var make: String?
    public var model: String?
    /// Pixel size from the JPEG frame header (EXIF's PixelXDimension when the header has none).
    public var width: Int?
    public var height: Int?
    /// Why fields are absent: `GPSLatitudeRef is missing`, `no EXIF block`, …
    public var problems: [String]
    /// Who made it and on what terms (IFD0 Artist and Copyright), for an import's provenance.
    public var artist: String? = nil
    public var copyright: String? = nil

    public init(
        takenAt: String? = nil, offset: String? = nil, takenAtSource: DateSource? = nil,
        coordinate: Coordinate? = nil, altitude: Double? = nil, gpsTimestamp: String? = nil,
        orientation: Int? = nil, make: String? = nil, model: String? = nil,
        width: Int? = nil, height: Int? = nil, problems: [String] = []
    ) {
        self.takenAt = takenAt
        self.offset = offset
        self.takenAtSource = takenAtSource
        self.coordinate = coordinate
        self.altitude = altitude
        self.gpsTimestamp = gpsTimestamp
        self.orientation = orientation
        self.make = make
        self.model = model
        self.width = width
        self.height = height
        self.problems = problems
    }
}
