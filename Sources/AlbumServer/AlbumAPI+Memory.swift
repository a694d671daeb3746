import AlbumCore
import AlbumModel
import Hummingbird
import Foundation

/// The memory routes, over issue 13's queries in AlbumKit (no SQL here): the timeline as
/// entries, monthly and yearly summaries, tags and search. Same JSON as `album … --json`.
extension AlbumAPI {
    /// `GET /api/entries?kind&from&to&tag&pin&page&pageSize&by&asOf`: one page of the timeline,
    /// photos only without `kind`, else photos and entries of those kinds (`TimelineJSON`).
    func entries(_ query: Query) async throws -> Data {
        let grouping = try Self.grouping(query)
        let page = try Self.integer(query, "page") ?? 1
        guard page <= Int(Int32.max) else { throw APIError.badRequest("page \(page) must be at most \(Int32.max)") }
        let pageSize = try Self.integer(query, "pageSize") ?? 100
        let filter = try Self.apiFilter(query)
        var kinds = TimelineKinds.photosOnly
        if let text = query["kind"] {
            do { kinds = try TimelineKinds(naming: text, option: "kind") } catch { throw APIError.badRequest(error.detail.description) }
        }
        do {
            // A timeline of one source is photos only (entries have no source).
            if filter.source != nil { kinds.entries = [] }
            let timeline = Self.served(try await library.timeline(by: grouping, filter: filter, kinds: kinds, page: page, pageSize: pageSize))
            return JSONOut.encode(TimelineJSON(timeline, kinds: kinds, media: .served))
        } catch {
            throw Self.renamingOptions(error)
        }
    }

    /// The timeline's `by`: day (the default), week or month.
    static func grouping(_ query: Query) throws(APIError) -> TimelineGrouping {
        try query["by"].map { text throws(APIError) in
            guard let g = TimelineGrouping(rawValue: text) else { throw .badRequest("by '\(text)' must be day, week or month") }
            return g
        } ?? .day
    }

    /// `GET /api/summaries/monthly?year&month` and `/api/summaries/yearly?year`.
    func summary(_ kind: String, _ query: Query) async throws -> Data {
        var summary = try await summary(of: try Self.period(kind, query))
        summary.first = summary.first?.served
        summary.last = summary.last?.served
        return JSONOut.encode(summary)
    }

    /// A period's summary, kept until the library changes (`AnswerCache.value`): the page, the
    /// API and the cards of one period compute it once (a year of 100,000 photos took 1.5 s).
    func summary(of period: LocalPeriod) async throws -> Summary {
        let library = library
        return try await cache.value("summary/\(period.kind.rawValue)/\(period.from)", at: try await library.version()) {
            try await library.summary(of: period)
        }
    }

    /// The timeline as the API shows it: thumbnails by media URL (`PhotoEntry.served`).
    static func served(_ page: TimelinePage) -> TimelinePage {
        var page = page
        for i in page.groups.indices { page.groups[i].photos = page.groups[i].photos.map(\.served) }
        return page
    }

    /// The period a summary request names: `kind` is `monthly` or `yearly`.
    static func period(_ kind: String, _ query: Query) throws -> LocalPeriod {
        guard let year = try integer(query, "year"), (2...9999).contains(year) else {
            throw APIError.badRequest("year is required (0002-9999)")
        }
        switch kind {
        case "monthly":
            guard let month = try integer(query, "month"), (1...12).contains(month) else {
                throw APIError.badRequest("month is required (1-12)")
            }
            return try LocalPeriod.month(String(format: "%04d-%02d", year, month))
        case "yearly": return try LocalPeriod.year(String(format: "%04d", year))
        default: throw APIError.notFound("no summary '\(kind)': monthly or yearly")
        }
    }

    /// `GET /api/summaries/{monthly|yearly}/card?year&month&theme`: the summary card as a PNG,
    /// in light (the default) or dark colours. Kept in the answer cache (`AnswerCache.answer`,
    /// byte-bounded) until the library changes: drawing one took 1.4-1.6 s in a debug build.
    func card(_ kind: String, _ query: Query) async throws -> Response {
        let theme = try Self.cardTheme(query)
        let period = try Self.period(kind, query)
        let key = "card/\(period.kind.rawValue)/\(period.from)/\(theme.rawValue)"
        let stopping = stopping
        return try await cache.answer(key, at: try await library.version(), type: "image/png") {
            let summary = try await summary(of: period)
            return try await Self.png(stopping) { file in try await library.writeCard(summary, to: file, theme: theme, stopped: { stopping.isSet }) }
        }.response
    }

