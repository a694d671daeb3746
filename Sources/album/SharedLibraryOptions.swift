import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

/// `--library DIR` or `--library postgres://…` (or `ALBUM_DATABASE_URL` with `--files`).
extension GlobalOptions {
    /// Where the library is: a folder, or a PostgreSQL server.
    /// - Throws: a usage error for `--files` with a folder library; `AlbumError` for a malformed URL.
    func location() throws -> LibraryLocation {
        if files != nil, case .folder = try LibraryLocation.resolve(library, files: nil) {
            throw ValidationError("--files goes with a postgres:// library (--library or ALBUM_DATABASE_URL)")
        }
        return try LibraryLocation.resolve(library, files: files)
    }

    /// Opens the library (folder or PostgreSQL) for a command, runs `body`, then closes it: every
    /// command that reads or writes a library opens it here (decisions 0042-seam, 0023-pgmemory).
    /// On a library with users the command works on the content of `--user` (default: the first
    /// admin; decision 0046), unless `asUser` is false (`album user`, `album serve`: the library's own).
    func withLibrary<T>(
        _ access: LibraryAccess, connections: Int = 8, asUser: Bool = true, _ body: (Library) async throws -> T
    ) async throws -> T {
        let root = try await Library.open(location(), for: access, leaseSeconds: leaseSeconds, connections: connections)
        let library: Library
        do {
            library = asUser ? try await root.acting(as: user, access: access) : root
        } catch {
            await root.close()
            throw error
        }
        func close() async {
            if library !== root { await library.close() }
            await root.close()
        }
        do {
            let result = try await body(library)
            await close()
            return result
        } catch let error as AlbumError {
            await close()
            // The store's "no pin with id 7" names no library (web clients see it too): here it does.
            throw error.named(in: library.storeName)
        } catch {
            await close()
            throw error
        }
    }
}
