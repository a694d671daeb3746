import AlbumModel
import Foundation

/// The project's committed fixtures and the shared corpus beside the clone.
public enum Fixtures {
    /// The repository root (two folders up from this file).
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `fixtures/bundle`: the embedded default source.
    public static var bundle: URL { repositoryRoot.appendingPathComponent("fixtures/bundle") }

    /// Every JPEG under `fixtures/bundle`, sorted by name.
    public static func bundleJPEGs() -> [URL] {
        let walker = FileManager.default.enumerator(at: bundle, includingPropertiesForKeys: nil)
        let files = (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension.lowercased() == "jpg" }
        return files.sorted { $0.path < $1.path }
    }
}

/// A JSON bundle in a temporary folder whose photos are served over HTTP by a loopback server,
/// so the pipeline is exercised through libcurl.
public struct HTTPBundle: Sendable {
    public let folder: TemporaryFolder
    public let ids: [String]

    /// Writes `photos.json` listing `ids`, each at `http://127.0.0.1:PORT/photos/<id>.jpg`, all
    /// placed at `place`.
    public init(server: LoopbackServer, ids: [String], place: Coordinate) throws {
        try self.init(server: server, ids: ids, places: [place])
    }

    /// The same, with the photos dealt round-robin over several places.
    public init(server: LoopbackServer, ids: [String], places: [Coordinate]) throws {
        folder = TemporaryFolder("bundle")
        self.ids = ids
        let records = ids.enumerated().map { index, id in
            let place = places[index % places.count]
            return """
            {"albumId": 1, "id": "\(id)", "title": "photo \(id)", "url": "\(server.baseURL)/photos/\(id).jpg",
             "thumbnailUrl": "\(server.baseURL)/photos/\(id).jpg", "latitude": \(place.latitude + Double(index) * 1e-5),
             "longitude": \(place.longitude), "datetaken": "2024-05-0\(1 + index % 9) 12:00:00"}
            """
        }
        try Data("[\n\(records.joined(separator: ",\n"))\n]\n".utf8).write(to: folder.child("photos.json"))
    }

    /// `bundle:<folder>` for `--source`.
    public var sourceArgument: String { "bundle:\(folder.path)" }

    /// The path the server sees for a photo id.
    public static func path(_ id: String) -> String { "/photos/\(id).jpg" }
}

/// Distinct real JPEG bodies to serve, cycling through the bundled fixtures.
public final class JPEGBodies: Sendable {
    private let bodies: [Data]

    public init() throws {
        bodies = try Fixtures.bundleJPEGs().map { try Data(contentsOf: $0) }
        guard !bodies.isEmpty else { throw ServerError(description: "no JPEGs under \(Fixtures.bundle.path)") }
    }

    /// A body for the n-th photo (different photos get different bytes while fixtures last).
    public func body(_ n: Int) -> Data { bodies[n % bodies.count] }
    public var count: Int { bodies.count }
}
