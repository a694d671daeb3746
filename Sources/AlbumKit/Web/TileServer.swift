import AlbumModel
import Foundation

/// `album serve --tiles URL`: a raster tile server for the map instead of the offline basemap
/// (OpenStreetMap's, or the user's own), as an XYZ template with `{z}`, `{x}`, `{y}` and
/// optionally `{s}` (Leaflet's subdomains a, b, c).
public struct TileServer: Sendable, Hashable {
    /// `https://tile.openstreetmap.org/{z}/{x}/{y}.png`.
    public let template: String
    /// The credit the map shows (tile servers' licences ask for it).
    public let attribution: String
    /// What the pages' Content-Security-Policy must allow images from: `https://tile.example.org`,
    /// `https://*.tile.example.org` for a template with `{s}`.
    public let origin: String

    /// The credit when none is given: most tile servers draw OpenStreetMap's data.
    public static let defaultAttribution = "© OpenStreetMap contributors"

    /// - Throws: `AlbumError.invalidInput` naming `--tiles` and what is wrong with it.
    public init(parsing text: String, attribution: String? = nil) throws(AlbumError) {
        for part in ["{z}", "{x}", "{y}"] where !text.contains(part) {
            throw .invalidInput("--tiles \(text) has no \(part): give a template such as https://tile.openstreetmap.org/{z}/{x}/{y}.png")
        }
        let sample = text.replacingOccurrences(of: "{s}", with: "a").replacingOccurrences(of: "{z}", with: "1")
            .replacingOccurrences(of: "{x}", with: "1").replacingOccurrences(of: "{y}", with: "1")
        guard let url = URLComponents(string: sample), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty, let slashes = text.range(of: "://")
        else { throw .invalidInput("--tiles \(text) is not an http:// or https:// URL template") }
        guard url.user == nil, url.password == nil, !text.contains("\""), !text.contains(";"), !text.contains(" ") else {
            throw .invalidInput("--tiles \(text): a template may not hold a user, a password, quotes, spaces or ';'")
        }
        let given = attribution?.trimmingCharacters(in: .whitespaces)
        if let given, given.isEmpty { throw .invalidInput("--tiles-attribution is empty") }
        template = text
        self.attribution = given ?? Self.defaultAttribution
        // The host as written (with {s} as a wildcard), and the port when it is not the default.
        let authority = text[slashes.upperBound...].prefix { $0 != "/" && $0 != "?" }
        let hostPattern = authority.split(separator: "@").last.map(String.init) ?? String(authority)
        origin = scheme + "://" + hostPattern.replacingOccurrences(of: "{s}", with: "*")
    }
}
