// TEMPORARY (net branch): a minimal stand-in so SourceSpec and `album search` build before the
// bundle engineer's branch lands. Take the bundle branch's BundleSource.swift over this file.
import AlbumModel
import Foundation

/// A local folder with a `/photos`-style JSON file. Minimal stand-in; see the note above.
public struct BundleSource: PhotoSource {
    public let name: String
    private let photos: [SourcePhoto]

    /// - Throws: `AlbumError.io` when the folder has no readable JSON file,
    ///   `AlbumError.invalidInput` when its JSON is not a list of photo records.
    public init(folder: URL) throws(AlbumError) {
        name = "bundle:\(folder.path)"
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        guard let file = files.filter({ $0.pathExtension == "json" }).sorted(by: { $0.path < $1.path }).first,
            let data = try? Data(contentsOf: file)
        else { throw .io("bundle folder \(folder.path) has no readable JSON file") }
        struct Record: Decodable {
            var id: Int
            var title: String?
            var url: String
            var latitude: Double?
            var longitude: Double?
            var datetaken: String?
        }
        guard let records = try? JSONDecoder().decode([Record].self, from: data) else {
            throw .invalidInput("\(file.path) is not a list of photo records")
        }
        photos = records.map { record in
            let coordinate = record.latitude.flatMap { lat in record.longitude.flatMap { try? Coordinate(latitude: lat, longitude: $0) } }
            return SourcePhoto(sourceId: String(record.id), title: record.title, url: record.url, coordinate: coordinate, takenAt: record.datetaken)
        }
    }

    public func search(_ query: SearchQuery) async throws -> SearchPage {
        let near = photos.filter { $0.coordinate.map { $0.distanceKm(to: query.center) <= query.radiusKm } ?? true }
        let perPage = max(1, query.perPage)
        let pages = (near.count + perPage - 1) / perPage
        let start = (max(1, query.page) - 1) * perPage
        let slice = start < near.count ? Array(near[start..<min(near.count, start + perPage)]) : []
        return SearchPage(total: near.count, pages: pages, page: query.page, perPage: perPage, photos: slice)
    }
}
