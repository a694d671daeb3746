import AlbumModel
import Foundation
import Testing
import TestSupport

/// `album yfcc index` and `album fetch/search/new-collection --source yfcc:FILE` through the
/// built binary, the photos served by a loopback server.
@Suite struct YFCCCommandTests {
    let folder = TemporaryFolder("yfcc-cli")
    var library: String { folder.child("lib").path }
    static let place = try! Coordinate(latitude: 41.8902, longitude: 12.4922)

    func album(_ arguments: [String]) throws -> AlbumRun {
        try AlbumProcess.run(arguments + ["--library", library])
    }

    static func server() throws -> LoopbackServer {
        let bodies = try JPEGBodies()
        return try LoopbackServer { request in
            let n = Int(request.path.filter(\.isNumber)) ?? 0
            return .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: bodies.body(n))
        }
    }

    func dataFile(server: LoopbackServer, malformed: [String] = []) throws -> String {
        let fixture = YFCCFixture.around(Self.place, count: 12, baseURL: server.baseURL)
        let path = folder.child("yfcc100m_dataset").path
        try Data(fixture.text(numbered: true, extraLines: malformed).utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func near(_ command: String, perPage: Int, data: String) -> [String] {
        [command, "--lat", "\(Self.place.latitude)", "--lon", "\(Self.place.longitude)", "--radius-km", "1",
         "--per-page", "\(perPage)", "--source", "yfcc:\(data)", "--json"]
    }

    @Test func indexThenFetchSearchAndNewCollection() throws {
        let server = try Self.server()
        let bad = YFCCFixture.line(.init(id: 5, at: Self.place, url: "gopher://h/5.jpg"), numbered: true)
        let data = try dataFile(server: server, malformed: [bad])

        let index = try AlbumProcess.run(["yfcc", "index", data, "--json"])
        #expect(index.status == 0, "\(index.stderr)")
        let report = try #require(try index.json() as? [String: Any])
        #expect(report["photos"] as? Int == 12)
        #expect(report["malformed"] as? Int == 1)
        #expect(report["fields"] as? Int == 25)
        #expect(report["built"] as? Bool == true)
        let problems = try #require(report["problems"] as? [[String: Any]])
        #expect(problems.first?["line"] as? Int == 13)
        #expect((problems.first?["reason"] as? String)?.contains("gopher://h/5.jpg") == true)
        // A second run finds the index up to date and reads nothing.
        let again = try #require(try AlbumProcess.run(["yfcc", "index", data, "--json"]).json() as? [String: Any])
        #expect(again["built"] as? Bool == false && again["photos"] as? Int == 12)

        let search = try #require(try AlbumProcess.run(near("search", perPage: 5, data: data) + ["--page", "3"]).json() as? [String: Any])
        #expect(search["total"] as? Int == 12 && search["pages"] as? Int == 3)
        #expect((search["photos"] as? [Any])?.count == 2)

        let fetch = try album(near("fetch", perPage: 5, data: data))
        #expect(fetch.status == 0, "\(fetch.stderr)")
        let fetched = try #require(try fetch.json() as? [String: Any])
        #expect(fetched["total"] as? Int == 5)
        #expect(fetched["downloaded"] as? Int == 5)
        #expect(server.requests.count == 5)
        let pinId = try #require((fetched["pin"] as? [String: Any])?["id"] as? Int)
        let photos = try #require(try album(["photos", "\(pinId)", "--json"]).json() as? [[String: Any]])
        #expect(photos.count == 5)
        #expect(photos.allSatisfy { ($0["url"] as? String)?.hasPrefix(server.baseURL + "/photos/") == true })
        #expect(photos.allSatisfy { $0["state"] as? String == "downloaded" })
        // The dataset's date is the camera's local clock, kept as it is; the offset is the one the
        // photo's place had on that date (issue 12), so only the local part is fixed here.
        #expect(photos.contains { ($0["takenAt"] as? String)?.hasPrefix("2012-02-16T09:56:37") == true })

        // A new collection takes photos the pin has not shown, from the same recorded source.
        let renewed = try album(["new-collection", "\(pinId)", "--json"])
        #expect(renewed.status == 0, "\(renewed.stderr)")
        let after = try #require(try album(["photos", "\(pinId)", "--json"]).json() as? [[String: Any]])
        #expect(Set(after.compactMap { $0["url"] as? String }).isDisjoint(with: Set(photos.compactMap { $0["url"] as? String })))
        #expect(server.requests.count == 10)
    }

    @Test func withoutAnIndexNothingIsStoredAndTheErrorSaysWhatToRun() throws {
        let server = try Self.server()
        let data = try dataFile(server: server)
        let fetch = try album(near("fetch", perPage: 5, data: data))
        #expect(fetch.status != 0)
        #expect(fetch.stderr.hasPrefix("album: error: ") && fetch.stderr.contains("album yfcc index"))
        #expect(server.requests.isEmpty)
        let pins = try album(["pin", "list", "--json"])
        let listed = try pins.json() as? [Any]
        #expect(pins.status == 0 && listed?.isEmpty == true, "\(pins.stdout) \(pins.stderr)")
        #expect(!FileManager.default.fileExists(atPath: library + "/album.sqlite"))

        let missing = try AlbumProcess.run(["yfcc", "index", folder.child("nope.tsv").path])
        #expect(missing.status != 0 && missing.stderr.contains("nope.tsv"))
        let notYFCC = folder.child("other.csv")
        try Data("lat,lon\n1,2\n".utf8).write(to: notYFCC)
        let refused = try AlbumProcess.run(["yfcc", "index", notYFCC.path])
        #expect(refused.status != 0 && refused.stderr.contains("line 1 has 1 tab-separated field"))
        #expect(!FileManager.default.fileExists(atPath: notYFCC.path + ".albumindex"))
    }

    @Test func anIndexElsewhereIsNamedAsTheSource() throws {
        let server = try Self.server()
        let data = try dataFile(server: server)
        let elsewhere = folder.child("indexes/rome.albumindex").path
        try FileManager.default.createDirectory(atPath: folder.child("indexes").path, withIntermediateDirectories: true)
        let index = try AlbumProcess.run(["yfcc", "index", data, "--index", elsewhere])
        #expect(index.status == 0, "\(index.stderr)")
        #expect(index.stdout.contains("indexed 12 geotagged photos of 12 lines"))
        let search = try #require(try AlbumProcess.run(near("search", perPage: 50, data: elsewhere)).json() as? [String: Any])
        #expect(search["total"] as? Int == 12)
    }

    @Test func radiiOverFlickrsLimitAreTakenAndRowsKeepAccuracyAndLicence() throws {
        let server = try Self.server()
        let data = try dataFile(server: server)
        #expect(try AlbumProcess.run(["yfcc", "index", data]).status == 0)
        var arguments = near("search", perPage: 50, data: data)
        arguments[arguments.firstIndex(of: "--radius-km")! + 1] = "250"
        let run = try AlbumProcess.run(arguments)
        #expect(run.status == 0, "\(run.stderr)")
        let search = try #require(try run.json() as? [String: Any])
        #expect(search["total"] as? Int == 12)
        let photos = try #require(search["photos"] as? [[String: Any]])
        #expect(photos.count == 12)
        #expect(photos.allSatisfy { $0["accuracy"] as? Int == 16 })
        #expect(photos.allSatisfy { $0["license"] as? String == "Attribution-NonCommercial License" })
        // Flickr keeps its own 32 km limit.
        arguments[arguments.firstIndex(of: "--source")! + 1] = "flickr"
        let flickr = try AlbumProcess.run(arguments)
        #expect(flickr.status != 0 && flickr.stderr.contains("over Flickr's limit of 32 km"))
    }
}
