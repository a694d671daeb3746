import AlbumModel
import Foundation

/// A local JSON bundle: a folder with a list of `/photos` records and the images they name.
///
/// The folder's JSON file is `photos.json`, or else the only `*.json` file in it (hidden files
/// ignored); `folder` may also name a JSON file directly. The list is the well-known
/// `[{"albumId":1,"id":1,"title":"…","url":"…","thumbnailUrl":"…"}]`; geo bundles add
/// `latitude`/`longitude` (numbers or numeric strings) and optionally `datetaken`.
///
/// The file is read and checked once, in `init`. A record that cannot be used (no id, a
/// duplicate id, a url that leaves the folder or has another scheme than http(s), a missing
/// file, bad coordinates or date) is skipped and listed in `skipped` with the reason; the rest
/// are offered. A list whose records are all bad is an error.
///
/// Searching: when any record has coordinates, the bundle offers the photos within
/// `query.radiusKm` of `query.center`, nearest first (ties in file order), and never the records
/// without coordinates (they are in `skipped`). A bundle without coordinates offers all its
/// photos, in file order, for any place.
public struct BundleSource: PhotoSource {
    /// `bundle:` and the absolute, standardised path of the folder (or JSON file) given.
    public let name: String
    /// The bundle folder, absolute and standardised.
    public let folder: URL
    /// The JSON file the records were read from.
    public let jsonFile: URL
    /// Whether the bundle's records carry coordinates, so that searches are by place.
    public let hasCoordinates: Bool
    /// The records that are not offered, in file order, each with its reason.
    public let skipped: [BundleSkippedRecord]
    /// How many photos the bundle offers in all (for any place).
    public var photoCount: Int { offeredPhotos.count }

    /// The folder and its containment rule; nil for a bundle on the web.
    let location: BundleFolder?
    /// Offered photos in file order; local urls already resolved to `file://` URLs.
    let offeredPhotos: [SourcePhoto]

    /// Reads and checks the bundle at `folder`.
    /// - Parameter folder: the bundle folder, or its JSON file.
    /// - Throws: `AlbumError.notFound` when the folder or its JSON file is missing;
    ///   `.invalidInput` when several JSON files could be meant, when the JSON is malformed
    ///   (naming the file, line and column), or when no record at all can be offered;
    ///   `.io` when a file cannot be read.
    public init(folder: URL) throws(AlbumError) {
        let given = folder.absoluteURL.standardizedFileURL.path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: given, isDirectory: &isFolder) else {
            throw .notFound("bundle \(given) does not exist")
        }
        let root = isFolder.boolValue ? given : (given as NSString).deletingLastPathComponent
        let file = isFolder.boolValue ? try BundleFile.find(in: root) : given
        let location = try BundleFolder(path: root)
        try self.init(
            name: "bundle:\(given)", folder: URL(fileURLWithPath: root, isDirectory: true), jsonFile: URL(fileURLWithPath: file),
            location: location, records: try BundleFile.records(of: file), resolve: location.resolve(recordURL:))
    }

    /// A bundle whose JSON list was fetched from `url` (after redirects: `finalURL`); relative
    /// image URLs resolve against it, and only http(s) image URLs are offered.
    /// - Throws: `AlbumError.invalidInput` when the JSON is malformed or no record can be offered.
    init(webList data: Data, url: String, finalURL: URL) throws(AlbumError) {
        try self.init(
            name: "bundle:\(url)", folder: finalURL.deletingLastPathComponent(), jsonFile: finalURL, location: nil,
            records: try BundleFile.records(in: data, named: url), resolve: { BundleFolder.resolve(webURL: $0, against: finalURL) })
    }

    private init(
        name: String, folder: URL, jsonFile: URL, location: BundleFolder?, records: [BundleRecord],
        resolve: (String) -> Result<String, BundleRefusal>
    ) throws(AlbumError) {
        self.name = name
        self.folder = folder
        self.jsonFile = jsonFile
        self.location = location
        let geo = records.contains { $0.coordinate != nil }
        var offered: [SourcePhoto] = []
        var skipped: [BundleSkippedRecord] = []
        var seen: [String: Int] = [:]
        for (index, record) in records.enumerated() {
            let position = index + 1
            func skip(_ reason: String) {
                skipped.append(.init(position: position, id: record.id, url: record.url, reason: reason))
            }
            if let problem = record.problem {
                skip(problem)
                continue
            }
            guard let id = record.id, let url = record.url else { continue }
            if let first = seen[id] {
                skip("repeats the id of record \(first)")
                continue
            }
            if geo && record.coordinate == nil {
                skip("has no latitude/longitude, while other records of the bundle do")
                continue
            }
            switch resolve(url) {
            case .failure(let refusal):
                skip("url \(refusal.reason)")
            case .success(let resolved):
                seen[id] = position
                var photo = SourcePhoto(
                    sourceId: id, title: record.title, url: resolved, coordinate: record.coordinate,
                    takenAt: record.takenAt, owner: record.provenance.ownerName, license: record.license,
                    accuracy: record.accuracy)
                photo.provenance = record.provenance
                photo.tags = record.tags
                photo.description = record.description
                offered.append(photo)
            }
        }
        if offered.isEmpty && !records.isEmpty {
            let shown = skipped.prefix(3).map(\.description).joined(separator: "; ")
            let more = skipped.count > 3 ? "; and \(skipped.count - 3) more" : ""
            let file = location == nil ? String(name.dropFirst("bundle:".count)) : jsonFile.path
            throw .invalidInput("\(file): none of its \(records.count) records can be offered: \(shown)\(more)")
        }
        hasCoordinates = geo
        self.skipped = skipped
        offeredPhotos = offered
    }
}

extension BundleSource {
    /// A bundle's `file://` photo URLs are files inside its folder, checked again at download time.
    public func resolveLocalFile(_ url: String) throws(AlbumError) -> URL { try resolveLocal(url) }
}