    /// A card's `theme`: light (the default) or dark.
    static func cardTheme(_ query: Query) throws(APIError) -> CardTheme {
        try query["theme"].map { name throws(APIError) in
            guard let theme = CardTheme(rawValue: name) else { throw APIError.badRequest("theme '\(name.prefix(40))' must be light or dark") }
            return theme
        } ?? .light
    }

    /// The PNG `draw` writes into a temporary file, read back and the file removed. A card given
    /// up because the server is stopping (SIGTERM: drawing looks at `stopping` between photos)
    /// or the request was cancelled answers 503 at once, nothing kept.
    static func png(_ stopping: StopSignal, _ draw: (URL) async throws -> Void) async throws -> Data {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("album-card-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            try await draw(file)
        } catch {
            guard stopping.isSet || Task.isCancelled else { throw error }
            throw APIError(status: 503, code: "stopping", message: "the server is stopping: the card was not drawn")
        }
        guard let data = FileManager.default.contents(atPath: file.path) else { throw APIError.notFound("no card") }
        return data
    }

    /// `GET /timeline?by&kind&from&to&tag&page&pageSize&asOf`: the timeline page, photos and
    /// entries together unless `kind` (as the API's: `photo,note,song,audio,checkin`, comma-separated)
    /// names fewer; 200 items a page unless pageSize, 1-200, says fewer.
    func timelinePage(_ query: Query) async throws -> Response {
        let grouping = TimelineGrouping(rawValue: query["by"] ?? "month") ?? .month
        let page = try Self.integer(query, "page") ?? 1
        let pageSize = min(200, max(1, try Self.integer(query, "pageSize") ?? 200))
        let kind = query["kind"].flatMap { $0.isEmpty ? nil : $0 }
        var kinds = TimelineKinds.all
        if let kind {
            do { kinds = try TimelineKinds(naming: kind, option: "kind") } catch { throw APIError.badRequest(error.detail.description) }
        }
        do {
            var clean = query
            for name in ["from", "to"] where clean[name] == "" { clean[name] = nil }  // an empty date field
            let filter = try Self.filter(clean)
            let timeline = try await library.timeline(by: grouping, filter: filter, kinds: kinds, page: page, pageSize: pageSize)
            // "On this day" (issue 29) heads the first page of the whole timeline.
            var onThisDay = ""
            if page == 1 && filter == PhotoFilter() && kind == nil {
                let today = today()
                onThisDay = Pages.onThisDay(try await library.memories(on: today), date: today)
            }
            // The page's photos' hashes in one read: look-alikes fold on the page (decision 0125).
            let ids = timeline.groups.flatMap(\.items).compactMap { item -> Int64? in
                if case .photo(let photo) = item { return photo.id }
                return nil
            }
            var hashes: [Int64: UInt64] = [:]
            for photo in try await library.photos(ids: ids) { hashes[photo.id] = photo.perceptualHash?.value }
            return Reply.html(Pages.timeline(timeline, filter: filter, kind: kind, pageSize: pageSize, onThisDay: onThisDay, hashes: hashes))
        } catch {
            throw Self.renamingOptions(error)
        }
    }

    /// `GET /summary?year[&month]`: a month's or a year's summary with its card; without a year,
    /// the year of the newest photo (else this year). A period that is not one is said on the
    /// page, above the picker, with status 400.
    func summaryPage(_ query: Query) async throws -> Response {
        var query = query
        if query["month"] == "" { query["month"] = nil }
        if query["year"] == nil || query["year"] == "" {
            let library = library
            let newest = try await cache.value("newest-month", at: try await library.version()) {
                try await library.timeline(by: .month, filter: PhotoFilter(), page: 1, pageSize: 1).groups.first?.key
            }
            query["year"] = newest.map { String($0.prefix(4)) } ?? String(Calendar(identifier: .gregorian).component(.year, from: Date()))
        }
        let year = Int(query["year"] ?? "") ?? Calendar(identifier: .gregorian).component(.year, from: Date())
        let month = query["month"].flatMap { Int($0) }
        let kind = query["month"] == nil ? "yearly" : "monthly"
        let cardQuery = "year=\(query["year"] ?? "")" + (query["month"].map { "&amp;month=\($0)" } ?? "")
        do {
            let summary = try await summary(of: try Self.period(kind, query))
            return Reply.html(Pages.summary(summary, cardQuery: cardQuery, year: year, month: month))
        } catch {
            let message: String
            switch error {
            case let error as APIError where error.status == 400: message = error.message
            case AlbumError.invalidInput(let detail): message = detail.description
            default: throw error
            }
            let picked = (2...9999).contains(year) ? year : Calendar(identifier: .gregorian).component(.year, from: Date())
            return Reply.html(Pages.summary(nil, cardQuery: "", year: picked, month: month, problem: message), status: .badRequest)
        }
    }

