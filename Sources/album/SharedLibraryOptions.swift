import AlbumKit
import AlbumModel
import AlbumPostgres
import ArgumentParser
import Foundation

/// `--library DIR` or `--library postgres://…` (or `ALBUM_DATABASE_URL` with `--files`).
extension GlobalOptions {
    /// The commands that work on a PostgreSQL library; every other one says so in one line.
    static let sharedCommands =
        "pin, region, fetch, new-collection, photos, photo rm, photo place, status, resume, import, verify, worker, "
        + "tag, tags, timeline, find, summary and places"

    /// Where the library is: a folder, or a PostgreSQL server.
    /// - Throws: a usage error for `--files` with a folder library; `AlbumError` for a malformed URL.
    func location() throws -> LibraryLocation {
        if files != nil, case .folder = try LibraryLocation.resolve(library, files: nil) {
            throw ValidationError("--files goes with a postgres:// library (--library or ALBUM_DATABASE_URL)")
        }
        return try LibraryLocation.resolve(library, files: files)
    }

    /// Opens the library (folder or PostgreSQL) for a core command, runs `body`, then closes it.
    func withLibrary<T>(
        _ access: LibraryAccess, connections: Int = 8, _ body: (Library) async throws -> T
    ) async throws -> T {
        let library = try await Library.open(location(), for: access, leaseSeconds: leaseSeconds, connections: connections)
        do {
            let result = try await body(library)
            await library.close()
            return result
        } catch {
            await library.close()
            throw error
        }
    }

    /// Commands that work on folder libraries only: one clear line for a PostgreSQL library.
    func refuseSharedLibrary() throws {
        guard case .postgres(let location) = try self.location() else { return }
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
}
