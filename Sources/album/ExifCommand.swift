import AlbumImaging
import AlbumModel
import ArgumentParser
import Foundation

/// `album exif FILE...`: what the EXIF reader suggests for each file. Works outside any library.
struct ExifCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exif", abstract: "Show the date, place and camera the EXIF of each photo suggests.")

    @Argument(help: "JPEG or HEIC/HEIF files, or folders to search for them.") var files: [String]
    /// Taken like every command's; exif reads no library.
    @OptionGroup var global: GlobalOptions
    var json: Bool { global.json }

    func run() async throws {
        let paths = ImageFiles.expand(files)
        let reader = ExifReader()
        let results = await ParallelMap().map(paths) { path in
            Result { () throws(AlbumError) in try reader.read(filePath: path) }
        }
        let entries = zip(paths, results).map { ExifJSON(file: $0, result: $1) }
        if json {
            try Output.json(entries)
        } else {
            Output.text(entries.compactMap(\.text))
        }
        try Output.finish(failures: entries.compactMap(\.error), of: entries.count, json: json)
    }
}

/// One file's EXIF as PRODUCT.md has it: `{file, takenAt, offset, latitude, longitude, altitude,
/// orientation, make, model, width, height, error}`, plus `problems`.
struct ExifJSON: Encodable {
    let file: String
    let info: ExifInfo?
    let error: String?

    init(file: String, result: Result<ExifInfo, AlbumError>) {
        self.file = file
        switch result {
        case .success(let info): (self.info, error) = (info, nil)
        case .failure(let failure): (info, error) = (nil, failure.description)
        }
    }

    enum Key: String, CodingKey {
        case file, takenAt, offset, latitude, longitude, altitude, orientation, make, model, width, height, error, problems
        case takenAtTag, takenAtIsCaptureTime, offsetTag, positionTag
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
    }

    /// `photo.jpg  taken 2008-10-22T16:29:49+02:00 (DateTimeOriginal, OffsetTimeOriginal)  at 43.467448,
    /// 11.885127 (GPS)  NIKON COOLPIX P6000  640×480`: each value with the tag it came from; a date
    /// from ModifyDate alone reads `modified …`, not `taken`.
    var text: String? {
        guard let info else { return nil }
        var parts = [file]
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
        return parts.joined(separator: "  ")
    }
}
