import AlbumKit
import AlbumModel
import Foundation

/// `import --json`: `{seen, imported, duplicates, unplaced, skipped: [{file, reason}], pins: [{id,
/// latitude, longitude, created, photoCount, from, to}]}` plus `alreadyImported`, `pinsCreated`,
/// `pinsReused`, `dryRun`, `folder`, `unplacedPhotos`, `warnings`, and per pin `imported`,
/// `localTime`, `missingOffsets`, `undated`; per skipped file `duplicateOf`, `duplicateOfPhoto`;
/// `sounds: [{file, kind, durationMs, codec, entryId}]`, the sound files stored as entries (issue 26).
struct ImportReportJSON: Encodable {
    let report: ImportReport

    enum Key: String, CodingKey {
        case folder, dryRun, seen, imported, duplicates, alreadyImported, unplaced, skipped, pins, pinsCreated, pinsReused
        case unplacedPhotos, warnings, plansVisited, cameraClocks, sounds, lookalikes
    }

    /// `{file, likePhoto, likeFile, distance, skipped}`: a file that looks like a photo the
    /// library had (`likePhoto`) or an earlier file of the import (`likeFile`).
    struct LookalikeJSON: Encodable {
        let item: ImportLookalike
        enum CodingKeys: String, CodingKey { case file, likePhoto, likeFile, distance, skipped }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(item.file, forKey: .file)
            try c.encode(item.likePhoto, forKey: .likePhoto)
            try c.encode(item.likeFile, forKey: .likeFile)
            try c.encode(item.distance, forKey: .distance)
            try c.encode(item.skipped, forKey: .skipped)
        }
    }

    /// A sound file stored as an entry: `{file, kind, durationMs, codec, entryId}`.
    struct SoundJSON: Encodable {
        let file: String, kind: String, durationMs: Int64, codec: String, entryId: Int64?
        init(_ s: ImportedSound) { (file, kind, durationMs, codec, entryId) = (s.file, s.kind.rawValue, s.durationMs, s.codec, s.entryId) }
        enum CodingKeys: String, CodingKey { case file, kind, durationMs, codec, entryId }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(file, forKey: .file)
            try c.encode(kind, forKey: .kind)
            try c.encode(durationMs, forKey: .durationMs)
            try c.encode(codec, forKey: .codec)
            try c.encode(entryId, forKey: .entryId)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(report.folder, forKey: .folder)
        try c.encode(report.dryRun, forKey: .dryRun)
        try c.encode(report.seen, forKey: .seen)
        try c.encode(report.imported, forKey: .imported)
        try c.encode(report.duplicates, forKey: .duplicates)
        try c.encode(report.alreadyImported, forKey: .alreadyImported)
        try c.encode(report.unplaced.count, forKey: .unplaced)
        try c.encode(report.skipped.map(FileJSON.init), forKey: .skipped)
        try c.encode(report.pins.map(ImportedPinJSON.init), forKey: .pins)
        try c.encode(report.pinsCreated, forKey: .pinsCreated)
        try c.encode(report.pinsReused, forKey: .pinsReused)
        try c.encode(report.unplaced.map(UnplacedJSON.init), forKey: .unplacedPhotos)
        try c.encode(report.warnings.map(FileJSON.init), forKey: .warnings)
        try c.encode(report.plansVisited.map(PlanJSON.init), forKey: .plansVisited)
        try c.encode(report.cameraClocks.map(CameraClockJSON.init), forKey: .cameraClocks)
        try c.encode(report.sounds.map(SoundJSON.init), forKey: .sounds)
        try c.encode(report.lookalikes.map(LookalikeJSON.init), forKey: .lookalikes)
    }

    /// `{make, model, photos, offset, differenceSeconds, errorSeconds}`: a camera's clock against
    /// the GPS times of its photos.
    struct CameraClockJSON: Encodable {
        let clock: CameraClock
        enum Key: String, CodingKey { case make, model, photos, offset, differenceSeconds, errorSeconds }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(clock.make, forKey: .make)
            try c.encode(clock.model, forKey: .model)
            try c.encode(clock.photos, forKey: .photos)
            try c.encode(clock.offset, forKey: .offset)
            try c.encode(clock.differenceSeconds, forKey: .differenceSeconds)
            try c.encode(clock.errorSeconds, forKey: .errorSeconds)
        }

        /// `camera clock  Canon EOS 80D: UTC+02:00, 2m13s ahead of GPS time (12 photos)`.
        static func text(_ clock: CameraClock) -> String {
            let name = [clock.make, clock.model].compactMap { $0 }.joined(separator: " ")
            return "  camera clock  \(TerminalText.inline(name.isEmpty ? "(unknown camera)" : name)): UTC\(clock.offset), "
                + "\(clock.errorText) (\(Output.count(clock.photos, "photo")) with GPS time)"
        }
    }

    /// `{file, reason, duplicateOf, duplicateOfPhoto}`.
    struct FileJSON: Encodable {
        let file: SkippedFile
        enum Key: String, CodingKey { case file, reason, duplicateOf, duplicateOfPhoto }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(file.file, forKey: .file)
            try c.encode(file.reason, forKey: .reason)
            try c.encode(file.duplicateOf, forKey: .duplicateOf)
            try c.encode(file.duplicateOfPhoto, forKey: .duplicateOfPhoto)
        }
    }

    /// `{id, latitude, longitude, created, photoCount, imported, from, to, localTime, missingOffsets, undated}`.
    struct ImportedPinJSON: Encodable {
        let pin: ImportedPin
        enum Key: String, CodingKey {
            case id, latitude, longitude, created, photoCount, imported, from, to, localTime, missingOffsets, undated
            case place, timeZone, inferredOffsets, placedByTrack
        }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(pin.id, forKey: .id)
            try c.encode(pin.coordinate.latitude, forKey: .latitude)
            try c.encode(pin.coordinate.longitude, forKey: .longitude)
            try c.encode(pin.created, forKey: .created)
            try c.encode(pin.photoCount, forKey: .photoCount)
            try c.encode(pin.imported, forKey: .imported)
            try c.encode(pin.dates.from, forKey: .from)
            try c.encode(pin.dates.to, forKey: .to)
            try c.encode(pin.dates.isLocalTime, forKey: .localTime)
            try c.encode(pin.dates.missingOffsets, forKey: .missingOffsets)
            try c.encode(pin.dates.undated, forKey: .undated)
            try c.encode(pin.place, forKey: .place)
            try c.encode(pin.timeZone, forKey: .timeZone)
            try c.encode(pin.inferredOffsets, forKey: .inferredOffsets)
            try c.encode(pin.placedByTrack, forKey: .placedByTrack)
        }
    }

    /// `{file, takenAt, make, model, suggestion: {pinId, latitude, longitude, basedOn, secondsApart} | null}`.
    struct UnplacedJSON: Encodable {
        let photo: UnplacedPhoto
        enum Key: String, CodingKey { case file, takenAt, make, model, suggestion }
        enum SuggestionKey: String, CodingKey { case pinId, latitude, longitude, basedOn, secondsApart }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(photo.file, forKey: .file)
            try c.encode(photo.takenAt, forKey: .takenAt)
            try c.encode(photo.make, forKey: .make)
            try c.encode(photo.model, forKey: .model)
            guard let s = photo.suggestion else { return try c.encodeNil(forKey: .suggestion) }
            var n = c.nestedContainer(keyedBy: SuggestionKey.self, forKey: .suggestion)
            try n.encode(s.pinId, forKey: .pinId)
            try n.encode(s.coordinate.latitude, forKey: .latitude)
            try n.encode(s.coordinate.longitude, forKey: .longitude)
            try n.encode(s.basedOn, forKey: .basedOn)
            try n.encode(s.secondsApart, forKey: .secondsApart)
        }
    }

    /// The human report: a summary line, one line per pin, unplaced photos, skipped files.
    /// Duplicates (already imported, or the same bytes twice) are counted, and listed only when `verbose`.
    static func text(_ r: ImportReport, verbose: Bool = false) -> [String] {
        let verb = r.dryRun ? "would import" : "imported"
        // The pins counted are the pins listed below: those this import made or added photos to
        // (a pin that holds only duplicates of these files is listed with --verbose, as "unchanged").
        let changed = r.pins.filter { $0.created || $0.imported > 0 }
        let created = changed.filter(\.created).count
        let into = changed.isEmpty ? "" : " into \(Output.count(changed.count, "pin")) (\(created) new, \(changed.count - created) reused)"
        let head = "\(r.dryRun ? "dry run (nothing written): " : "")\(verb) \(r.imported + r.sounds.count) of \(Output.count(r.seen, "file")) from \(r.folder)"
        let rest = "\(Output.count(r.duplicates, "duplicate")), \(r.unplaced.count) unplaced, \(r.skipped.count - r.duplicates) other skipped"
        var lines: [String]
        if r.sounds.isEmpty {
            lines = [head + "\(into); " + rest]
        } else {
            // Sound files are entries, not photos: the line says what each part became (a
            // folder of sounds only is not "0 of N").
            let songs = r.sounds.filter { $0.kind == .song }.count
            let sounds = "\(Output.count(r.sounds.count, "sound file")) as entries (\(Output.count(songs, "song")), "
                + "\(r.sounds.count - songs) voice clip\(r.sounds.count - songs == 1 ? " or other sound" : "s or other sounds"))"
            let photos = r.imported == 0 && r.unplaced.isEmpty && changed.isEmpty ? "" : "\(Output.count(r.imported, "photo"))\(into), "
            lines = [head + ": " + photos + sounds + "; " + rest]
        }
        if r.imported == 0 && r.sounds.isEmpty && r.alreadyImported > 0 {
            lines.append("nothing new: \(r.alreadyImported) file\(r.alreadyImported == 1 ? " is" : "s are") already in the library")
        }
        // A pin this import added nothing to is listed only when `verbose` (a re-import stays short).
        for pin in r.pins where verbose || pin.created || pin.imported > 0 {
            var line = "  \(pin.id.map { "pin \($0)" } ?? "new pin")  \(Output.degrees(pin.coordinate))  "
                + (pin.place.map { "\($0.name), \($0.countryCode)  " } ?? "")
                + "\(pin.created ? "new" : pin.imported > 0 ? "reused" : "unchanged")  \(pin.photoCount) photo\(pin.photoCount == 1 ? "" : "s") (\(pin.imported) imported)"
            if let from = pin.dates.from, let to = pin.dates.to { line += "  \(from) – \(to)" }
            if pin.dates.isLocalTime {
                line += "  (local camera time: \(pin.dates.missingOffsets) photo\(pin.dates.missingOffsets == 1 ? " has" : "s have") no UTC offset)"
            }
            if pin.inferredOffsets > 0, let zone = pin.timeZone {
                line += "  (\(pin.inferredOffsets) offset\(pin.inferredOffsets == 1 ? "" : "s") inferred from \(zone))"
            }
            if pin.placedByTrack > 0 { line += "  (\(pin.placedByTrack) placed by the GPX track)" }
            lines.append(line)
        }
        for photo in r.unplaced {
            var line = "  unplaced  \(photo.file)"
            if let s = photo.suggestion {
                line += "  suggested: \(s.pinId.map { "pin \($0)" } ?? "new pin") at \(Output.degrees(s.coordinate))"
                    + " (same camera, \(s.secondsApart / 60) min from \(s.basedOn))"
            }
            lines.append(line)
        }
        let listed = verbose ? r.skipped : r.skipped.filter { $0.duplicateOf == nil }
        lines += listed.map { "  skipped  \($0.file): \($0.reason)" }
        let hidden = r.skipped.count - listed.count
        if hidden > 0 && !(r.imported == 0 && hidden == r.alreadyImported) {
            lines.append("  \(Output.count(hidden, "duplicate")) not listed (--verbose lists them)")
        }
        lines += r.lookalikes.filter { !$0.skipped }.map { "  looks like  \($0.file): \($0.like) (\($0.distance) bits apart)" }
        lines += r.warnings.map { "  warning  \($0.file): \($0.reason)" }
        lines += r.plansVisited.map { "  visited  \(PlanJSON.text(visited: $0))" }
        lines += r.cameraClocks.map(CameraClockJSON.text)
        return lines
    }
}
