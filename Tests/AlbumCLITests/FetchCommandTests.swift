import AlbumModel
import AlbumStore
import Foundation
import Synchronization
import Testing
import TestSupport

/// `album fetch`, `new-collection`, `photos`, `photo rm`, `status` through the built binary,
/// against bundles whose photos a loopback server serves.
@Suite struct FetchCommandTests {
    let folder = TemporaryFolder("fetch")
    var library: String { folder.child("lib").path }
    static let place = try! Coordinate(latitude: -33.8568, longitude: 151.2153)

    func album(_ arguments: [String]) throws -> AlbumRun {
        try AlbumProcess.run(arguments + ["--library", library])
    }

    func fetchArguments(_ bundle: HTTPBundle, perPage: Int = 50, concurrency: Int = 4) -> [String] {
        ["fetch", "--lat", "\(Self.place.latitude)", "--lon", "\(Self.place.longitude)", "--radius-km", "1",
         "--per-page", "\(perPage)", "--concurrency", "\(concurrency)", "--source", bundle.sourceArgument, "--json"]
    }

    static func servingPhotos(delay: Duration? = nil) throws -> LoopbackServer {
        let bodies = try JPEGBodies()
        return try LoopbackServer { request in
            let n = Int(request.path.filter(\.isNumber)) ?? 0
            let reply = Reply.respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: bodies.body(n))
            return delay.map { .delayed($0, reply) } ?? reply
        }
    }

    @Test func fetchEndToEndThenPhotosAndStatus() throws {
        let server = try Self.servingPhotos()
        let bundle = try HTTPBundle(server: server, ids: (1...12).map { "p\($0)" }, place: Self.place)
        let run = try album(fetchArguments(bundle))
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try run.json() as? [String: Any])
        #expect(report["total"] as? Int == 12)
        #expect(report["downloaded"] as? Int == 12)
        #expect(report["failed"] as? Int == 0)
        #expect(report["noImages"] as? Bool == false)
        let pin = try #require(report["pin"] as? [String: Any])
        let pinId = try #require(pin["id"] as? Int)

        let photos = try #require(try album(["photos", "\(pinId)", "--json"]).json() as? [[String: Any]])
        #expect(photos.count == 12)
        for photo in photos {
            #expect(photo["state"] as? String == "downloaded")
            let file = try #require(photo["file"] as? String)
            let thumbnail = try #require(photo["thumbnail"] as? String)
            #expect(FileManager.default.fileExists(atPath: file))
            #expect(FileManager.default.fileExists(atPath: thumbnail))
            #expect(photo["failure"] is NSNull)
            #expect(photo.keys.contains("takenAt") && photo.keys.contains("latitude"))
        }
        #expect(server.requests.count == 12)

        // A second fetch of the same place downloads nothing again and makes no second pin.
        let again = try album(fetchArguments(bundle))
        #expect(again.status == 0)
        #expect(server.requests.count == 12)
        #expect((try album(["pin", "list", "--json"]).json() as? [Any])?.count == 1)

        let status = try #require(try album(["status", "--json"]).json() as? [String: Any])
        #expect(status["pins"] as? Int == 1)
        let counts = try #require(status["photos"] as? [String: Int])
        #expect(counts == ["placeholder": 0, "downloading": 0, "downloaded": 12, "failed": 0, "imported": 0])
    }

    @Test func killedMidFetchResumesWithoutDownloadingTwice() throws {
        let server = try Self.servingPhotos(delay: .milliseconds(120))
        let ids = (1...30).map { "k\($0)" }
        let bundle = try HTTPBundle(server: server, ids: ids, place: Self.place)
        let (process, _, _) = try AlbumProcess.start(fetchArguments(bundle, concurrency: 3) + ["--library", library])
        let deadline = Date().addingTimeInterval(20)
        while server.requests.count < 10 && Date() < deadline && process.isRunning { Thread.sleep(forTimeInterval: 0.01) }
        #expect(process.isRunning, "the fetch ended before it could be killed")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)

        let pinId = try #require(((try album(["pin", "list", "--json"]).json() as? [[String: Any]])?.first?["id"]) as? Int)
        let before = try #require(try album(["photos", "\(pinId)", "--json"]).json() as? [[String: Any]])
        #expect(before.count == 30, "every placeholder was stored before any download")
        let doneBefore = Set(before.filter { $0["state"] as? String == "downloaded" }.compactMap { $0["url"] as? String })
        #expect(!doneBefore.isEmpty && doneBefore.count < 30)
        let requestsBefore = Dictionary(grouping: server.requests.map(\.path), by: { $0 }).mapValues(\.count)

        let resumed = try album(fetchArguments(bundle, concurrency: 3))
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect((try resumed.json() as? [String: Any])?["downloaded"] as? Int == 30)
        for url in doneBefore {
            let path = try #require(URL(string: url)?.path)
            #expect(server.requestCount(path: path) == requestsBefore[path], "\(path) downloaded twice")
        }
        // Only the transfers in flight at the kill (at most the concurrency) are asked twice.
        #expect(server.requests.count <= 30 + 3)
        let leftovers = FileManager.default.enumerator(atPath: library)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".part") } ?? []
        #expect(leftovers.isEmpty)
        #expect(try AlbumDatabase(path: library + "/album.sqlite").integrityCheck() == "ok")
    }

    @Test func twoFetchProcessesOnOneLibraryAtOnce() throws {
        let server = try Self.servingPhotos(delay: .milliseconds(30))
        let bundle = try HTTPBundle(server: server, ids: (1...20).map { "t\($0)" }, place: Self.place)
        let runs = try (0..<2).map { _ in try AlbumProcess.start(fetchArguments(bundle, concurrency: 2) + ["--library", library]) }
        for (process, _, err) in runs {
            process.waitUntilExit()
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(process.terminationStatus == 0, "\(stderr)")
            #expect(!stderr.contains("locked"))
        }
        #expect((try album(["pin", "list", "--json"]).json() as? [Any])?.count == 1)
        let status = try #require(try album(["status", "--json"]).json() as? [String: Any])
        #expect((status["photos"] as? [String: Int])?["downloaded"] == 20)
        // Claims keep the two processes off each other's photos.
        #expect(server.requests.count == 20)
    }

    @Test func newCollectionExcludesEarlierPhotosAndRemovalPersists() throws {
        let server = try Self.servingPhotos()
        let bundle = try HTTPBundle(server: server, ids: (1...9).map { "n\($0)" }, place: Self.place)
        let first = try #require(try album(fetchArguments(bundle, perPage: 3)).json() as? [String: Any])
        let pinId = try #require((first["pin"] as? [String: Any])?["id"] as? Int)
        func sourceURLs() throws -> [String] {
            try #require(try album(["photos", "\(pinId)", "--json"]).json() as? [[String: Any]]).compactMap { $0["url"] as? String }
        }
        var seen = Set(try sourceURLs())
        #expect(seen.count == 3)

        // Remove one photo of the second collection: it never comes back.
        let second = try album(["new-collection", "\(pinId)", "--json"])
        #expect(second.status == 0, "\(second.stderr)")
        let secondURLs = try sourceURLs()
        #expect(secondURLs.count == 3)
        #expect(seen.isDisjoint(with: secondURLs))
        seen.formUnion(secondURLs)
        let removeId = try #require((try album(["photos", "\(pinId)", "--json"]).json() as? [[String: Any]])?.first?["id"] as? Int)
        #expect(try album(["photo", "rm", "\(removeId)"]).status == 0)
        #expect(try sourceURLs().count == 2)

        let third = try album(["new-collection", "\(pinId)", "--json"])
        #expect(third.status == 0, "\(third.stderr)")
        #expect(seen.isDisjoint(with: try sourceURLs()))
        #expect(try sourceURLs().count == 3)

        // All nine shown: a fourth new collection has nothing unseen and leaves the album alone.
        let before = try sourceURLs()
        let fourth = try album(["new-collection", "\(pinId)"])
        #expect(fourth.status == 1)
        #expect(fourth.stderr.contains("has not shown"))
        #expect(try sourceURLs() == before)
        // Files of replaced collections are gone; only the current album's remain.
        let originals = FileManager.default.enumerator(atPath: library + "/originals")?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".jpg") } ?? []
        #expect(originals.count == 3)
    }

    @Test func failedPhotosStayFailedUntilARetryIsAsked() throws {
        let bodies = try JPEGBodies()
        let healthy = Mutex(false)
        let server = try LoopbackServer { request in
            // Two photos, two contents: identity is content (decision 0006), one body would be one photo.
            healthy.withLock { $0 } ? .respond(status: 200, body: bodies.body(Int(request.path.filter(\.isNumber)) ?? 0)) : .status(404)
        }
        let bundle = try HTTPBundle(server: server, ids: ["r1", "r2"], place: Self.place)
        let first = try #require(try album(fetchArguments(bundle)).json() as? [String: Any])
        #expect(first["failed"] as? Int == 2)
        healthy.withLock { $0 = true }
        let plain = try #require(try album(fetchArguments(bundle)).json() as? [String: Any])
        #expect(plain["failed"] as? Int == 2, "a plain re-fetch leaves failures alone")
        #expect(server.requests.count == 2)
        let retried = try #require(try album(fetchArguments(bundle) + ["--retry-failed"]).json() as? [String: Any])
        #expect(retried["downloaded"] as? Int == 2)
        #expect(retried["failed"] as? Int == 0)
    }

    @Test func placeWithNoPhotosIsNoImagesAndNotSearchedAgain() throws {
        let server = try Self.servingPhotos()
        let bundle = try HTTPBundle(server: server, ids: ["far"], place: try Coordinate(latitude: 10, longitude: 10))
        let run = try album(fetchArguments(bundle))
        #expect(run.status == 0)
        let report = try #require(try run.json() as? [String: Any])
        #expect(report["noImages"] as? Bool == true)
        #expect(report["total"] as? Int == 0)
        let human = try album(Array(fetchArguments(bundle).dropLast()))
        #expect(human.stdout.contains("No Images"))
    }

    @Test func batchWithABadLineRunsTheOthers() throws {
        let server = try Self.servingPhotos()
        let bundle = try HTTPBundle(server: server, ids: (1...4).map { "b\($0)" }, place: Self.place)
        let csv = folder.child("pins.csv")
        try """
            lat,lon,title
            \(Self.place.latitude),\(Self.place.longitude),Opera House
            95,10,nowhere
            1.5,1.5,"Empty, ocean"
            """.write(to: csv, atomically: true, encoding: .utf8)
        let run = try album(["fetch", "--pins-file", csv.path, "--radius-km", "1", "--source", bundle.sourceArgument, "--json"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("pins.csv:3: latitude 95.0 is outside [-90, 90]"), "\(run.stderr)")
        let reports = try #require(try run.json() as? [[String: Any]])
        #expect(reports.count == 2)
        #expect(reports[0]["downloaded"] as? Int == 4)
        #expect(reports[1]["noImages"] as? Bool == true)
        #expect(((reports[1]["pin"] as? [String: Any])?["title"]) as? String == "Empty, ocean")
    }

    @Test func batchFetchesPinsSideBySideWithinTheConcurrency() throws {
        let server = try Self.servingPhotos(delay: .milliseconds(80))
        let places = try (0..<6).map { try Coordinate(latitude: Double($0), longitude: 30) }
        let bundle = try HTTPBundle(server: server, ids: (1...24).map { "m\($0)" }, places: places)
        let csv = folder.child("many.csv")
        try places.map { "\($0.latitude),\($0.longitude)" }.joined(separator: "\n").write(to: csv, atomically: true, encoding: .utf8)
        let run = try album(["fetch", "--pins-file", csv.path, "--radius-km", "1", "--concurrency", "3",
                             "--source", bundle.sourceArgument, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let reports = try #require(try run.json() as? [[String: Any]])
        #expect(reports.map { $0["downloaded"] as? Int } == Array(repeating: 4, count: 6))
        #expect(reports.compactMap { ($0["pin"] as? [String: Any])?["latitude"] as? Double } == places.map(\.latitude))
        #expect(server.requests.count == 24)
        #expect(server.maxConcurrentRequests <= 3, "--concurrency bounds the whole batch")
        #expect(server.maxConcurrentRequests >= 2)
    }

    @Test(arguments: [
        (["fetch"], "give one of"),
        (["fetch", "--lat", "1"], "--lat and --lon go together"),
        (["fetch", "--lat", "1", "--lon", "2", "--pin", "3"], "give one of"),
        (["fetch", "--lat", "100", "--lon", "2"], "latitude 100.0"),
        (["fetch", "--lat", "1", "--lon", "2", "--concurrency", "0"], "--concurrency 0"),
        (["fetch", "--lat", "1", "--lon", "2", "--per-page", "1000"], "--per-page 1000"),
        (["fetch", "--lat", "1", "--lon", "2", "--source", "gopher"], "unknown source 'gopher'"),
        (["fetch", "--pins-file", "/nonexistent.csv"], "/nonexistent.csv"),
        (["new-collection", "x"], "'x'"),
    ])
    func badFetchInputTouchesNothing(arguments: [String], mentions: String) throws {
        let run = try album(arguments)
        #expect(run.status != 0)
        #expect(run.stderr.contains(mentions), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: library))
    }

    @Test(arguments: [
        (["--source", "bundle:/nonexistent/bundle"], "/nonexistent/bundle"),
        (["--source", "flickr"], "FLICKR_API_KEY"),
        (["--source", "bundle:http://127.0.0.1:9/photos"], "cannot fetch the bundle list"),
    ])
    func aSourceThatCannotBeSetUpTouchesNothing(source: [String], mentions: String) throws {
        // Run from a folder without fixtures/, so the default source is not there either.
        let run = try AlbumProcess.run(
            ["fetch", "--lat", "1", "--lon", "2", "--library", library] + source, currentDirectory: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains(mentions), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: library))
    }

    @Test func unknownPinAndPhoto() throws {
        _ = try album(["pin", "add", "--lat", "1", "--lon", "1"])
        #expect(try album(["fetch", "--pin", "9"]).stderr.contains("no pin with id 9"))
        #expect(try album(["new-collection", "9"]).stderr.contains("no pin with id 9"))
        #expect(try album(["photos", "9"]).stderr.contains("no pin with id 9"))
        #expect(try album(["photo", "rm", "9"]).stderr.contains("no photo with id 9"))
        #expect(try album(["new-collection", "9"]).status == 1)
    }
}

/// `album fetch` and `new-collection` from a Flickr-compatible API on loopback, with the photos
/// served by the same server; the API key never lands in the library.
@Suite struct FlickrFetchTests {
    let folder = TemporaryFolder("flickr")
    var library: String { folder.child("lib").path }

    /// 3 pages of 3 photos; each photo's url_b points back at the server.
    static func server() throws -> LoopbackServer {
        let bodies = try JPEGBodies()
        let port = Mutex<Int>(0)
        let server = try LoopbackServer { request in
            if request.path == "/services/rest/" {
                guard request.query["api_key"] == "k3y-s3cret" else {
                    return .json(#"{"stat":"fail","code":100,"message":"Invalid API Key (Key has invalid format)"}"#)
                }
                let page = Int(request.query["page"] ?? "1") ?? 1
                let base = "http://127.0.0.1:\(port.withLock { $0 })"
                let photos = (1...3).map { i -> String in
                    let id = (page - 1) * 3 + i
                    return #"{"id":"\#(id)","owner":"o","secret":"s","server":"1","title":"flickr \#(id)","url_b":"\#(base)/photos/f\#(id).jpg","latitude":"48.8584","longitude":2.2945,"datetaken":"2024-05-01 10:00:0\#(i)","license":"4"}"#
                }
                return .json(#"{"photos":{"page":\#(page),"pages":3,"perpage":3,"total":"9","photo":[\#(photos.joined(separator: ","))]},"stat":"ok"}"#)
            }
            let n = Int(request.path.filter(\.isNumber)) ?? 0
            return .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: bodies.body(n))
        }
        port.withLock { $0 = server.port }
        return server
    }

    func album(_ arguments: [String], key: String = "k3y-s3cret") throws -> AlbumRun {
        try AlbumProcess.run(arguments + ["--library", library], environment: ["FLICKR_API_KEY": key])
    }

    @Test func fetchAndNewCollectionFromFlickr() throws {
        let server = try Self.server()
        let endpoint = "\(server.baseURL)/services/rest/"
        let run = try album(["fetch", "--source", "flickr", "--endpoint", endpoint, "--lat", "48.8584", "--lon", "2.2945",
                             "--per-page", "3", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try run.json() as? [String: Any])
        #expect(report["downloaded"] as? Int == 3)
        let pinId = try #require((report["pin"] as? [String: Any])?["id"] as? Int)

        // new-collection uses the album's recorded source and endpoint with no --source given.
        let next = try album(["new-collection", "\(pinId)", "--json"])
        #expect(next.status == 0, "\(next.stderr)")
        let photos = try #require(try album(["photos", "\(pinId)", "--json"]).json() as? [[String: Any]])
        #expect(photos.count == 3)
        #expect(photos.allSatisfy { $0["state"] as? String == "downloaded" })
        #expect(photos.allSatisfy { (Int(($0["title"] as? String ?? "").filter(\.isNumber)) ?? 0) > 3 })
        // The served JPEGs are fixtures with their own EXIF: a downloaded photo stores the EXIF
        // capture time (with its offset), which Flickr's datetaken lacks (decision 0007).
        #expect(photos.allSatisfy { ($0["takenAt"] as? String)?.dropFirst(19).first == "+" || ($0["takenAt"] as? String)?.dropFirst(19).first == "-" },
                "\(photos.map { $0["takenAt"] ?? "nil" })")
        #expect(photos.allSatisfy { $0["make"] is String })

        // The key is never stored.
        let database = try Data(contentsOf: URL(fileURLWithPath: library + "/album.sqlite"))
        #expect(database.range(of: Data("k3y-s3cret".utf8)) == nil)
        let wal = (try? Data(contentsOf: URL(fileURLWithPath: library + "/album.sqlite-wal"))) ?? Data()
        #expect(wal.range(of: Data("k3y-s3cret".utf8)) == nil)
    }

    @Test func badKeyEndsWithFlickrsMessage() throws {
        let server = try Self.server()
        let run = try album(["fetch", "--source", "flickr", "--endpoint", "\(server.baseURL)/services/rest/",
                             "--lat", "1", "--lon", "2"], key: "wrong-key-123")
        #expect(run.status == 1)
        #expect(run.stderr.contains("Invalid API Key"), "\(run.stderr)")
        #expect(!run.stderr.contains("wrong-key-123"))
        #expect(server.requests.count == 1)
    }
}
