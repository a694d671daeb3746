import AlbumKit
import AlbumModel
import AlbumPostgres
import ArgumentParser
import Foundation

/// `--library postgres://…` (or `ALBUM_DATABASE_URL` with `--files`): a library on PostgreSQL.
extension GlobalOptions {
    /// The commands that work on a PostgreSQL library; every other one says so in one line.
    static let sharedCommands = "pin add, pin list, pin show, fetch, photos, status and worker"

    /// The `postgres://` URL named by `--library`, else `ALBUM_DATABASE_URL`, else `ALBUM_LIBRARY`;
    /// nil for a folder library.
    var postgresURL: String? {
        let environment = ProcessInfo.processInfo.environment
        let value = library ?? environment["ALBUM_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["ALBUM_LIBRARY"]
        return value.flatMap { PostgresLocation.isPostgresURL($0) ? $0 : nil }
    }

    /// The PostgreSQL library's location, or nil for a folder library.
    /// - Throws: a usage error for a malformed URL, or `--files` given with a folder library.
    func postgresLocation() throws -> PostgresLocation? {
        guard let url = postgresURL else {
            if files != nil { throw ValidationError("--files goes with a postgres:// library (--library or ALBUM_DATABASE_URL)") }
            return nil
        }
        return try PostgresLocation(url: url, files: files)
    }

    /// Commands that work on folder libraries only: one clear line for a PostgreSQL library.
    func refuseSharedLibrary() throws {
        guard let location = try postgresLocation() else { return }
        #if !PostgreSQL
        throw AlbumError.invalidInput(
            "\(location) is a PostgreSQL library, and this album was built without PostgreSQL: "
                + "build it with `swift build --traits PostgreSQL` (see docs/scale.md)")
        #else
        let words = CommandLine.arguments.dropFirst().prefix { !$0.hasPrefix("-") && $0.allSatisfy(\.isLetter) }.prefix(2)
        throw AlbumError.invalidInput(
            "album \(words.joined(separator: " ")) works on a folder library only, not on \(location) "
                + "(a PostgreSQL library takes \(Self.sharedCommands))")
        #endif
    }

    #if PostgreSQL
    /// Runs `body` on the PostgreSQL library the options name, then closes it; nil (and `body`
    /// not run) for a folder library.
    func withShared<T>(
        leaseSeconds: Double = 120, connections: Int = 8, _ body: (SharedLibrary) async throws -> T
    ) async throws -> T? {
        guard let location = try postgresLocation() else { return nil }
        let shared = try await SharedLibrary.open(location, leaseSeconds: leaseSeconds, connections: connections)
        do {
            let result = try await body(shared)
            await shared.close()
            return result
        } catch {
            await shared.close()
            throw error
        }
    }
    #endif
}
