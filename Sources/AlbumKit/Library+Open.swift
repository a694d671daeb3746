import AlbumFiles
import AlbumModel
import AlbumPostgres
import AlbumSeam
import Foundation

/// What a command does with the library it opens.
public enum LibraryAccess: Sendable {
    /// Reads only: a folder library that does not exist reads as an empty one, nothing is created.
    case reading
    /// Writes: a folder library is created when missing.
    case writing
}

/// Where a `--library` value points.
public enum LibraryLocation: Sendable, Equatable {
    /// A folder library (SQLite).
    case folder(URL)
    /// A library on a PostgreSQL server, shared by workers (issue 16).
    case postgres(PostgresLocation)

    /// The library named by `--library`, else `ALBUM_DATABASE_URL` (a `postgres://` URL), else
    /// `ALBUM_LIBRARY`, else `./cache`. `files` (`--files`) is the photo folder of a PostgreSQL
    /// library whose URL names none.
    /// - Throws: `AlbumError.invalidInput` for a malformed `postgres://` URL, or `files` given
    ///   with a folder library.
    public static func resolve(
        _ option: String?, files: String?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(AlbumError) -> LibraryLocation {
        let databaseURL = environment["ALBUM_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
        let named = option ?? databaseURL ?? environment["ALBUM_LIBRARY"]
        if let named, PostgresLocation.isPostgresURL(named) {
            return .postgres(try PostgresLocation(url: named, files: files))
        }
        if files != nil {
            throw .invalidInput("--files goes with a postgres:// library (--library or ALBUM_DATABASE_URL)")
        }
        return .folder(Library.resolveFolder(option, environment: environment))
    }

    /// The folders no file a command writes at a user-named path may land in, even with
    /// `--force` (`OutputFile`): a folder library's folder (database, originals, thumbnails), a
    /// shared library's files folder. Known without opening the library.
    public var protectedFolders: [URL] {
        switch self {
        case .folder(let folder): [folder]
        case .postgres(let location): location.files.map { [$0] } ?? []
        }
    }
}

extension Library {
    /// Opens the library a `--library` value names, folder or `postgres://` URL: the one entry
    /// point of every core command. Close it (`close()`) when done.
    /// - Parameters:
    ///   - leaseSeconds: on PostgreSQL, how long a claim lasts unless renewed.
    ///   - connections: on PostgreSQL, at most this many connections at once.
    /// - Throws: `AlbumError` naming the library: a folder that cannot be made or read, a server
    ///   that cannot be reached, a files folder that is missing or another library's, or a
    ///   `postgres://` library in an `album` built without PostgreSQL.
    public static func open(
        _ location: LibraryLocation, for access: LibraryAccess, leaseSeconds: Double = 120, connections: Int = 8
    ) async throws(AlbumError) -> Library {
        switch location {
        case .folder(let folder):
            return access == .writing ? try await openForWriting(at: folder) : try await openForReading(at: folder)
        case .postgres(let location):
            #if PostgreSQL
            return try await openShared(location, leaseSeconds: leaseSeconds, connections: connections)
            #else
            throw .invalidInput(
                "\(location) is a PostgreSQL library, and this album was built without PostgreSQL: "
                    + "build it with `swift build --traits PostgreSQL` (see docs/scale.md)")
            #endif
        }
    }
}
