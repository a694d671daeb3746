import AlbumModel
import AlbumYFCC
import Foundation

/// The YFCC100M dataset, through the index `album yfcc index` built from its TSV.
///
/// `path` is the dataset file (its index is `FILE.albumindex` beside it) or an index file
/// itself. Searches are radius queries on the index, nearest first; there is no cap on how
/// many results are reachable. Downloads go to each row's `download_url`.
public struct YFCCSource: PhotoSource {
    /// `yfcc:` and the absolute path given.
    public let name: String
    let index: YFCCIndex

    /// Opens the index for `path`.
    /// - Throws: `AlbumError.notFound` when the file or its index is missing (saying how to build
    ///   it); `.invalidInput` when the data file changed since the index was built, or the index
    ///   is damaged.
    public init(path: String) throws(AlbumError) {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        name = "yfcc:\(absolute)"
        guard FileManager.default.fileExists(atPath: absolute) else { throw .notFound("does not exist", subject: .file(absolute)) }
        if YFCCIndex.isIndex(absolute) {
            index = try YFCCIndex(file: absolute)
            return
        }
        let builder = YFCCIndexBuilder(dataFile: absolute)
        guard FileManager.default.fileExists(atPath: builder.indexFile) else {
            throw .notFound("\(absolute) has no index yet: run `album yfcc index \(absolute)` (it writes \(builder.indexFile))")
        }
        let opened = try YFCCIndex(file: builder.indexFile)
        guard builder.existingReport() != nil else {
            throw .invalidInput(
                "\(absolute) changed since \(builder.indexFile) was built from it: run `album yfcc index \(absolute)` again")
        }
        index = opened
    }

    /// No cap: every page of a query is reachable.
    public var maxReachableResults: Int? { nil }

    /// One page of the photos within `query.radiusKm` of `query.center`, nearest first.
    /// - Throws: `AlbumError.invalidInput` for a page or per-page below 1 or a bad radius.
    public func search(_ query: SearchQuery) throws(AlbumError) -> SearchPage {
        guard query.page >= 1 else { throw .invalidInput("page \(query.page) must be at least 1") }
        guard query.perPage >= 1 else { throw .invalidInput("per-page \(query.perPage) must be at least 1") }
        guard query.radiusKm.isFinite, query.radiusKm >= 0 else {
            throw .invalidInput("radius \(query.radiusKm) km must be a finite number, 0 or more")
        }
        let result = index.search(center: query.center, radiusKm: query.radiusKm, page: query.page, perPage: query.perPage)
        let photos = result.photos.map { photo in
            var offered = SourcePhoto(
                sourceId: String(photo.id), title: photo.title, url: photo.url,
                coordinate: try? Coordinate(latitude: photo.latitude, longitude: photo.longitude),
                takenAt: photo.takenAt, owner: photo.owner, license: photo.license, accuracy: photo.accuracy)
            // The dataset names licences (and gives their URL); Flickr's id and URL by that name.
            let known = photo.license.flatMap(License.matching)
            offered.provenance = Provenance(
                ownerName: photo.owner, licenseId: known?.id, licenseURL: known.flatMap { $0.url.isEmpty ? nil : $0.url })
            return offered
        }
        let pages = result.total == 0 ? 0 : (result.total - 1) / query.perPage + 1
        return SearchPage(total: result.total, pages: pages, page: query.page, perPage: query.perPage, photos: photos)
    }
}
