import AlbumCore
import AlbumModel
import Foundation
import Hummingbird

extension AlbumAPI {
    /// Entries the diary shows on one page (the next is fetched as the reader scrolls).
    static let diaryPageSize = 50

    /// `GET /diary?kind&tag&from&to&page`: the diary page (`Pages.diary`). A check-in at a pin
    /// shows that pin's photos of the check-in's day, else the pin's newest (at most 6). A bad parameter is a 400 page
    /// naming it.
    func diaryPage(_ query: Query) async throws -> Response {
        var clean = query
        for name in ["from", "to", "kind", "tag"] where clean[name] == "" { clean[name] = nil }  // an empty form field
        let photoFilter = try Self.filter(clean)
        var filter = EntryFilter(from: photoFilter.from, to: photoFilter.to, tag: photoFilter.tag, pinId: photoFilter.pinId)
        if let kind = clean["kind"] {
            do { filter.kind = try EntryKind(naming: kind) } catch { throw APIError.badRequest("kind '\(kind)' must be note, song, audio or place") }
        }
        let page = try Self.integer(query, "page") ?? 1
        guard page >= 1 else { throw APIError.badRequest("page \(page) must be at least 1") }
        do {
            let list = try await library.entries(filter.validated(), page: page, pageSize: Self.diaryPageSize)
            var photos: [Int64: [PhotoEntry]] = [:]
            for entry in list.entries where entry.kind == .place { photos[entry.id] = try await checkInPhotos(entry, count: 6) }
            return Reply.html(Pages.diary(list, filter: filter, page: page, pageSize: Self.diaryPageSize, photos: photos))
        } catch {
            throw Self.renamingOptions(error)
        }
    }

    /// A check-in's photos: its pin's of the check-in's day, else the pin's newest (at most `count`).
    func checkInPhotos(_ entry: Entry, count: Int) async throws -> [PhotoEntry] {
        guard entry.kind == .place, let pinId = entry.pinId else { return [] }
        let day = entry.at.date
        var found = try await library.timeline(by: .day, filter: PhotoFilter(from: day, to: day, pinId: pinId), page: 1, pageSize: count)
        if found.total == 0 { found = try await library.timeline(by: .day, filter: PhotoFilter(pinId: pinId), page: 1, pageSize: count) }
        return found.groups.flatMap(\.photos)
    }

    /// `GET /entries/{entry}`: the entry's page (`Pages.entry`), with its map where it has a position.
    func entryPage(_ id: Int64) async throws -> Response {
        var entry = try await library.entry(id: id)
        if entry.coordinate == nil, let pinId = entry.pinId { entry.coordinate = try? await library.pin(id: pinId).coordinate }
        let map = entry.coordinate.map {
            Pages.mapAttributes(basemap: assets.basemap != nil, tiles: assets.tiles, vector: assets.vectorBasemap)
                + " data-lat=\"\($0.latitude)\" data-lon=\"\($0.longitude)\""
        } ?? ""
        let credits = Pages.mapCredits(basemap: assets.basemap != nil, tiles: assets.tiles, vector: assets.vectorBasemap)
        return Reply.html(Pages.entry(entry, photos: try await checkInPhotos(entry, count: 24), map: map, credits: credits))
    }
}
