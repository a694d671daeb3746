#if PostgreSQL
import AlbumModel
import Foundation
import TestSupport
import Testing

/// `album worker` processes (the built binary) against one library on a real PostgreSQL server
/// and a loopback image server that counts what it serves.
@Suite(.postgresServer, .serialized)
struct WorkerTests {
    let folder = TemporaryFolder("pg-worker")
    static let place = try! Coordinate(latitude: 41.8902, longitude: 12.4922)

    /// A new database with its files folder: the `--library` value.
    func newLibrary() throws -> (library: String, files: URL) {
        let files = folder.child("files-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        return (try Postgres.database() + "?files=" + files.path, files)
    }

    /// Serves `/photos/N.jpg`: a JPEG whose bytes differ for every N, after `delay`.
    static func imageServer(delay: Duration) throws -> LoopbackServer {
        let bodies = try JPEGBodies()
        return try LoopbackServer { request in
            let n = Int(request.path.filter(\.isNumber)) ?? 0
            // Bytes after the JPEG's end are ignored by decoders and make every photo distinct.
            let body = bodies.body(n) + Data("geoalbum-test-\(n)".utf8)
            return .delayed(delay, .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: body))
        }
    }

    /// `count` photos around the place, indexed, queued on one pin of `library`; returns the pin id.
    func queue(_ count: Int, on library: String, server: LoopbackServer) throws -> Int {
        let data = folder.child("yfcc-\(UUID().uuidString.prefix(6)).tsv").path
        try Data(YFCCFixture.around(Self.place, count: count, baseURL: server.baseURL).text().utf8)
            .write(to: URL(fileURLWithPath: data))
        let index = try AlbumProcess.run(["yfcc", "index", data])
        try #require(index.status == 0, "\(index.stderr)")
        let fetch = try AlbumProcess.run([
            "fetch", "--lat", "\(Self.place.latitude)", "--lon", "\(Self.place.longitude)", "--radius-km", "5",
            "--per-page", "\(count)", "--source", "yfcc:\(data)", "--queue-only", "--json", "--library", library,
        ])
        try #require(fetch.status == 0, "\(fetch.stderr)")
        let report = try #require(try fetch.json() as? [String: Any])
        #expect(report["total"] as? Int == count)
        #expect(report["downloaded"] as? Int == 0)
        #expect(server.requests.isEmpty)
        return try #require((report["pin"] as? [String: Any])?["id"] as? Int)
    }

    func status(_ library: String) throws -> [String: Int] {
        let run = try AlbumProcess.run(["status", "--json", "--library", library])
        try #require(run.status == 0, "\(run.stderr)")
        return try #require((try run.json() as? [String: Any])?["photos"] as? [String: Int])
    }

