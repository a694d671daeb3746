import AlbumModel
import AlbumStore
import Foundation
import Synchronization
import Testing
import TestSupport

/// Issue 10: a refresh keeps what it has, a killed search is resumed (items 7 and 9).
@Suite struct FetchIntegrityTests {
    let folder = TemporaryFolder("fetch-integrity")
    var library: String { folder.child("lib").path }
    static let place = try! Coordinate(latitude: -33.8568, longitude: 151.2153)

    func album(_ arguments: [String], environment: [String: String] = [:]) throws -> AlbumRun {
        try AlbumProcess.run(arguments + ["--library", library], environment: environment)
    }

    @Test func refreshKeepsTheIdsAndFilesOfPhotosItAlreadyHas() throws {
        let bodies = try JPEGBodies()
        let server = try LoopbackServer { request in
            .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: bodies.body(Int(request.path.filter(\.isNumber)) ?? 0))
        }
        let bundle = try HTTPBundle(server: server, ids: (1...8).map { "r\($0)" }, place: Self.place)
        let fetch = ["fetch", "--lat", "\(Self.place.latitude)", "--lon", "\(Self.place.longitude)", "--radius-km", "1",
                     "--source", bundle.sourceArgument, "--json"]
        #expect(try album(fetch).status == 0)
        let before = try #require(try album(["photos", "1", "--json"]).json() as? [[String: Any]])
        #expect(before.count == 8)
        let requests = server.requests.count