    /// `GET /search?q=TEXT`: the search box, and the first 200 matches when there is a query.
    func searchPage(_ query: Query) async throws -> Response {
        let text = (query["q"] ?? "").trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return Reply.html(Pages.search("", nil)) }
        do {
            return Reply.html(Pages.search(text, try await library.find(try SearchText(text), filter: try Self.filter(query), limit: 200)))
        } catch let error as AlbumError {
            guard case .invalidInput(let message) = error else { throw error }
            return Reply.html(Pages.search(text, nil, problem: message.description), status: .badRequest)
        }
    }

    /// `GET /api/tags`.
    func tags() async throws -> Data { JSONOut.encode(try await library.tags()) }

    /// `GET /api/search?q=TEXT&from&to&tag&pin&limit`.
    func search(_ query: Query) async throws -> Data {
        guard let text = query["q"], !text.isEmpty else { throw APIError.badRequest("q is required") }
        let limit = try Self.integer(query, "limit") ?? 50
        guard (1...1000).contains(limit) else { throw APIError.badRequest("limit \(limit) must be 1-1000") }
        do {
            // Text that does not parse as a query (an unbalanced quote, a lone `*`) is read as
            // plain words; text with no word at all matches nothing.
            let search: SearchText
            if let parsed = try? SearchText(text) {
                search = parsed
            } else if let plain = try? SearchText(text.replacingOccurrences(of: "\"", with: " ").replacingOccurrences(of: "*", with: " ")) {
                search = plain
            } else {
                return JSONOut.encode(SearchResults(query: text, total: 0, photos: []))
            }
            var results = try await library.find(search, filter: try Self.apiFilter(query), limit: limit)
            results.photos = results.photos.map(\.served)
            return JSONOut.encode(results)
        } catch {
            throw Self.renamingOptions(error)
        }
    }

    static func filter(_ query: Query) throws -> PhotoFilter {
        var filter = PhotoFilter()
        for name in ["from", "to"] {
            guard let text = query[name] else { continue }
            guard let day = LocalDate(text) else { throw APIError.badRequest("\(name) '\(text)' is not a date YYYY-MM-DD") }
            if name == "from" { filter.from = day } else { filter.to = day }
        }
        if let tag = query["tag"] {
            do { filter.tag = try TagName(tag) } catch { throw APIError.badRequest("tag: \(error.description)") }
        }
        if let pin = try integer(query, "pin") {
            guard pin >= 1 else { throw APIError.badRequest("pin \(pin) must be at least 1") }
            filter.pinId = Int64(pin)
        }
        if let asOf = try integer(query, "asOf") { filter.asOf = Int64(asOf) }
        return filter
    }

    /// The API's filter: as `filter`, except that a filter no photo can pass (a tag that is no
    /// tag name, `from` after `to`) matches nothing instead of being an error.
    static func apiFilter(_ query: Query) throws -> PhotoFilter {
        var strict = query
        strict["tag"] = nil
        var filter = try filter(strict)
        if let tag = query["tag"] { filter.tag = (try? TagName(tag)) ?? TagName(stored: "") }
        if let from = filter.from, let to = filter.to, from > to {
            filter.to = nil
            filter.tag = TagName(stored: "")  // no photo has the empty tag
        }
        return filter
    }

    static func integer(_ query: Query, _ name: String) throws(APIError) -> Int? {
        guard let text = query[name] else { return nil }
        guard let value = Int(text) else { throw .badRequest("\(name) '\(text)' must be a whole number") }
        return value
    }

    /// AlbumKit names command-line options (`--page-size`); the API names its parameters.
    static func renamingOptions(_ error: any Error) -> any Error {
        guard let error = error as? AlbumError, case .invalidInput(let detail) = error else { return error }
        let renamed = detail.description.replacingOccurrences(of: "--page-size", with: "pageSize").replacingOccurrences(of: "--page", with: "page")
            .replacingOccurrences(of: "--from", with: "from").replacingOccurrences(of: "--to", with: "to")
        return APIError.badRequest(renamed)
    }
}

extension PhotoEntry {
    /// The entry as the API and pages show it: the thumbnail by its media URL
    /// (`/api/media/ID?size=thumb`), never a path inside the library.
    var served: PhotoEntry {
        var entry = self
        entry.thumbnail = thumbnail == nil ? nil : "/api/media/\(id)?size=thumb"
        return entry
    }
}