    /// Waits for a started `album` to end, reading its output.
    func finish(_ started: (Process, Pipe, Pipe)) -> AlbumRun {
        let (process, out, err) = started
        nonisolated(unsafe) var errData = Data()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        process.waitUntilExit()
        return AlbumRun(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    @Test func fourWorkersDownloadEveryPhotoOnceAndLoseNone() async throws {
        let (library, files) = try newLibrary()
        let server = try Self.imageServer(delay: .milliseconds(30))
        let pinId = try queue(80, on: library, server: server)

        let workers = try (0..<4).map { _ in
            try AlbumProcess.start(["worker", "--concurrency", "4", "--json", "--library", library])
        }
        let runs = workers.map(finish)
        var downloaded: [Int] = []
        for run in runs {
            #expect(run.status == 0, "\(run.stderr)")
            let report = try #require(try run.json() as? [String: Any])
            downloaded.append(report["downloaded"] as? Int ?? -1)
            #expect(report["remaining"] as? Int == 0)
        }
        #expect(downloaded.reduce(0, +) == 80)
        #expect(downloaded.filter { $0 > 0 }.count > 1, "the work was shared: \(downloaded)")
        // Counted at the server: every photo asked for exactly once.
        let paths = server.requests.map(\.path)
        #expect(paths.count == 80)
        #expect(Set(paths).count == 80)

        #expect(try status(library) == ["placeholder": 0, "downloading": 0, "downloaded": 80, "failed": 0, "imported": 0])
        let photos = try #require(try AlbumProcess.run(["photos", "\(pinId)", "--json", "--library", library]).json() as? [[String: Any]])
        #expect(photos.count == 80)
        #expect(photos.allSatisfy { $0["state"] as? String == "downloaded" && $0["attempts"] as? Int == 1 })
        let onDisk = photos.compactMap { $0["file"] as? String }
        #expect(Set(onDisk).count == 80)
        #expect(onDisk.allSatisfy { $0.hasPrefix(files.path + "/originals/") && FileManager.default.fileExists(atPath: $0) })
        #expect(photos.allSatisfy { ($0["thumbnail"] as? String).map(FileManager.default.fileExists) == true })
    }

    @Test func aWorkerKilledMidBatchHasItsPhotosTakenOverWhenItsLeaseRunsOut() async throws {
        let (library, _) = try newLibrary()
        let server = try Self.imageServer(delay: .milliseconds(1500))
        _ = try queue(12, on: library, server: server)

        let doomed = try AlbumProcess.start(["worker", "--concurrency", "4", "--lease", "3", "--library", library])
        // Mid-batch: it has asked the server for photos and none has come back yet.
        let deadline = Date().addingTimeInterval(60)
        while server.requests.count < 4 && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        kill(doomed.0.processIdentifier, SIGKILL)
        _ = finish(doomed)
        #expect(doomed.0.terminationReason == .uncaughtSignal)
        let held = try status(library)
        let (holding, done) = (held["downloading"] ?? 0, held["downloaded"] ?? 0)
        #expect(holding >= 1, "\(held)")
        #expect(holding + done + (held["placeholder"] ?? 0) == 12)

        // Another worker finishes the queue: the dead worker's photos once their lease runs out.
        let rescuer = try AlbumProcess.run(["worker", "--concurrency", "8", "--lease", "3", "--json", "--library", library])
        #expect(rescuer.status == 0, "\(rescuer.stderr)")
        let report = try #require(try rescuer.json() as? [String: Any])
        #expect(report["downloaded"] as? Int == 12 - done)
        #expect(try status(library) == ["placeholder": 0, "downloading": 0, "downloaded": 12, "failed": 0, "imported": 0])
        // The photos the dead worker held were asked for again; every other photo once. A held
        // photo may not have been asked for at all when the kill came (on a loaded machine the
        // first download can end before the fourth request arrives, and the worker claims a fifth
        // photo): only those asked for before the kill are asked for twice, none more often.
        let counts = Dictionary(server.requests.map { ($0.path, 1) }, uniquingKeysWith: +)
        #expect(counts.count == 12)
        #expect(counts.values.allSatisfy { (1...2).contains($0) }, "\(counts)")
        let twice = counts.values.filter { $0 == 2 }.count
        #expect(twice >= 1 && twice <= holding, "\(twice) photos asked for twice, \(holding) held")
    }

    @Test func aServerThatDoesNotAnswerIsNamedAndNothingIsWritten() throws {
        let files = folder.child("unused")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        let port = try PostgresServer.freePort()
        let url = "postgres://postgres@127.0.0.1:\(port)/nowhere"
        for arguments in [["status", "--json"], ["worker"], ["pin", "add", "--lat", "1", "--lon", "2"]] {
            let run = try AlbumProcess.run(arguments + ["--library", url + "?files=" + files.path])
            #expect(run.status != 0)
            #expect(run.stderr.hasPrefix("album: error: cannot connect to \(url)"), "\(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: files.path).isEmpty)
    }

    @Test func everyCommandTakesAPostgresLibraryAndFoldersItDoesNotTakeAreRefusedInOneLine() throws {
        let (library, files) = try newLibrary()
        #expect(try AlbumProcess.run(["pin", "add", "--lat", "1", "--lon", "2", "--library", library]).status == 0)
        // Every command takes it now (decisions 0042-seam, 0023-pgmemory): the last ones refused before.
        for arguments in [["places"], ["remind", "list"], ["tags"]] {
            let run = try AlbumProcess.run(arguments + ["--library", library])
            #expect(run.status == 0 && run.stderr.isEmpty, "\(arguments): \(run.stderr)")
        }
        // The environment names it too, with --files.
        let database = String(library.prefix { $0 != "?" })
        let listed = try AlbumProcess.run(["pin", "list", "--json", "--files", files.path], environment: ["ALBUM_DATABASE_URL": database])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect((try listed.json() as? [[String: Any]])?.count == 1)
        // No files folder, a missing one, another library's.
        let none = try AlbumProcess.run(["pin", "list", "--library", database])
        #expect(none.status != 0 && none.stderr.contains("names no files folder"), "\(none.stderr)")
        let missing = try AlbumProcess.run(["pin", "list", "--library", database + "?files=" + folder.child("nope").path])
        #expect(missing.status != 0 && missing.stderr.contains("files folder \(folder.child("nope").path)"), "\(missing.stderr)")
        let (other, _) = try newLibrary()
        let otherDatabase = String(other.prefix { $0 != "?" })
        #expect(try AlbumProcess.run(["pin", "list", "--library", other]).status == 0)
        let crossed = try AlbumProcess.run(["pin", "list", "--library", otherDatabase + "?files=" + files.path])
        #expect(crossed.status != 0 && crossed.stderr.contains("belongs to another library"), "\(crossed.stderr)")
    }
}
#endif
