import AlbumModel
import AlbumNet
import Foundation

/// Photos from a Flickr-compatible REST API: `flickr.photos.search` near a place.
///
/// The API key comes from the caller (usually env `FLICKR_API_KEY`) and is never part of an
/// error message: every text that could hold the request URL is redacted. Flickr's temporary
/// failures (codes 0, 105, 201; HTTP 429 and 5xx; transient transport errors) are retried with
/// back-off on the injected clock; anything else fails at once with Flickr's own message.
public struct FlickrSource: PhotoSource {
    /// The public Flickr REST endpoint.
    public static let defaultEndpoint = "https://api.flickr.com/services/rest/"
    /// The environment variable holding the API key.
    public static let apiKeyVariable = "FLICKR_API_KEY"
    /// The extras every search asks for: image URLs of four sizes, geo, date, owner, licence.
    public static let extras = "url_q,url_m,url_z,url_b,geo,date_taken,date_upload,owner_name,license,tags"
    /// Flickr's largest radius for geo queries.
    public static let maxRadiusKm = 32.0
    /// Flickr's largest page for geo queries.
    public static let maxPerPage = 250
    /// Flickr returns at most this many results per query; later pages repeat earlier photos.
    public static let maxResults = 4000
    /// 2004-01-01, before Flickr's first upload: the "limiting agent" geo queries need to search
    /// all years rather than only recent uploads.
    public static let defaultMinUploadDate = 1_072_915_200
    /// The environment variable with the API calls allowed per hour (default 3,600, Flickr's
    /// budget per key; 0: no pacing).
    public static let callsPerHourVariable = "ALBUM_FLICKR_CALLS_PER_HOUR"
    public static let defaultCallsPerHour = 3600
    /// Flickr error codes worth retrying: 0 and 105 "service unavailable", 201 "not available".
    static let retriedCodes: Set<Int> = [0, 105, 201]

    public let name = "flickr"
    public let endpoint: String
    public let minUploadDate: Int
    /// Internal to the module; never printed. `redact(_:)` removes it from messages.
    let apiKey: String
    let client: HTTPClient
    let retryPolicy: RetryPolicy
    let clock: any Clock<Duration>
    /// Spaces calls within the hourly budget; nil: no pacing.
    let pacer: RequestPacer?