        let refreshed = try album(fetch + ["--refresh"])
        #expect(refreshed.status == 0, "\(refreshed.stderr)")
        #expect(server.requests.count == requests, "a refresh downloaded again what it had")
        let after = try #require(try album(["photos", "1", "--json"]).json() as? [[String: Any]])
        #expect(after.map { $0["id"] as? Int } == before.map { $0["id"] as? Int }, "photo ids changed")
        #expect(after.map { $0["file"] as? String } == before.map { $0["file"] as? String })
        #expect(after.allSatisfy { $0["state"] as? String == "downloaded" })
    }

    @Test func aPinsFileWithNoPinsIsAnErrorAndTouchesNothing() throws {
        let file = folder.child("pins.csv")
        try Data("lat,lon,title\r\n".utf8).write(to: file)
        let run = try album(["fetch", "--pins-file", file.path, "--source", "bundle:\(Fixtures.bundle.path)"])
        #expect(run.status != 0)
        #expect(run.stderr == "album: error: pins file \(file.path) has no pins (only a header, comments or blank lines): "
            + "expected lines of lat,lon[,title] or place[,title]\n", "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: library))
    }

    @Test func aPinWhoseSearchWasKilledIsSearchedByResume() throws {
        let bodies = try JPEGBodies()
        let stalled = Mutex(true)
        let port = Mutex(0)
        let server = try LoopbackServer { request in
            if request.path == "/services/rest/" {
                // The first search never answers in time: the process is killed while it waits.
                if stalled.withLock({ $0 }) { return .delayed(.seconds(20), .json(#"{"stat":"fail","code":0,"message":"late"}"#)) }
                let base = "http://127.0.0.1:\(port.withLock { $0 })"
                let photos = (1...3).map { i in
                    #"{"id":"\#(i)","owner":"o","secret":"s","server":"1","title":"t\#(i)","url_b":"\#(base)/photos/f\#(i).jpg","latitude":"-33.8568","longitude":151.2153}"#
                }
                return .json(#"{"photos":{"page":1,"pages":1,"perpage":3,"total":"3","photo":[\#(photos.joined(separator: ","))]},"stat":"ok"}"#)
            }
            return .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: bodies.body(Int(request.path.filter(\.isNumber)) ?? 0))
        }
        port.withLock { $0 = server.port }
        let key = ["FLICKR_API_KEY": "k3y"]
        let (process, _, _) = try AlbumProcess.start(
            ["fetch", "--source", "flickr", "--endpoint", "\(server.baseURL)/services/rest/", "--lat", "-33.8568",
             "--lon", "151.2153", "--per-page", "3", "--radius-km", "2", "--library", library],
            environment: key)
        let deadline = Date().addingTimeInterval(20)
        while server.requests.isEmpty && Date() < deadline && process.isRunning { Thread.sleep(forTimeInterval: 0.01) }
        #expect(process.isRunning && server.requests.count == 1, "the search did not start")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        stalled.withLock { $0 = false }

        let status = try #require(try album(["status", "--json"]).json() as? [String: Any])
        #expect(status["pinsNotSearched"] as? [Int] == [1])
        let text = try album(["status"])
        #expect(text.stdout.contains("not searched yet"), "\(text.stdout)")

        let resumed = try album(["resume", "--json"], environment: key)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let reports = try #require(try resumed.json() as? [[String: Any]])
        #expect(reports.count == 1 && reports.first?["downloaded"] as? Int == 3, "\(reports)")
        // The search was the one the fetch asked for: its radius and per page.
        let search = try #require(server.requests.last { $0.path == "/services/rest/" })
        #expect(search.query["per_page"] == "3" && search.query["radius"] == "2", "\(search.query)")
        let after = try #require(try album(["status", "--json"]).json() as? [String: Any])
        #expect(after["pinsNotSearched"] as? [Int] == [])
        #expect(try album(["resume"]).stdout.contains("nothing left to download"))
    }
}

/// Issue 10, item 4: a full or read-only disk stops the fetch with one error and leaves the
/// photos queued; `resume` finishes them once the disk can be written again. The library's
/// `originals/` is a real small tmpfs (mounting needs root; skipped where it is not allowed).
@Suite(.serialized, .enabled(if: SmallDisk.canMount, "cannot mount a tmpfs here (needs root): skipped"))
struct FullDiskTests {
    let folder = TemporaryFolder("full-disk")
    var library: String { folder.child("lib").path }

    func album(_ arguments: [String]) throws -> AlbumRun { try AlbumProcess.run(arguments + ["--library", library]) }

    func run(_ fault: SmallDisk.Fault, message: String) throws {
        let bodies = try JPEGBodies()
        let server = try LoopbackServer { request in
            .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: bodies.body(Int(request.path.filter(\.isNumber)) ?? 0))
        }
        let place = try Coordinate(latitude: 10, longitude: 20)
        let bundle = try HTTPBundle(server: server, ids: (1...12).map { "d\($0)" }, place: place)
        let disk = try SmallDisk(at: folder.child("lib/originals"), fault: fault)
        defer { disk.unmount() }

        let fetch = try album(["fetch", "--lat", "10", "--lon", "20", "--radius-km", "1", "--concurrency", "4",
                               "--source", bundle.sourceArgument])
        #expect(fetch.status != 0)
        let errors = fetch.stderr.split(separator: "\n")
        #expect(errors.count == 1 && errors.first?.hasPrefix("album: error: ") == true, "\(fetch.stderr)")
        #expect(fetch.stderr.contains(message) && fetch.stderr.contains("album resume"), "\(fetch.stderr)")
        let photos = try #require(try album(["photos", "1", "--json"]).json() as? [[String: Any]])
        #expect(photos.count == 12)
        #expect(photos.allSatisfy { $0["state"] as? String == "placeholder" }, "\(photos.map { $0["state"] ?? "" })")
        let status = try #require(try album(["status", "--json"]).json() as? [String: Any])
        #expect((status["photos"] as? [String: Int])?["failed"] == 0)

        try disk.mend()
        let resumed = try album(["resume", "--json"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect((try resumed.json() as? [[String: Any]])?.first?["downloaded"] as? Int == 12)
    }

    @Test func aFullDiskStopsTheFetchAndResumeFinishesIt() throws {
        try run(.full, message: "No space left on device")
    }

    @Test func aReadOnlyDiskStopsTheFetchAndResumeFinishesIt() throws {
        try run(.readOnly, message: "Read-only file system")
    }
}

/// A small tmpfs mounted for one test: full (a ballast file takes every block) or read-only.
struct SmallDisk {
    enum Fault { case full, readOnly }
    let mountPoint: URL

    static let canMount: Bool = {
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("album-mount-probe-\(getpid())")
        try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: probe) }
        guard shell(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", probe.path]) == 0 else { return false }
        return shell(["umount", probe.path]) == 0
    }()

    init(at mountPoint: URL, fault: Fault) throws {
        self.mountPoint = mountPoint
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        guard Self.shell(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", mountPoint.path]) == 0 else {
            throw SmallDiskError("mount failed")
        }
        switch fault {
        case .full:
            // Fill every block: the next write anywhere on it meets ENOSPC.
            _ = Self.shell(["dd", "if=/dev/zero", "of=\(mountPoint.path)/ballast", "bs=4k", "count=64"])
        case .readOnly:
            guard Self.shell(["mount", "-o", "remount,ro", mountPoint.path]) == 0 else { throw SmallDiskError("remount failed") }
        }
    }

    /// Space is back, writable again.
    func mend() throws {
        try? FileManager.default.removeItem(at: mountPoint.appendingPathComponent("ballast"))
        guard Self.shell(["mount", "-o", "remount,rw,size=64m", mountPoint.path]) == 0 else {
            throw SmallDiskError("remount failed")
        }
    }

    func unmount() { _ = Self.shell(["umount", "-l", mountPoint.path]) }

    @discardableResult
    static func shell(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

struct SmallDiskError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// Issue 10, item 11: a read-only library (here a read-only bind mount of one) can be read by
/// the commands that only read, and a write says "read-only".
@Suite(.enabled(if: SmallDisk.canMount, "cannot mount here (needs root): skipped"))
struct ReadOnlyLibraryTests {
    let folder = TemporaryFolder("read-only")

    @Test func readingCommandsWorkAndWritesSayReadOnly() throws {
        let library = folder.child("lib").path
        let fetch = try AlbumProcess.run(["fetch", "--lat", "-33.856784", "--lon", "151.215297", "--per-page", "2",
                                          "--source", "bundle:\(Fixtures.bundle.path)", "--library", library])
        #expect(fetch.status == 0, "\(fetch.stderr)")
        // Closed cleanly: no -wal or -shm left, as a library copied to read-only media would be.
        do { _ = try AlbumDatabase(path: library + "/album.sqlite") }
        #expect(!FileManager.default.fileExists(atPath: library + "/album.sqlite-shm"))

        let mounted = folder.child("ro").path
        try FileManager.default.createDirectory(atPath: mounted, withIntermediateDirectories: true)
        #expect(SmallDisk.shell(["mount", "--bind", library, mounted]) == 0)
        defer { SmallDisk.shell(["umount", "-l", mounted]) }
        #expect(SmallDisk.shell(["mount", "-o", "remount,ro,bind", mounted]) == 0)

        for command in [["status"], ["pin", "list"], ["photos", "1"], ["verify"], ["status", "--json"]] {
            let run = try AlbumProcess.run(command + ["--library", mounted])
            #expect(run.status == 0, "\(command): \(run.stderr)")
        }
        #expect(try AlbumProcess.run(["photos", "1", "--json", "--library", mounted]).json() is [Any])
        for command in [["pin", "add", "--lat", "1", "--lon", "1"], ["photo", "rm", "1"], ["resume"]] {
            let run = try AlbumProcess.run(command + ["--library", mounted])
            #expect(run.status != 0, "\(command)")
            #expect(run.stderr.contains("is read-only"), "\(command): \(run.stderr)")
        }
    }
}
