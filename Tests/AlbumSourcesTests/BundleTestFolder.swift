import AlbumModel
import AlbumSources
import Foundation
import Testing
import TestSupport

/// A bundle folder built in a test: a JSON file and small stand-in image files.
final class BundleTestFolder: Sendable {
    let temporary = TemporaryFolder("bundle")
    var url: URL { temporary.url }

    /// Writes `json` to `name` inside the folder (`photos.json` unless told).
    func write(json: String, to name: String = "photos.json") throws {
        try Data(json.utf8).write(to: temporary.child(name))
    }

    /// Creates each file (and its folders) with a few bytes of content.
    func addFiles(_ paths: String...) throws {
        for path in paths {
            let file = temporary.child(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("jpeg \(path)".utf8).write(to: file)
        }
    }

    /// The bundle source over this folder.
    func source() throws(AlbumError) -> BundleSource { try BundleSource(folder: url) }

    /// The real path of a file in the folder (the temporary folder may sit behind a symlink).
    func realPath(_ path: String) -> String {
        temporary.child(path).resolvingSymlinksInPath().path
    }
}

/// The `AlbumError` that `body` threw, or nil when it threw nothing (any other error is an issue).
func albumError(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> AlbumError? {
    do {
        try body()
        return nil
    } catch let error as AlbumError {
        return error
    } catch {
        Issue.record("not an AlbumError: \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// A query around (`latitude`, `longitude`).
func query(
    _ latitude: Double, _ longitude: Double, radiusKm: Double = 5, page: Int = 1, perPage: Int = 100
) throws(AlbumError) -> SearchQuery {
    SearchQuery(
        center: try Coordinate(latitude: latitude, longitude: longitude), radiusKm: radiusKm, page: page,
        perPage: perPage)
}
