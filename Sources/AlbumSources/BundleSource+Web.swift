import AlbumModel
import AlbumNet
import Foundation

extension BundleSource {
    /// The largest `/photos` JSON list fetched from the web.
    public static let maxWebListBytes = 32 << 20

    /// Fetches a `/photos` JSON list over HTTP(S) and reads it as a bundle: the same record
    /// checks and skipped-record reasons as a local bundle; relative image URLs resolve against
    /// the list's URL (after redirects); only http(s) is followed.
    /// - Throws: `AlbumError.source` naming the URL when the server cannot be reached, answers
    ///   with another status than 200, or sends more than `maxWebListBytes`; `.invalidInput` for
    ///   a body that is not a usable list.
    public static func fetch(_ url: String, client: HTTPClient) async throws(AlbumError) -> BundleSource {
        let response: HTTPResponse
        do {
            response = try await client.send(
                HTTPRequest(url: url, headers: ["Accept": "application/json"], maxBodyBytes: maxWebListBytes))
        } catch {
            throw .source(error.detail.withContext("cannot fetch the bundle list"))
        }
        guard response.status == 200 else {
            throw .source("the server answered HTTP \(response.status)", subject: .url(url), cause: .httpStatus(response.status))
        }
        let final = URL(string: response.url).flatMap { $0.host == nil ? nil : $0 } ?? URL(string: url)
        guard let final else { throw .invalidInput("bundle:\(url) is not a valid URL") }
        return try BundleSource(webList: response.body, url: url, finalURL: final)
    }
}
