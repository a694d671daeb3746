import AlbumModel
import AlbumNet
import Foundation

extension FlickrSource {
    /// What one request came to.
    enum Outcome {
        case page(SearchPage)
        case retry(AlbumError.Detail, retryAfter: Duration?)
        case failed(AlbumError.Detail)
    }

    /// The search URL: the endpoint with every parameter, the key included (never shown).
    func requestURL(for query: SearchQuery) -> String {
        let filter = query.filter
        var items: [(String, String)] = [
            ("method", "flickr.photos.search"), ("api_key", apiKey),
            ("lat", String(format: "%.6f", query.center.latitude)), ("lon", String(format: "%.6f", query.center.longitude)),
            ("radius", String(format: "%g", query.radiusKm)), ("radius_units", "km"),
            ("per_page", String(query.perPage)), ("page", String(query.page)),
            ("extras", Self.extras + (filter.words.isEmpty ? "" : ",description")),
            ("min_upload_date", String(minUploadDate)), ("media", "photos"),
        ]
        // The filters Flickr applies itself (issue 30); `accuracy` is exact at Flickr, so
        // --min-accuracy is applied locally only.
        if let ids = filter.licenseIds { items.append(("license", ids.sorted { Int($0) ?? 0 < Int($1) ?? 0 }.joined(separator: ","))) }
        if let after = filter.takenAfter { items.append(("min_taken_date", after.replacingOccurrences(of: "T", with: " "))) }
        if let before = filter.takenBefore { items.append(("max_taken_date", before.replacingOccurrences(of: "T", with: " "))) }
        if !filter.words.isEmpty { items.append(("text", filter.words.joined(separator: " "))) }
        if !filter.tags.isEmpty { items += [("tags", filter.tags.joined(separator: ",")), ("tag_mode", filter.tagMode.rawValue)] }
        items += [("format", "json"), ("nojsoncallback", "1")]
        let text = items.map { "\($0)=\(Self.encode($1) ?? "")" }.joined(separator: "&")
        return endpoint + (endpoint.contains("?") ? "&" : "?") + text
    }

    /// Percent-encodes everything but RFC 3986 unreserved characters.
    static func encode(_ text: String) -> String? {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: "\u{0}"..."\u{7F}"))
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed)
    }

    /// Sends one request and sorts the answer into a page, a retry or a failure.
    func attempt(_ url: String, query: SearchQuery) async -> Outcome {
        let response: HTTPResponse
        do {
            response = try await client.send(HTTPRequest(url: url, maxBodyBytes: 16 << 20, timeout: .seconds(30)))
        } catch {
            // The endpoint names the request well enough; the full URL holds the key.
            let detail = AlbumError.Detail(
                "Flickr request failed: \(error.detail.message)", subject: .url(endpoint), cause: error.detail.cause)
            return error.isTransient ? .retry(detail, retryAfter: nil) : .failed(detail)
        }
        let decoded = try? JSONDecoder().decode(FlickrResponse.self, from: FlickrResponse.unwrappingJSONP(response.body))
        if let decoded, decoded.stat == "fail" {
            let code = decoded.code?.int ?? -1
            let message = AlbumError.Detail("Flickr: \(decoded.message ?? "unknown error") (code \(code))", subject: .url(endpoint))
            return Self.retriedCodes.contains(code) ? .retry(message, retryAfter: response.retryAfter) : .failed(message)
        }
        if response.status == 429 || (500...599).contains(response.status) {
            return .retry(answered(response.status), retryAfter: response.retryAfter)
        }
        guard (200...299).contains(response.status) else { return .failed(answered(response.status)) }
        guard let decoded, decoded.stat == "ok", let photos = decoded.photos else {
            let kind = response.header("content-type") ?? "unknown content type"
            return .failed(AlbumError.Detail(
                "Flickr answered with something that is not a photo search result (\(kind), \(response.body.count) bytes)",
                subject: .url(endpoint)))
        }
        return .page(page(from: photos, query: query))
    }

    /// `ENDPOINT: Flickr answered HTTP 503`.
    private func answered(_ status: Int) -> AlbumError.Detail {
        AlbumError.Detail("Flickr answered HTTP \(status)", subject: .url(endpoint), cause: .httpStatus(status))
    }

    /// The page, with `pages` capped at the last useful page and no repeats past the last page.
    func page(from photos: FlickrResponse.Photos, query: SearchQuery) -> SearchPage {
        let pages = max(0, photos.pages?.int ?? 0)
        let useful = pages == 0 ? 0 : Self.maxUsefulPage(pages: pages, perPage: query.perPage)
        let page = photos.page?.int ?? query.page
        // Past the last page Flickr repeats earlier photos: offer none.
        let records = page > useful ? [] : (photos.photo ?? [])
        return SearchPage(
            total: max(0, photos.total?.int ?? 0), pages: useful, page: page,
            perPage: photos.perpage?.int ?? query.perPage,
            photos: records.compactMap { $0.sourcePhoto(buildingURLs: endpoint == Self.defaultEndpoint) })
    }
}
