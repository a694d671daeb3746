import AlbumModel
import Foundation

extension BundleSource {
    /// One page of the photos the bundle offers near `query.center`.
    ///
    /// With coordinates: the photos within `query.radiusKm` (great-circle), nearest first, ties in
    /// file order. Without: every photo, in file order. `pages` is ceil(total / perPage); a page
    /// past the end has no photos.
    /// - Throws: `AlbumError.invalidInput` when `page` or `perPage` is below 1 or the radius is
    ///   negative or not finite.
    public func search(_ query: SearchQuery) throws(AlbumError) -> SearchPage {
        guard query.page >= 1 else { throw .invalidInput("page \(query.page) must be at least 1") }
        guard query.perPage >= 1 else { throw .invalidInput("per-page \(query.perPage) must be at least 1") }
        guard query.radiusKm.isFinite, query.radiusKm >= 0 else {
            throw .invalidInput("radius \(query.radiusKm) km must be a finite number, 0 or more")
        }
        var matching: [SourcePhoto]
        if hasCoordinates {
            matching = offeredPhotos.enumerated()
                .compactMap { index, photo -> (distance: Double, index: Int, photo: SourcePhoto)? in
                    guard let at = photo.coordinate else { return nil }
                    let distance = at.distanceKm(to: query.center)
                    return distance <= query.radiusKm ? (distance, index, photo) : nil
                }
                .sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }
                .map(\.photo)
        } else {
            matching = offeredPhotos
        }
        // A bundle filters before paging (issue 30), so `total` and `pages` count what passes.
        if !query.filter.isEmpty { matching = matching.filter(query.filter.admits) }
        let total = matching.count
        let pages = total == 0 ? 0 : (total - 1) / query.perPage + 1
        let (start, overflow) = (query.page - 1).multipliedReportingOverflow(by: query.perPage)
        let slice = overflow || start >= total ? [] : Array(matching[start..<(start + min(query.perPage, total - start))])
        return SearchPage(total: total, pages: pages, page: query.page, perPage: query.perPage, photos: slice)
    }

    /// Checks, at download time, that a `file://` URL this bundle offered still names a regular
    /// file inside the bundle folder once every symlink is resolved.
    /// - Returns: the `file://` URL of the real file.
    /// - Throws: `AlbumError.invalidInput` when `url` is not a local `file://` URL or leads outside
    ///   the bundle; `.notFound` when the file no longer exists.
    public func resolveLocal(_ url: String) throws(AlbumError) -> URL {
        guard let parsed = URL(string: url), parsed.scheme?.lowercased() == "file" else {
            throw .invalidInput("\(name): '\(url)' is not a file:// URL")
        }
        if let host = parsed.host, !host.isEmpty, host != "localhost" {
            throw .invalidInput("\(name): '\(url)' names another host (\(host))")
        }
        let path = parsed.path
        guard !path.contains("\0") else { throw .invalidInput("\(name): '\(url)' contains a NUL character") }
        guard let location else { throw .invalidInput("\(name) is on the web and offers no local files, refusing \(url)") }
        switch location.contained(path) {
        case .success(let real):
            return URL(fileURLWithPath: real)
        case .failure(let refusal) where refusal.missing:
            throw .notFound("\(name): '\(url)' \(refusal.reason)")
        case .failure(let refusal):
            throw .invalidInput("\(name): '\(url)' \(refusal.reason)")
        }
    }
}
