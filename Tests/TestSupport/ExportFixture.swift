import Foundation

/// A library made by the built `album` from a copy of `fixtures/bundle` whose first Paris photo
/// has a hostile title: two pins with photos (Paris, Sydney) and one empty pin.
public struct ExportFixture: @unchecked Sendable {
    public let folder: TemporaryFolder
    public var library: String { folder.child("lib").path }
    /// The title given to photo 1 and to the Paris pin: markup characters that must be escaped.
    public static let hostileTitle = "<b>\"Tom\" & 'Jerry'</b>/../x"
    public let parisPin: Int
    public let sydneyPin: Int
    public let emptyPin: Int

    public init() throws {
        let folder = TemporaryFolder("export")
        self.folder = folder
        let library = folder.child("lib").path
        let bundle = folder.child("bundle")
        try FileManager.default.copyItem(at: Fixtures.bundle, to: bundle)
        let listURL = bundle.appendingPathComponent("photos.json")
        var records = try JSONSerialization.jsonObject(with: Data(contentsOf: listURL)) as? [[String: Any]] ?? []
        records[0]["title"] = Self.hostileTitle
        try JSONSerialization.data(withJSONObject: records).write(to: listURL)

        func fetch(_ lat: String, _ lon: String, _ title: String) throws -> Int {
            let run = try AlbumProcess.run([
                "fetch", "--lat", lat, "--lon", lon, "--radius-km", "3", "--title", title,
                "--source", "bundle:\(bundle.path)", "--json", "--library", library,
            ])
            guard run.status == 0, let report = try run.json() as? [String: Any], let pin = report["pin"] as? [String: Any],
                let id = pin["id"] as? Int
            else { throw ServerError(description: "fetch failed: \(run.stderr)") }
            return id
        }
        parisPin = try fetch("48.856613", "2.352222", Self.hostileTitle)
        sydneyPin = try fetch("-33.856784", "151.215297", "Sydney")
        let add = try AlbumProcess.run(["pin", "add", "--lat", "10", "--lon", "179.9999", "--title", "Empty sea", "--json", "--library", library])
        guard add.status == 0, let pin = try add.json() as? [String: Any], let id = pin["id"] as? Int else {
            throw ServerError(description: "pin add failed: \(add.stderr)")
        }
        emptyPin = id
    }

    /// Runs `album` on this library.
    public func album(_ arguments: [String]) throws -> AlbumRun {
        try AlbumProcess.run(arguments + ["--library", library])
    }
}
