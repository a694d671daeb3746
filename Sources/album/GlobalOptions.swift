import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

/// Options every command that touches a library takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The library folder (default: $ALBUM_LIBRARY, else ./cache).", valueName: "dir"))
    var library: String?

    @Flag(name: .long, help: "Print one JSON document on stdout.")
    var json = false

    @Option(name: .long, help: ArgumentHelp("With a postgres:// library: the folder of its photo files, shared by every worker.", valueName: "dir"))
    var files: String?

    var libraryFolder: URL { Library.resolveFolder(library) }

    /// Opens the library for a command that writes; creates it when missing.
    func openForWriting() throws -> Library {
        try refuseSharedLibrary()
        return try Library.openForWriting(at: libraryFolder)
    }

    /// Opens the library for a command that only reads; creates nothing.
    func openForReading() throws -> Library {
        try refuseSharedLibrary()
        return try Library.openForReading(at: libraryFolder)
    }

    /// The album a pin was fetched into (nil when never fetched), read without creating anything.
    /// - Throws: `AlbumError.notFound` for an unknown pin.
    func recordedAlbum(pinId: Int64) throws -> AlbumInfo? {
        let library = try openForReading()
        _ = try library.pin(id: pinId)
        return try library.album(pinId: pinId)
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
