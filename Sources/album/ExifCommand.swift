import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

/// `album exif FILE...`: what the EXIF reader suggests for each file. Works outside any library.
struct ExifCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exif", abstract: "Show the date, place and camera the EXIF of each photo suggests.")

    @Argument(help: Vocabulary.files) var files: [String]
    /// Taken like every command's; exif reads no library.
    @OptionGroup var global: GlobalOptions
    var json: Bool { global.json }
    @Option(help: Vocabulary.gpx)
    var gpx: String?
    @Option(name: .customLong("max-gap"), help: Vocabulary.maxGap) var maxGap: String?
    @Option(name: .customLong("time-offset"), help: Vocabulary.timeOffset)
    var timeOffset: String?

    func validate() throws { _ = try GPXOptions.check(gpx: gpx, maxGap: maxGap, timeOffset: timeOffset) }

    func run() async throws {
        let placer = try GPXOptions.placer(gpx: gpx, maxGap: maxGap, timeOffset: timeOffset)
        let (paths, emptyFolders) = FilePhotos.expandNamingEmptyFolders(files)
        let results = await FilePhotos.exif(of: paths)
        var entries = zip(paths, results).map { ExifJSON(file: $0, result: $1) }
        if let placer {
            for i in entries.indices where entries[i].info != nil && entries[i].info?.coordinate == nil {
                entries[i].track = .some(placer.locate(takenAt: entries[i].info?.takenAt))
            }
        }
        if json {
            try Output.json(entries)
        } else {
            Output.text(entries.compactMap(\.text))
        }
        let empty = emptyFolders.map { FilePhotos.noPhotos(in: $0).description }
        try Output.finish(failures: entries.compactMap(\.error) + empty, of: entries.count + empty.count, json: json)
    }
}

/// One file's EXIF as the JSON contract has it (docs/architecture.md, "JSON of a pin, a
/// photo"): `{file, takenAt, offset, latitude, longitude, altitude, orientation, make, model,
/// width, height, error}`, plus `problems`.
struct ExifJSON: Encodable {
    let file: String
    let info: FilePhotos.Exif?
    let error: String?
    /// With `--gpx`, for a photo without GPS: where the track puts it (`.some(nil)`: nowhere).
    var track: GPXPlacement?? = nil

    init(file: String, result: Result<FilePhotos.Exif, AlbumError>) {
        self.file = file
        switch result {
        case .success(let info): (self.info, error) = (info, nil)
        case .failure(let failure): (info, error) = (nil, failure.description)
        }
    }

    enum Key: String, CodingKey {
        case file, takenAt, offset, latitude, longitude, altitude, orientation, make, model, width, height, error, problems
        case takenAtTag, takenAtIsCaptureTime, offsetTag, positionTag
        case gpx
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(file, forKey: .file)
        try c.encode(info?.takenAt, forKey: .takenAt)
        try c.encode(info?.offset, forKey: .offset)
        try c.encode(info?.coordinate?.latitude, forKey: .latitude)
        try c.encode(info?.coordinate?.longitude, forKey: .longitude)
        try c.encode(info?.altitude, forKey: .altitude)
        try c.encode(info?.orientation, forKey: .orientation)
        try c.encode(info?.make, forKey: .make)
        try c.encode(info?.model, forKey: .model)
        try c.encode(info?.width, forKey: .width)
        try c.encode(info?.height, forKey: .height)
        try c.encode(error, forKey: .error)
        try c.encode(info?.problems ?? [], forKey: .problems)
        try c.encode(info?.takenAtSource?.tagName, forKey: .takenAtTag)
        try c.encode(info?.takenAtSource?.isCaptureTime, forKey: .takenAtIsCaptureTime)
        try c.encode(info?.offsetSource, forKey: .offsetTag)
        try c.encode(info?.coordinateSource, forKey: .positionTag)
        if let track {
            guard let placed = track else { return try c.encodeNil(forKey: .gpx) }
            var n = c.nestedContainer(keyedBy: TrackKey.self, forKey: .gpx)
            try n.encode(placed.coordinate.latitude, forKey: .latitude)
            try n.encode(placed.coordinate.longitude, forKey: .longitude)
            try n.encode(placed.fix.elevation, forKey: .elevation)
            try n.encode(placed.offset, forKey: .offset)
            try n.encode(placed.offsetSource.rawValue, forKey: .offsetSource)
        }
    }

    enum TrackKey: String, CodingKey { case latitude, longitude, elevation, offset, offsetSource }

    /// `photo.jpg  taken 2008-10-22T16:29:49+02:00 (DateTimeOriginal, OffsetTimeOriginal)  at 43.467448,
    /// 11.885127 (GPS)  NIKON COOLPIX P6000  640×480`: each value with the tag it came from; a date
    /// from ModifyDate alone reads `modified …`, not `taken`.
    var text: String? {
        guard let info else { return nil }
        // The name escaped like any text from outside: a newline in it cannot fake a line.
        var parts = [TerminalText.inline(file)]
        if let takenAt = info.takenAt, let source = info.takenAtSource {
            let offset = info.offsetSource.map { ", \($0)" } ?? ", no offset"
            parts.append(source.isCaptureTime
                ? "taken \(takenAt) (\(source.tagName)\(offset))"
                : "modified \(takenAt) (\(source.tagName)\(offset): no capture date in the file)")
        }
        if let coordinate = info.coordinate { parts.append("at \(Output.degrees(coordinate)) (\(info.coordinateSource ?? "GPS"))") }
        if let altitude = info.altitude { parts.append(String(format: "altitude %.1f m", altitude)) }
        let camera = [info.make, info.model].compactMap { $0 }.joined(separator: " ")
        if !camera.isEmpty { parts.append(camera) }
        if let width = info.width, let height = info.height { parts.append("\(width)×\(height)") }
        if let orientation = info.orientation, orientation != 1 { parts.append("orientation \(orientation)") }
        if info.takenAt == nil && info.coordinate == nil { parts.append("(\(info.problems.joined(separator: "; ")))") }
        if let track {
            parts.append(track.map {
                "GPX track: \(Output.degrees($0.coordinate)) (camera time read as \($0.offset), \($0.offsetSource.label))"
            } ?? "GPX track: no fix within the gap")
        }
        return parts.joined(separator: "  ")
    }
}

extension GPXPlacement.OffsetSource {
    var label: String {
        switch self {
        case .exif: "the camera's offset"
        case .option: "--time-offset"
        case .inferred: "the track's time zone"
        }
    }
}