    /// - Parameters:
    ///   - endpoint: an http(s) URL answering like `https://api.flickr.com/services/rest/`.
    ///   - clock: what back-off sleeps on; tests pass one that does not really wait.
    /// - Throws: `AlbumError.invalidInput` for an empty key or a non-http(s) endpoint.
    public init(
        apiKey: String, endpoint: String = defaultEndpoint, client: HTTPClient,
        retryPolicy: RetryPolicy = RetryPolicy(), clock: any Clock<Duration> = ContinuousClock(),
        minUploadDate: Int = defaultMinUploadDate, pacer: RequestPacer? = nil
    ) throws(AlbumError) {
        let key = apiKey.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !key.isEmpty else {
            throw .invalidInput("\(Self.apiKeyVariable) is empty: set it to your Flickr API key to use --source flickr")
        }
        let lower = endpoint.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), endpoint.count > 8 else {
            throw .invalidInput("endpoint '\(endpoint)' is not an http(s) URL")
        }
        self.apiKey = key
        self.endpoint = endpoint
        self.client = client
        self.retryPolicy = retryPolicy
        self.clock = clock
        self.minUploadDate = minUploadDate
        self.pacer = pacer
    }

    /// A source with the key from `environment["FLICKR_API_KEY"]`, paced to
    /// `environment["ALBUM_FLICKR_CALLS_PER_HOUR"]` calls an hour (default 3,600; 0: unpaced).
    /// - Throws: `AlbumError.invalidInput` when the key is missing or empty, or the rate is not
    ///   a whole number ≥ 0.
    public init(
        environment: [String: String], endpoint: String = defaultEndpoint, client: HTTPClient,
        retryPolicy: RetryPolicy = RetryPolicy(), clock: any Clock<Duration> = ContinuousClock()
    ) throws(AlbumError) {
        guard let key = environment[Self.apiKeyVariable], !key.isEmpty else {
            throw .invalidInput("\(Self.apiKeyVariable) is not set: export your Flickr API key to use --source flickr")
        }
        let rate = environment[Self.callsPerHourVariable] ?? String(Self.defaultCallsPerHour)
        guard let perHour = Int(rate), perHour >= 0 else {
            throw .invalidInput("\(Self.callsPerHourVariable)='\(rate)' is not a whole number of calls per hour (0: no limit)")
        }
        try self.init(
            apiKey: key, endpoint: endpoint, client: client, retryPolicy: retryPolicy, clock: clock,
            pacer: perHour == 0 ? nil : RequestPacer(perHour: perHour, clock: clock))
    }

    /// The last page worth asking for at `perPage` per page: min(pages, 4000 / perPage).
    public static func maxUsefulPage(pages: Int = .max, perPage: Int) -> Int {
        min(pages, max(1, maxResults / max(1, perPage)))
    }

    /// One page of geotagged photos within `query.radiusKm` of `query.center`.
    ///
    /// The page's `pages` is the number of useful pages, `maxUsefulPage(pages:perPage:)`, so a
    /// caller picking a page never asks past Flickr's 4,000-result window; `total` is Flickr's.
    /// - Throws: `AlbumError.invalidInput` for a radius outside (0, 32] km, a page size outside
    ///   1…250, or a page past the last useful one (nothing is sent); `AlbumError.source` with
    ///   Flickr's message (or the HTTP status or transport error) when it fails or retries run out.
    public func search(_ query: SearchQuery) async throws -> SearchPage {
        try Self.validate(query)
        let url = requestURL(for: query)
        var attempt = 1
        while true {
            try await pacer?.waitForTurn()
            switch await self.attempt(url, query: query) {
            case .page(let page):
                return page
            case .failed(let detail):
                throw AlbumError.source(redact(detail))
            case .retry(let reason, let retryAfter):
                guard retryPolicy.allowsRetry(afterAttempt: attempt) else {
                    var detail = reason
                    detail.message += " (gave up after \(attempt) attempts)"
                    throw AlbumError.source(redact(detail))
                }
                try await clock.sleep(for: retryPolicy.delay(afterAttempt: attempt, retryAfter: retryAfter))
                attempt += 1
            }
        }
    }

    /// Refuses what Flickr would refuse or answer uselessly.
    static func validate(_ query: SearchQuery) throws(AlbumError) {
        guard query.radiusKm.isFinite, query.radiusKm > 0, query.radiusKm <= maxRadiusKm else {
            throw .invalidInput("radius \(query.radiusKm) km is outside (0, 32]: Flickr's geo search allows at most 32 km")
        }
        guard (1...maxPerPage).contains(query.perPage) else {
            throw .invalidInput("per-page \(query.perPage) is outside 1…250, Flickr's largest page for geo searches")
        }
        let last = maxUsefulPage(perPage: query.perPage)
        guard query.page >= 1, query.page <= last else {
            throw .invalidInput(
                "page \(query.page) is outside 1…\(last): Flickr returns at most \(maxResults) results per query, \(query.perPage) per page")
        }
    }

    /// Replaces the API key, raw or percent-encoded, wherever it appears.
    func redact(_ detail: AlbumError.Detail) -> AlbumError.Detail {
        var detail = detail
        detail.message = redact(detail.message)
        if case .url(let url) = detail.subject { detail.subject = .url(redact(url)) }
        return detail
    }

    func redact(_ text: String) -> String {
        var text = text.replacingOccurrences(of: apiKey, with: "<redacted>")
        if let encoded = Self.encode(apiKey), encoded != apiKey {
            text = text.replacingOccurrences(of: encoded, with: "<redacted>")
        }
        return text
    }
}
