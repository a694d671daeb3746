import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

/// Options every command that touches a library takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The library folder, or postgres://USER@HOST/DB?files=DIR (default: $ALBUM_DATABASE_URL, else $ALBUM_LIBRARY, else ./cache).",
        valueName: "dir"))
    var library: String?

    @Flag(name: .long, help: "Print one JSON document on stdout.")
    var json = false

    @Option(name: .long, help: ArgumentHelp("With a postgres:// library: the folder of its photo files, shared by every worker.", valueName: "dir"))
    var files: String?

    @Option(name: .customLong("lease"), parsing: .unconditional, help: ArgumentHelp(
        "With a postgres:// library: how long a claim holds a photo without renewal, in seconds (1-3600): a dead process's photos wait this long.",
        valueName: "seconds"))
    var leaseSeconds: Double = 120

    func validate() throws {
        guard leaseSeconds.isFinite, leaseSeconds >= 1, leaseSeconds <= 3600 else {
            throw ValidationError("--lease \(leaseSeconds) must be 1-3600 seconds")
        }
    }

    /// The album a pin was fetched into (nil when never fetched), read without creating anything.
    /// - Throws: `AlbumError.notFound` for an unknown pin.
    func recordedAlbum(pinId: Int64) async throws -> AlbumInfo? {
        try await withLibrary(.reading) { library in
            _ = try await library.pin(id: pinId)
            return try await library.album(pinId: pinId)
        }
    }
}

/// Degrees given on the command line, checked to be finite numbers.
/// Negative values are accepted after the option (`--lat -33.9`).
func coordinate(latitude: Double, longitude: Double) throws -> Coordinate {
    do {
        return try Coordinate(latitude: latitude, longitude: longitude)
    } catch {
        throw ValidationError(error.description)
    }
}
