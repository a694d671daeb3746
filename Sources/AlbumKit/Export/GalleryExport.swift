import AlbumFiles
import AlbumModel
import Foundation

/// `album export html --out DIR`: a static gallery that opens from `file://` with no server.
///
/// ```
/// DIR/index.html          the map of every pin (Leaflet, clustered) and the list of albums
/// DIR/album-<pin>.html    one album: thumbnails linking to the originals, or "No Images"
/// DIR/data.js             the pins for the map (a script, since file:// pages cannot fetch JSON)
/// DIR/assets/…            Leaflet, marker-cluster, the Blue Marble basemap, gallery.js/css,
///                         cities.js and cities-data.js (the GeoNames city layer)
/// DIR/photos/, thumbs/    the originals and thumbnails, copied or (with link) symbolic links
/// ```
/// Every title is HTML-escaped; titles reach the map script only as JSON data, and the script
/// puts them in the page as text, never as markup.
public struct GalleryExport: Sendable {
    public let assets: WebAssets
    /// Symbolic links to the library's files instead of copies.
    public let link: Bool

    /// The file that marks a folder as a gallery this command wrote (so it may be rewritten).
    public static let marker = ".geoalbum-gallery"

    public init(assets: WebAssets, link: Bool) {
        self.assets = assets
        self.link = link
    }

    /// What was written.
    public struct Summary: Sendable {
        public var pins: Int
        public var photos: Int
        public var index: URL
    }

    /// Writes the gallery into `output`'s folder, which must be missing, empty, or an earlier
    /// gallery (replaced only when `output.replacing`), and outside the library (`OutputFile`).
    /// - Throws: `AlbumError.invalidInput` for a folder with other content, an earlier gallery
    ///   without `--force` or a folder inside the library; `.io` when a file cannot be written.
    public func write(_ content: ExportContent, to output: OutputFile) throws(AlbumError) -> Summary {
        try output.check(folder: true)
        let folder = output.url.standardizedFileURL
        try prepare(folder, replacing: output.replacing)
        var photoCount = 0
        var pinsJSON: [[String: Any]] = []
        try writeAssets(into: folder)
        for entry in content.pins {
            var slots: [(title: String, original: String?, thumbnail: String?)] = []
            for photo in entry.photos {
                let name = Self.fileName(photo)
                let original = try photo.file.map { url throws(AlbumError) in
                    try place(url, at: folder.appendingPathComponent("photos/" + name)); return "photos/" + name
                }
                let thumbnail = try photo.thumbnail.map { url throws(AlbumError) in
                    try place(url, at: folder.appendingPathComponent("thumbs/" + name)); return "thumbs/" + name
                }
                slots.append((photo.photo.title ?? "", original, thumbnail))
                photoCount += 1
            }
            let page = "album-\(entry.pin.id).html"
            try write(GalleryPages.album(entry, slots: slots), to: folder.appendingPathComponent(page))
            pinsJSON.append([
                "id": entry.pin.id, "title": entry.pin.title ?? "Pin \(entry.pin.id)",
                "latitude": entry.pin.coordinate.latitude, "longitude": entry.pin.coordinate.longitude,
                "photoCount": entry.photos.count, "href": page,
            ])
        }
        let data: Data
        do {
            data = try JSONSerialization.data(withJSONObject: pinsJSON, options: [.sortedKeys, .withoutEscapingSlashes])
        } catch {
            throw .io("cannot encode the gallery's pins: \(error)")
        }
        try write("window.GEOALBUM_PINS = \(String(decoding: data, as: UTF8.self));\n", to: folder.appendingPathComponent("data.js"))
        let index = folder.appendingPathComponent("index.html")
        try write(GalleryPages.index(content, hasBasemap: assets.basemap != nil), to: index)
        try write("GeoAlbum gallery\n", to: folder.appendingPathComponent(Self.marker))
        return Summary(pins: content.pins.count, photos: photoCount, index: index)
    }

    /// `<content hash>.<ext>`: unique per file, never derived from a title.
    static func fileName(_ photo: ExportedPhoto) -> String {
        let ext = photo.file.map { $0.pathExtension.lowercased() }.flatMap { $0.isEmpty ? nil : $0 } ?? "jpg"
        let safeExt = ext.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } ? ext : "jpg"
        return "\(photo.photo.contentHash ?? "photo-\(photo.photo.id)").\(safeExt)"
    }

    private func prepare(_ folder: URL, replacing: Bool) throws(AlbumError) {
        let fm = FileManager.default
        var isFolder: ObjCBool = false
        if fm.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw .invalidInput("--out \(folder.path) is a file, not a folder") }
            let entries = (try? fm.contentsOfDirectory(atPath: folder.path)) ?? []
            if !entries.isEmpty && !entries.contains(Self.marker) {
                throw .invalidInput("--out \(folder.path) is not empty and not a GeoAlbum gallery")
            }
            if !entries.isEmpty && !replacing {
                throw .invalidInput("--out \(folder.path) holds a gallery already: not replaced (give --force to replace it)")
            }
            for entry in entries { try? fm.removeItem(at: folder.appendingPathComponent(entry)) }
        }
        for sub in ["", "assets/images", "photos", "thumbs"] {
            do {
                try fm.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
            } catch {
                throw .io("cannot create", subject: .file(folder.appendingPathComponent(sub).path), cause: .of(error))
            }
        }
    }

    private func writeAssets(into folder: URL) throws(AlbumError) {
        for (name, source) in assets.files {
            try copy(source, to: folder.appendingPathComponent("assets/" + name))
        }
        try write(PageStyle.css, to: folder.appendingPathComponent("assets/album.css"))
        try write(GalleryPages.script, to: folder.appendingPathComponent("assets/gallery.js"))
        try write(CityDots.script, to: folder.appendingPathComponent("assets/cities.js"))
        // The city layer's places, as a script (a page from file:// cannot fetch); without the
        // GeoNames file the map simply has no city layer.
        if let places = try? CityDots.json() {
            try write("window.GEOALBUM_CITIES = \(String(decoding: places, as: UTF8.self));\n",
                      to: folder.appendingPathComponent("assets/cities-data.js"))
        }
    }

    private func place(_ source: URL, at target: URL) throws(AlbumError) {
        if FileManager.default.fileExists(atPath: target.path) { return }  // shared by two albums
        guard FileManager.default.fileExists(atPath: source.path) else {
            throw .io("\(source.path) is missing: run `album verify --repair`")
        }
        if link {
            do {
                try FileManager.default.createSymbolicLink(at: target, withDestinationURL: source)
            } catch {
                throw .io("cannot link \(target.path) to \(source.path): \(error.localizedDescription)")
            }
        } else {
            try copy(source, to: target)
        }
    }

    private func copy(_ source: URL, to target: URL) throws(AlbumError) {
        do {
            try FileManager.default.copyItem(at: source, to: target)
        } catch {
            throw .io("cannot copy \(source.path) to \(target.path): \(error.localizedDescription)")
        }
    }

    private func write(_ text: String, to url: URL) throws(AlbumError) {
        do {
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw .io("cannot write", subject: .file(url.path), cause: .of(error))
        }
    }
}
