import AlbumModel
import Foundation

/// Where a library on PostgreSQL lives: the server and database of
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DB?files=/shared/dir`, and the folder every worker
/// reaches for the photo files.
///
/// Parsed without PostgresNIO, so a build without the `PostgreSQL` trait still recognises such a
/// library and says how to get one that opens it.
public struct PostgresLocation: Sendable, Hashable, CustomStringConvertible {
    public var user: String
    public var password: String?
    public var host: String
    public var port: Int
    public var database: String
    /// The photo files' folder (`files=` in the URL, or `--files`); nil when neither gives one.
    public var files: URL?
    /// The schema of one user's partition (`user_ID`, decision 0046); nil: the library's own
    /// (`public`). Never parsed from a URL: made by `Library.partition(for:)` only.
    public var schema: String?

    /// Whether a `--library` value names a PostgreSQL library rather than a folder.
    public static func isPostgresURL(_ value: String) -> Bool {
        let lower = value.lowercased()
        return lower.hasPrefix("postgres://") || lower.hasPrefix("postgresql://")
    }

    /// Parses a `postgres://` or `postgresql://` URL.
    /// - Parameter files: the folder given by `--files`, used when the URL has no `files=`.
    /// - Throws: `AlbumError.invalidInput` naming the URL (its password hidden) and what is wrong.
    public init(url value: String, files: String? = nil) throws(AlbumError) {
        guard Self.isPostgresURL(value), let components = URLComponents(string: value) else {
            throw .invalidInput("\(Self.redacted(value)) is not a postgres://USER@HOST[:PORT]/DATABASE?files=DIR URL")
        }
        let shown = Self.redacted(value)
        guard let host = components.host, !host.isEmpty else { throw .invalidInput("\(shown) names no host") }
        guard let user = components.user, !user.isEmpty else { throw .invalidInput("\(shown) names no user (postgres://USER@HOST/DATABASE)") }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty, !database.contains("/") else { throw .invalidInput("\(shown) names no database (postgres://USER@HOST/DATABASE)") }
        var filesPath = files
        for item in components.queryItems ?? [] {
            switch item.name {
            case "files": filesPath = item.value
            case "sslmode":
                // TLS is not wired yet (decision 0017): a server on a private network or loopback.
                guard ["disable", "allow", "prefer"].contains(item.value ?? "") else {
                    throw .invalidInput("\(shown): sslmode \(item.value ?? "") is not supported (TLS is not built yet: use sslmode=disable)")
                }
            default: throw .invalidInput("\(shown): unknown parameter \(item.name) (known: files, sslmode)")
            }
        }
        if let filesPath, filesPath.isEmpty { throw .invalidInput("\(shown): files= names no folder") }
        self.user = user
        self.password = components.password
        self.host = host
        self.port = components.port ?? 5432
        self.database = database
        self.files = filesPath.map { URL(fileURLWithPath: $0, isDirectory: true).standardizedFileURL }
    }

    /// How messages name the library: the URL without its password.
    public var description: String {
        "postgres://\(user)@\(host):\(port)/\(database)" + (schema.map { " (\($0))" } ?? "")
    }

    /// The URL with any password replaced by `***`, for messages.
    public static func redacted(_ value: String) -> String {
        guard var components = URLComponents(string: value), components.password != nil else { return value }
        components.password = "***"
        return components.string ?? value
    }
}
