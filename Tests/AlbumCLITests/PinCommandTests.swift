import Foundation
import Testing
import TestSupport

/// `album pin` and `album region` through the built binary, across separate process runs.
@Suite struct PinCommandTests {
    let folder = TemporaryFolder("cli")
    var library: String { folder.child("lib").path }

    func album(_ arguments: String...) throws -> AlbumRun {
        try AlbumProcess.run(arguments + ["--library", library])
    }

    @Test func pinRoundTripAcrossProcesses() throws {
        let added = try album("pin", "add", "--lat", "-33.8568", "--lon", "151.2153", "--title", "Opera House", "--json")
        #expect(added.status == 0, "\(added.stderr)")
        let pin = try #require(try added.json() as? [String: Any])
        #expect(pin["title"] as? String == "Opera House")
        #expect(pin["note"] is NSNull)
        #expect(pin["photoCount"] as? Int == 0)
        #expect(Set(pin.keys) == ["id", "latitude", "longitude", "title", "note", "photoCount", "place", "timeZone"])
        let id = try #require(pin["id"] as? Int)

        let shown = try #require(try album("pin", "show", "\(id)", "--json").json() as? [String: Any])
        #expect(shown["latitude"] as? Double == -33.8568)
        #expect(shown["longitude"] as? Double == 151.2153)

        let moved = try album("pin", "move", "\(id)", "--lat", "-33.86", "--lon", "151.21", "--json")
        #expect(moved.status == 0)
        let list = try #require(try album("pin", "list", "--json").json() as? [[String: Any]])
        #expect(list.count == 1)
        #expect(list.first?["latitude"] as? Double == -33.86)

        #expect(try album("pin", "rm", "\(id)").status == 0)
        #expect(try album("pin", "list", "--json").json() as? [Any] != nil)
        #expect((try album("pin", "list", "--json").json() as? [Any])?.isEmpty == true)
        let gone = try album("pin", "show", "\(id)")
        #expect(gone.status != 0)
        #expect(gone.stderr.contains("no pin with id \(id)"))
    }

    @Test func humanOutput() throws {
        let added = try album("pin", "add", "--lat", "48.8584", "--lon", "2.2945", "--title", "Eiffel", "--note", "at dusk")
        #expect(added.stdout.contains("48.858400, 2.294500"))
        #expect(added.stdout.contains("Eiffel"))
        #expect(try album("pin", "list").stdout.contains("Eiffel"))
    }

    @Test func regionRoundTripAcrossProcesses() throws {
        let none = try album("region", "show", "--json")
        #expect(none.status == 0)
        #expect(none.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "null")
        let set = try album("region", "set", "--lat", "35.68", "--lon", "139.76", "--span-lat", "0.5", "--span-lon", "0.8")
        #expect(set.status == 0, "\(set.stderr)")
        let region = try #require(try album("region", "show", "--json").json() as? [String: Any])
        #expect(region["latitude"] as? Double == 35.68)
        #expect(region["spanLongitude"] as? Double == 0.8)
        #expect(Set(region.keys) == ["latitude", "longitude", "spanLatitude", "spanLongitude"])
    }

    @Test(arguments: [
        (["pin", "add", "--lat", "91", "--lon", "0"], "latitude 91.0 is outside [-90, 90]"),
        (["pin", "add", "--lat", "0", "--lon", "-180.5"], "longitude -180.5 is outside [-180, 180]"),
        (["pin", "add", "--lat", "abc", "--lon", "0"], "'abc'"),
        (["pin", "add", "--lat", "nan", "--lon", "0"], "latitude nan"),
        (["pin", "add", "--lon", "0"], "--lat"),
        (["pin", "move", "1", "--lat", "0", "--lon", "200"], "longitude 200.0"),
        (["pin", "show", "x"], "'x'"),
        (["region", "set", "--lat", "0", "--lon", "0", "--span-lat", "0", "--span-lon", "1"], "span-lat 0.0"),
        (["region", "set", "--lat", "0", "--lon", "0", "--span-lat", "1", "--span-lon", "-2"], "span-lon -2.0"),
        (["pin", "add", "--lat", "1", "--lon", "2", "--bogus"], "--bogus"),
    ])
    func badInputFailsWithOneLineAndCreatesNothing(arguments: [String], mentions: String) throws {
        let run = try AlbumProcess.run(arguments + ["--library", library])
        #expect(run.status != 0)
        #expect(run.stderr.hasPrefix("album: error: "))
        #expect(run.stderr.contains(mentions), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: library), "a failed command created the library")
    }

