import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

/// Options every command that touches a library takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: Vocabulary.library)
    var library: String?

    @Flag(name: .long, help: Vocabulary.json)
    var json = false

    @Option(name: .long, help: ArgumentHelp(
        "On a library with users: act as this user, on their own pins and photos (default: the first admin).", valueName: "email"))
    var user: String?

    // PostgreSQL only: hidden from the help (and the man pages, the completions) of a build
    // without the trait, which refuses a postgres:// library anyway.
    @Option(name: .long, help: ArgumentHelp(
        "With a postgres:// library: the folder of its photo files, shared by every worker.", valueName: "dir",
        visibility: GlobalOptions.postgresVisibility))
    var files: String?

    @Option(name: .customLong("lease"), parsing: .unconditional, help: ArgumentHelp(
        "With a postgres:// library: how long a claim holds a photo without renewal, in seconds (1-3600): a dead process's photos wait this long.",
        valueName: "seconds", visibility: GlobalOptions.postgresVisibility))
    var leaseSeconds: Double = GlobalOptions.defaultLeaseSeconds

    /// A claim's life on PostgreSQL when --lease is not given.
    static let defaultLeaseSeconds: Double = 120

    #if PostgreSQL
    static let postgresVisibility = ArgumentVisibility.default
    /// The global options as a usage line written by hand shows them.
    static let usage = "[--library <dir>] [--json] [--files <dir>] [--lease <seconds>]"
    #else
    static let postgresVisibility = ArgumentVisibility.private
    static let usage = "[--library <dir>] [--json]"
    #endif

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
