import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Pins, photos and entries as GeoJSON, KML or GPX, or an HTML gallery.",
        discussion: """
            geojson: an RFC 7946 FeatureCollection of pins, photos and entries (Points).
            kml: KML 2.2, a Folder per pin with Placemarks, and one of the entries.
            gpx: GPX 1.1, a waypoint per pin and entry, and a track of the photos by time.
            html: a gallery folder that opens from file:// (photos only).

            Only downloaded photos are exported; --from/--to keep photos taken on those local days, \
            --trip N a trip's days (album trips); gpx --trip N draws the trip's route, photos and \
            entries in time order.
            Entries (notes, songs, sounds, check-ins) with a position are exported with their \
            text, a clip's transcript and mood.
            `album export credits` and `album export dataset` write attributions and a training dataset
            (album export credits --help, album export dataset --help).
            """)
    enum Format: String, ExpressibleByArgument, CaseIterable { case geojson, kml, gpx, html }

    @OptionGroup var global: GlobalOptions
    @Argument(help: "geojson, kml, gpx or html.") var format: Format
    @Option(help: Vocabulary.onlyPin) var pin: Int64?
    @Option(help: Vocabulary.from) var from: String?
    @Option(help: Vocabulary.to) var to: String?
    @Option(help: Vocabulary.trip) var trip: Int?
    @Option(help: ArgumentHelp("The file to write (default: stdout); for html, the folder.", valueName: "path")) var out: String?
    @Flag(help: "html: link to the library's photos instead of copying them.") var link = false
    @OptionGroup var overwrite: OverwriteOptions

    func validate() throws {
        if format == .html && out == nil { throw ValidationError("export html needs --out DIR") }
        if link && format != .html { throw ValidationError("--link is for export html only") }
        if trip != nil && (from != nil || to != nil) { throw ValidationError("--trip goes without --from and --to (the trip's days are its dates)") }
        if global.json && out == nil { throw ValidationError("--json needs --out (without it the export itself is printed)") }
        do {
            _ = try ExportSelection(pinId: pin, from: from, to: to)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() async throws {
        let selection = try ExportSelection(pinId: pin, from: from, to: to)
        // The target is checked before the export is made: a refused path costs nothing.
        let output = out.map { overwrite.output($0, library: global) }
        try output?.check(folder: format == .html)
        let assets = format == .html ? try WebAssets.system() : nil
        let html = format == .html
        let content = try await global.withLibrary(.reading) { library in
            var selected = selection
            var tripName: String?
            if let trip {
                let found = try await library.trip(trip)
                selected = try ExportSelection(pinId: selection.pinId, from: found.from.description, to: found.to.description)
                tripName = found.name
            }
            var content = try await library.exportContent(selected)
            content.tripName = tripName
            // The gallery shows thumbnails: those a lazy fetch or import left for later are made now.
            if html { try await library.makeMissingThumbnails(of: content.pins.flatMap { $0.photos.map(\.photo) }) }
            return content
        }
        let photos = content.pins.reduce(0) { $0 + $1.photos.count }
        guard let output else {
            let data = try ExportFormat(rawValue: format.rawValue).map { try $0.render(content) } ?? Data()
            return Output.toStdout(data)
        }
        let target = output.url.standardizedFileURL
        if let assets {
            _ = try GalleryExport(assets: assets, link: link).write(content, to: output)
        } else if let single = ExportFormat(rawValue: format.rawValue) {
            try output.write(try single.render(content))
        }
        let written = format == .html ? target.appendingPathComponent("index.html") : target
        if global.json {
            return try Output.json(ExportJSON(format: format.rawValue, file: written.path, pins: content.pins.count, photos: photos,
                                            entries: format == .html ? 0 : content.entries.count))
        }
        let pins = content.pins.count
        let entries = content.entries.count
        let photoText = "\(photos) photo\(photos == 1 ? "" : "s")"
        // The gallery shows photos only.
        let what = entries == 0 || format == .html
            ? " and \(photoText)" : ", \(photoText) and \(entries) entr\(entries == 1 ? "y" : "ies")"
        Output.line("exported \(pins) pin\(pins == 1 ? "" : "s")\(what) to \(written.path)")
    }
}

/// `{format, file, pins, photos, entries}`.
struct ExportJSON: Encodable {
    let format: String
    let file: String
    let pins: Int
    let photos: Int
    /// Entries with a position in the document (none in an html gallery).
    let entries: Int
}
