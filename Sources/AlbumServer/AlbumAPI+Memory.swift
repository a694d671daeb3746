import AlbumKit
import AlbumModel
import FlyingFox
import Foundation

/// The memory routes, over issue 13's queries in AlbumKit (no SQL here): the timeline as
/// entries, monthly and yearly summaries, tags and search. Same JSON as `album … --json`.
extension AlbumAPI {
    /// `GET /api/entries?from&to&tag&pin&page&pageSize&by&asOf`: one page of the timeline.
    func entries(_ query: [HTTPRequest.QueryItem]) throws -> HTTPResponse {
        let grouping = try query["by"].map { text throws(APIError) in
            guard let g = TimelineGrouping(rawValue: text) else { throw .badRequest("by '\(text)' must be day, week or month") }
            return g
        } ?? .day
        let page = try Self.integer(query, "page") ?? 1
        let pageSize = try Self.integer(query, "pageSize") ?? 100
        let filter = try Self.filter(query)
        do {
            let timeline = try library.timeline(by: grouping, filter: filter, page: page, pageSize: pageSize)
            return Reply.json(JSONOut.encode(timeline))
        } catch {
            throw Self.renamingOptions(error)
        }
    }

    /// `GET /api/summaries/monthly?year&month` and `/api/summaries/yearly?year`.
    func summary(_ kind: String, _ query: [HTTPRequest.QueryItem]) throws -> HTTPResponse {
        Reply.json(JSONOut.encode(try library.summary(of: try Self.period(kind, query))))
    }

    /// The period a summary request names: `kind` is `monthly` or `yearly`.
    static func period(_ kind: String, _ query: [HTTPRequest.QueryItem]) throws -> LocalPeriod {
        guard let year = try integer(query, "year"), (1...9999).contains(year) else {
            throw APIError.badRequest("year is required (YYYY)")
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

    /// `GET /api/summaries/{monthly|yearly}/card?year&month`: the summary card as a PNG.
    func card(_ kind: String, _ query: [HTTPRequest.QueryItem]) throws -> HTTPResponse {
        let summary = try library.summary(of: try Self.period(kind, query))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("album-card-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        try library.writeCard(summary, to: file)
        guard let data = FileManager.default.contents(atPath: file.path) else { throw APIError.notFound("no card") }
        return Reply.secure(HTTPResponse(statusCode: .ok, headers: [.contentType: "image/png"], body: data))
    }

    /// `GET /timeline?by&page&asOf…`: the timeline page.
    func timelinePage(_ query: [HTTPRequest.QueryItem]) throws -> HTTPResponse {
        let grouping = TimelineGrouping(rawValue: query["by"] ?? "month") ?? .month
        let page = try Self.integer(query, "page") ?? 1
        do {
            return Reply.html(Pages.timeline(try library.timeline(by: grouping, filter: try Self.filter(query), page: page, pageSize: 200)))
        } catch {
            throw Self.renamingOptions(error)
        }
    }

    /// `GET /summary?year[&month]`: a month's or a year's summary with its card.
    func summaryPage(_ query: [HTTPRequest.QueryItem]) throws -> HTTPResponse {
        var query = query
        if query["year"] == nil {
            query["year"] = String(Calendar(identifier: .gregorian).component(.year, from: Date()))
        }
        let kind = query["month"] == nil ? "yearly" : "monthly"
        let cardQuery = "year=\(query["year"] ?? "")" + (query["month"].map { "&amp;month=\($0)" } ?? "")
        return Reply.html(Pages.summary(try library.summary(of: try Self.period(kind, query)), cardQuery: cardQuery))
    }

    /// `GET /api/tags`.
    func tags() throws -> HTTPResponse { Reply.json(JSONOut.encode(try library.tags())) }

    /// `GET /api/search?q=TEXT&from&to&tag&pin&limit`.
    func search(_ query: [HTTPRequest.QueryItem]) throws -> HTTPResponse {
        guard let text = query["q"], !text.isEmpty else { throw APIError.badRequest("q is required") }
        let limit = try Self.integer(query, "limit") ?? 50
        guard (1...1000).contains(limit) else { throw APIError.badRequest("limit \(limit) must be 1-1000") }
        do {
            return Reply.json(JSONOut.encode(try library.find(try SearchText(text), filter: try Self.filter(query), limit: limit)))
        } catch {
            throw Self.renamingOptions(error)
        }
    }

    static func filter(_ query: [HTTPRequest.QueryItem]) throws -> PhotoFilter {
        var filter = PhotoFilter()
        for name in ["from", "to"] {
            guard let text = query[name] else { continue }
            guard let day = LocalDate(text) else { throw APIError.badRequest("\(name) '\(text)' is not a date YYYY-MM-DD") }
            if name == "from" { filter.from = day } else { filter.to = day }
        }
        if let tag = query["tag"] {
            do { filter.tag = try TagName(tag) } catch { throw APIError.badRequest("tag: \(error.description)") }
        }
        if let pin = try integer(query, "pin") { filter.pinId = Int64(pin) }
        if let asOf = try integer(query, "asOf") { filter.asOf = Int64(asOf) }
        return filter
    }

    static func integer(_ query: [HTTPRequest.QueryItem], _ name: String) throws(APIError) -> Int? {
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
