import AlbumModel
import Foundation

/// How a folder is imported.
public struct ImportOptions: Sendable {
    /// A photo this close to an existing pin joins its album; new places are this wide.
    public var radiusKm: Double
    /// Read, cluster and report, but write nothing at all.
    public var dryRun: Bool
    /// Copy originals into the library (`originals/ab/<hash>.jpg`) instead of pointing at them.
    public var copy: Bool
    /// An unplaced photo taken this close in time to a located photo from the same camera gets
    /// that photo's place as a suggestion.
    public var suggestionWindowSeconds: Int64
    /// Files larger than this are skipped unread.
    public var maxBytes: Int
    /// Files read at once.
    public var concurrency: Int
    /// The note new pins get (nil for none).
    public var pinNote: String?
    /// `--gpx`: places photos without GPS on a track by their capture time.
    public var gpx: GPXPlacer? = nil
    /// The zone a sound file's time (its modification time) is read in.
    public var systemZone: String = "UTC"
    /// When thumbnails are made: now (eager) or on first use (lazy, decision 0072).
    public var thumbnails: ThumbnailMode = .eager
    /// What a stored photo records as where it came from (its `url`), instead of the file's
    /// path: an upload's `upload:NAME` (the server's temporary path means nothing to anyone).
    public var recordedSource: String? = nil
    /// A photo that looks like one the library has (or an earlier one of this import) is not
    /// stored (issue 29); without it, it is stored and reported.
    public var skipSimilar = false
    /// Bits of 64 two perceptual hashes may differ by for the same picture.
    public var similarThreshold = Lookalikes.defaultThreshold

    public init(
        radiusKm: Double = 1, dryRun: Bool = false, copy: Bool = false, suggestionWindowSeconds: Int64 = 30 * 60,
        maxBytes: Int = 256 << 20, concurrency: Int = ProcessInfo.processInfo.activeProcessorCount, pinNote: String? = nil
    ) {
        self.radiusKm = radiusKm
        self.dryRun = dryRun
        self.copy = copy
        self.suggestionWindowSeconds = suggestionWindowSeconds
        self.maxBytes = maxBytes
        self.concurrency = max(1, concurrency)
        self.pinNote = pinNote
    }
}

/// How far the reading of a folder has got (the total is not known while the walk streams).
public struct ImportProgress: Sendable {
    public var files: Int
    public var bytes: Int64
}

/// What an import did (or, for a dry run, would do).
public struct ImportReport: Sendable {
    /// The folder, as an absolute path.
    public var folder: String
    public var dryRun: Bool
    /// Every entry the walk reported: `imported + sounds.count + skipped.count`.
    public var seen: Int
    /// Photos stored now (would be, for a dry run), placed or not.
    public var imported: Int
    /// Files skipped because their bytes are another file's (in this folder or in the library,
    /// whatever its origin) or a photo's the user removed; each is also in `skipped`.
    public var duplicates: Int
    /// Of `duplicates`, those already in the library (imported or fetched before).
    public var alreadyImported: Int
    /// Photos without a GPS position, stored now in the unplaced tray (counted in `imported`),
    /// each with a suggested place when there is one.
    public var unplaced: [UnplacedPhoto]
    /// Files and folders not imported, each with its reason.
    public var skipped: [SkippedFile]
    /// Imported, but worth saying (a truncated JPEG whose thumbnail shows what was there).
    public var warnings: [SkippedFile]
    /// Every pin this folder's photos belong to, created or reused.
    public var pins: [ImportedPin]
    /// Sound files stored as entries (issue 26): songs when tagged, else voice clips.
    public var sounds: [ImportedSound] = []
    /// Planned visits this import marked visited (photos taken at the pin within its dates).
    public var plansVisited: [PinPlan] = []
    /// Each camera's clock against the GPS time of its photos that have one.
    public var cameraClocks: [CameraClock] = []
    /// Photos that look like one the library had, or an earlier file of this import (issue 29).
    public var lookalikes: [ImportLookalike] = []

    public var pinsCreated: Int { pins.filter(\.created).count }
    public var pinsReused: Int { pins.count - pinsCreated }
}

/// A file (or folder) and why it was not imported.
public struct SkippedFile: Sendable, Hashable {
    public var file: String
    public var reason: String
    /// For a duplicate: the file (or stored photo's file or URL) with the same bytes.
    public var duplicateOf: String?
    /// For a duplicate of a photo the library holds (or held, until the user removed it): its id.
    public var duplicateOfPhoto: Int64?

    public init(file: String, reason: String, duplicateOf: String? = nil, duplicateOfPhoto: Int64? = nil) {
        self.file = file
        self.reason = reason
        self.duplicateOf = duplicateOf
        self.duplicateOfPhoto = duplicateOfPhoto
    }
}

/// A pin an import put photos in (or found this folder's photos already in).
public struct ImportedPin: Sendable, Hashable {
    /// Nil for a pin a dry run would create.
    public var id: Int64?
    public var coordinate: Coordinate
    public var created: Bool
    /// Photos in the pin's album after the import.
    public var photoCount: Int
    /// Photos this import stored in it.
    public var imported: Int
    /// The capture dates of this folder's photos in the pin.
    public var dates: DateRange
    /// The nearest GeoNames place and the pin's IANA zone.
    public var place: Place? = nil
    public var timeZone: String? = nil
    /// Photos whose UTC offset in `dates` was inferred from the zone at their position and date
    /// (or read from their GPS clock), because the camera wrote none.
    public var inferredOffsets = 0
    /// Photos placed by `--gpx`.
    public var placedByTrack = 0
}

/// A photo without a GPS position.
public struct UnplacedPhoto: Sendable, Hashable {
    public var file: String
    public var takenAt: String?
    public var make: String?
    public var model: String?
    /// A place guessed from the same camera's located photos; never stored as its coordinates.
    public var suggestion: PlaceSuggestion?
}

/// "Probably taken where this other photo was": a suggestion, not a measurement.
public struct PlaceSuggestion: Sendable, Hashable {
    /// The pin of the located photo (nil for a pin a dry run would create).
    public var pinId: Int64?
    /// The located photo's pin.
    public var coordinate: Coordinate
    /// The located photo it is based on.
    public var basedOn: String
    public var secondsApart: Int64
}
