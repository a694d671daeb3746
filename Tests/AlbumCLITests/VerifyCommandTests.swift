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

/// Issue 22, item 3: verify reads the bytes. An original truncated to 100 bytes and an empty
/// thumbnail were "all well".
@Suite struct VerifyReadsTheBytesTests {
    let folder = TemporaryFolder("verify-bytes")
    var library: String { folder.child("lib").path }

    func album(_ arguments: [String]) throws -> AlbumRun { try AlbumProcess.run(arguments + ["--library", library]) }

    @Test func sizesEveryTimeHashesWhenDeepAndARepairFetchesAgain() throws {
        let bodies = try JPEGBodies()
        let server = try LoopbackServer { request in
            .respond(status: 200, body: bodies.body(Int(request.path.filter(\.isNumber)) ?? 0))
        }
        let place = try Coordinate(latitude: 12, longitude: 34)
        let bundle = try HTTPBundle(server: server, ids: ["v1", "v2", "v3"], place: place)
        let fetch = try album(["fetch", "--lat", "12", "--lon", "34", "--radius-km", "1", "--source", bundle.sourceArgument])
        #expect(fetch.status == 0, "\(fetch.stderr)")
        let photos = try #require(try album(["photos", "1", "--json"]).json() as? [[String: Any]])
        let truncated = try #require(photos[0]["file"] as? String)
        let emptied = try #require(photos[1]["thumbnail"] as? String)
        let flipped = try #require(photos[2]["file"] as? String)
        let whole = try Data(contentsOf: URL(fileURLWithPath: truncated))
        try whole.prefix(100).write(to: URL(fileURLWithPath: truncated))
        try Data().write(to: URL(fileURLWithPath: emptied))
        // Same size, other bytes: only a deep check sees it.
        var other = try Data(contentsOf: URL(fileURLWithPath: flipped))
        other[other.count / 2] ^= 0xFF
        try other.write(to: URL(fileURLWithPath: flipped))

        let quick = try album(["verify", "--json"])
        #expect(quick.status == 1, "\(quick.stdout)")
        let report = try #require(try quick.json() as? [String: Any])
        let damaged = try #require(report["damagedOriginals"] as? [[String: Any]])
        #expect(damaged.map { $0["photo"] as? Int } == [photos[0]["id"] as? Int])
        #expect((damaged.first?["reason"] as? String) == "100 bytes, \(whole.count) expected")
        let thumbs = try #require(report["damagedThumbnails"] as? [[String: Any]])
        #expect(thumbs.map { $0["photo"] as? Int } == [photos[1]["id"] as? Int] && thumbs.first?["reason"] as? String == "empty")

        let deep = try album(["verify", "--deep"])
        #expect(deep.status == 1)
        #expect(deep.stdout.contains("photo \(photos[2]["id"] as? Int ?? -1): original damaged") && deep.stdout.contains("SHA-256"), "\(deep.stdout)")
        #expect(!deep.stdout.contains("all well"))

        let repair = try album(["verify", "--deep", "--repair"])
        #expect(repair.status == 0, "\(repair.stdout)\(repair.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: emptied)).count > 0, "the thumbnail is made again")
        let resumed = try album(["resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: truncated)) == whole, "the original is fetched again")
        let clean = try #require(try album(["verify", "--deep", "--json"]).json() as? [String: Any])
        #expect(clean["clean"] as? Bool == true, "\(clean)")
    }

    @Test func aDamagedImportedOriginalIsLostNotRepaired() throws {
        let photos = folder.child("photos")
        try ImportFixture.write(to: photos)
        #expect(try album(["import", photos.path]).status == 0)
        let album1 = try #require(try album(["photos", "1", "--json"]).json() as? [[String: Any]])
        let file = try #require(album1.first?["file"] as? String)
        try Data(try Data(contentsOf: URL(fileURLWithPath: file)).prefix(100)).write(to: URL(fileURLWithPath: file))

        let run = try album(["verify", "--repair"])
        #expect(run.status != 0, "\(run.stdout)")
        #expect(run.stdout.contains("lost: the imported original \(file) is damaged"), "\(run.stdout)")
        #expect(!run.stdout.contains("\nrepaired"), "\(run.stdout)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)).count == 100, "what is left of the user's file is kept")
    }
}
