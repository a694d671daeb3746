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
            for entry in list.entries where entry.kind == .place {
                guard let pinId = entry.pinId else { continue }
                let day = entry.at.date
                var found = try await library.timeline(by: .day, filter: PhotoFilter(from: day, to: day, pinId: pinId), page: 1, pageSize: 6)
                if found.total == 0 { found = try await library.timeline(by: .day, filter: PhotoFilter(pinId: pinId), page: 1, pageSize: 6) }
                photos[entry.id] = found.groups.flatMap(\.photos)
            }
            let pins = try await library.pins().sorted { $0.id > $1.id }.prefix(300).map { pin in
                let title = pin.title ?? "Pin \(pin.id)"
                guard let place = pin.place?.name, place != pin.title else { return (id: pin.id, name: title) }
                return (id: pin.id, name: "\(title) · \(place)")
            }
            return Reply.html(Pages.diary(list, filter: filter, page: page, pageSize: Self.diaryPageSize, photos: photos, pins: pins))
        } catch {
            throw Self.renamingOptions(error)
        }
    }
}