    @Test func unknownIdsOnAnExistingLibraryLeaveItUntouched() throws {
        _ = try album("pin", "add", "--lat", "1", "--lon", "1")
        for args in [["pin", "show", "42"], ["pin", "rm", "42"], ["pin", "move", "42", "--lat", "0", "--lon", "0"]] {
            let run = try AlbumProcess.run(args + ["--library", library])
            #expect(run.status == 1)
            #expect(run.stderr == "album: error: no pin with id 42 in \(library)/album.sqlite\n")
        }
        #expect((try album("pin", "list", "--json").json() as? [Any])?.count == 1)
    }

    @Test func readingAMissingLibraryCreatesNothing() throws {
        #expect(try album("pin", "list").status == 0)
        #expect(try album("region", "show").status == 0)
        #expect(!FileManager.default.fileExists(atPath: library))
    }

    @Test func libraryFromTheEnvironment() throws {
        let run = try AlbumProcess.run(["pin", "add", "--lat", "1", "--lon", "2"], environment: ["ALBUM_LIBRARY": library])
        #expect(run.status == 0)
        #expect(FileManager.default.fileExists(atPath: library + "/album.sqlite"))
    }

    @Test func twoProcessesWritingOneLibraryAtOnce() throws {
        // Two writers race on a new library (migrations included): both finish, nothing lost.
        let count = 40
        let processes = try (0..<2).map { w -> Process in
            let script = (0..<count).map { i in
                "\"\(AlbumProcess.binary.path)\" pin add --lat \(w) --lon \(i) --library \"\(library)\" >/dev/null || exit 1"
            }.joined(separator: "\n")
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            p.arguments = ["-c", script]
            p.environment = AlbumProcess.environment()
            try p.run()
            return p
        }
        processes.forEach { $0.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        let pins = try #require(try album("pin", "list", "--json").json() as? [[String: Any]])
        #expect(pins.count == 2 * count)
    }

    @Test func manyProcessesOpeningANewLibraryAtOnce() throws {
        // The switch to WAL on a new file needs exclusive access and SQLite runs no busy handler
        // for it: every opener must wait its turn instead of failing with "database is locked".
        for round in 0..<3 {
            let path = folder.child("race-\(round)").path
            let processes = try (0..<10).map { i in
                try AlbumProcess.start(["pin", "add", "--lat", "\(round)", "--lon", "\(i)", "--library", path])
            }
            for (process, _, err) in processes {
                process.waitUntilExit()
                let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                #expect(process.terminationStatus == 0, "\(stderr)")
            }
            let pins = try AlbumProcess.run(["pin", "list", "--json", "--library", path]).json() as? [Any]
            #expect(pins?.count == 10)
        }
    }

    @Test func aLibraryThatIsNotOneIsNamed() throws {
        let file = folder.child("plain-file")
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data("x".utf8)))
        let notAFolder = try AlbumProcess.run(["pin", "list", "--library", file.path])
        #expect(notAFolder.status == 1)
        #expect(notAFolder.stderr.contains("\(file.path) is a file, not a folder"), "\(notAFolder.stderr)")

        let garbage = folder.child("garbage")
        try FileManager.default.createDirectory(at: garbage, withIntermediateDirectories: true)
        try Data(String(repeating: "not sqlite ", count: 100).utf8).write(to: garbage.appendingPathComponent("album.sqlite"))
        let run = try AlbumProcess.run(["pin", "add", "--lat", "1", "--lon", "2", "--library", garbage.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("file is not a database"), "\(run.stderr)")
        #expect(run.stderr.contains(garbage.path + "/album.sqlite"))
        #expect(try Data(contentsOf: garbage.appendingPathComponent("album.sqlite")) == Data(String(repeating: "not sqlite ", count: 100).utf8),
                "a file that is not ours is left as it was")
    }
}
