import AlbumModel
import Foundation
import Testing
import TestSupport

@Suite struct VerifyCommandTests {
    let folder = TemporaryFolder("verify")
    var library: String { folder.child("lib").path }

    func album(_ arguments: [String]) throws -> AlbumRun { try AlbumProcess.run(arguments + ["--library", library]) }

    @Test func lostFilesAreFoundRepairedAndFetchedAgain() throws {
        let bodies = try JPEGBodies()
        let server = try LoopbackServer { request in
            .respond(status: 200, body: bodies.body(Int(request.path.filter(\.isNumber)) ?? 0))
        }
        let place = try Coordinate(latitude: 12, longitude: 34)
        let bundle = try HTTPBundle(server: server, ids: ["v1", "v2", "v3"], place: place)
        let fetch = try album(["fetch", "--lat", "12", "--lon", "34", "--radius-km", "1", "--source", bundle.sourceArgument])
        #expect(fetch.status == 0, "\(fetch.stderr)")
        #expect(try album(["verify"]).status == 0)

        let photos = try #require(try album(["photos", "1", "--json"]).json() as? [[String: Any]])
        let lostOriginal = try #require(photos[0]["file"] as? String)
        let lostThumbnail = try #require(photos[1]["thumbnail"] as? String)
        try FileManager.default.removeItem(atPath: lostOriginal)
        try FileManager.default.removeItem(atPath: lostThumbnail)
        let orphan = library + "/thumbs/ff/" + String(repeating: "f", count: 64) + ".jpg"
        try FileManager.default.createDirectory(atPath: library + "/thumbs/ff", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: orphan, contents: Data([0xFF, 0xD8]),
                                                attributes: [.modificationDate: Date().addingTimeInterval(-7200)]))

        let found = try album(["verify", "--json"])
        #expect(found.status == 1)
        let report = try #require(try found.json() as? [String: Any])
        #expect(report["integrity"] as? String == "ok")
        #expect(report["missingOriginals"] as? [Int] == [photos[0]["id"] as? Int ?? -1])
        #expect(report["missingThumbnails"] as? [Int] == [photos[1]["id"] as? Int ?? -1])
        #expect(report["orphanFiles"] as? [String] == ["thumbs/ff/" + String(repeating: "f", count: 64) + ".jpg"])

        #expect(try album(["verify", "--repair"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: lostThumbnail))
        #expect(!FileManager.default.fileExists(atPath: orphan))
        let requests = server.requests.count
        let resumed = try album(["resume", "--json"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(server.requests.count == requests + 1, "only the lost photo is fetched again")
        #expect(FileManager.default.fileExists(atPath: lostOriginal), "same content, same path")
        let clean = try #require(try album(["verify", "--json"]).json() as? [String: Any])
        #expect(clean["clean"] as? Bool == true)
    }
}

/// Issue 10, item 10: a repair that cannot mend something says so.
@Suite struct VerifyHonestRepairTests {
    let folder = TemporaryFolder("verify-honest")
    var library: String { folder.child("lib").path }

    func album(_ arguments: [String]) throws -> AlbumRun { try AlbumProcess.run(arguments + ["--library", library]) }

    @Test func aLostImportedOriginalIsReportedAsNotRepaired() throws {
        let photos = folder.child("photos")
        try ImportFixture.write(to: photos)
        #expect(try album(["import", photos.path]).status == 0)
        let album1 = try #require(try album(["photos", "1", "--json"]).json() as? [[String: Any]])
        let lost = try #require(album1.first)
        let file = try #require(lost["file"] as? String)
        try FileManager.default.removeItem(atPath: file)

        let run = try album(["verify", "--repair", "--json"])
        #expect(run.status != 0, "a repair that could not mend the photo exits non-zero")
        let report = try #require(try run.json() as? [String: Any])
        #expect(report["repaired"] as? Bool == false)
        let notRepaired = try #require(report["notRepaired"] as? [[String: Any]])
        #expect(notRepaired.count == 1)
        #expect(notRepaired.first?["photo"] as? Int == lost["id"] as? Int)
        #expect(notRepaired.first?["file"] as? String == file)

        let text = try album(["verify", "--repair"])
        #expect(text.status != 0)
        #expect(text.stdout.contains("not repaired") && text.stdout.contains(file), "\(text.stdout)")
        #expect(!text.stdout.contains("\nrepaired"), "\(text.stdout)")
    }
}
