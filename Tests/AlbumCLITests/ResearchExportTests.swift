import Foundation
import Testing
import TestSupport

/// Issue 30: `album export credits` and `album export dataset` on a library fetched from a bundle
/// whose records carry owners and licences; the dataset is read back by the real `webdataset`
/// package (scripts/read-dataset.py) and by tar and sha256sum.
@Suite(.libraryStores) struct ResearchExportTests {
    let folder = TemporaryFolder("research")

    /// Licences by record: CC BY, All Rights Reserved, CC0, CC BY-NC, none, CC BY-SA by name.
    static let licenses: [String?] = ["4", "0", "9", "2", nil, "Attribution-ShareAlike License"]

    /// A bundle of the fixture photos with owners (names that need escaping) and licences.
    func bundle() throws -> URL {
        let target = folder.child("bundle-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.bundle.appendingPathComponent("photos"), to: target.appendingPathComponent("photos"))
        let data = try Data(contentsOf: Fixtures.bundle.appendingPathComponent("photos.json"))
        var records = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        for i in records.indices {
            if let license = Self.licenses[i % Self.licenses.count] { records[i]["license"] = license }
            records[i]["owner"] = "\(i)@N0\(i % 9)"
            records[i]["ownername"] = "Owner <\(i)> & \"co\""
            if i == 0 { records[i]["title"] = "=HYPERLINK(\"http://x\")<script>alert(1)</script>" }
        }
        try JSONSerialization.data(withJSONObject: records).write(to: target.appendingPathComponent("photos.json"))
        return target
    }

    func album(_ arguments: [String], library: String) throws -> AlbumRun {
        try AlbumProcess.run(arguments + ["--library", library])
    }

    /// A library with the Paris photos of the bundle; returns it and how many photos it has.
    func library(_ store: StoreKind) throws -> (String, Int) {
        let library = try store.newLibrary(in: folder)
        let run = try album(["fetch", "--source", "bundle:\(try bundle().path)", "--lat", "48.8566", "--lon", "2.3522",
                             "--radius-km", "10", "--json"], library: library)
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try run.json() as? [String: Any])
        return (library, report["downloaded"] as? Int ?? 0)
    }

    @Test(arguments: StoreKind.all)
    func creditsNameTitleAuthorSourceAndLicenceEscaped(_ store: StoreKind) throws {
        let (library, count) = try library(store)
        try #require(count > 4)
        let json = try #require(try album(["export", "credits", "--format", "json"], library: library).json() as? [[String: Any]])
        #expect(json.count == count)
        #expect(json.allSatisfy { ($0["author"] as? String)?.hasPrefix("Owner <") == true && $0["source"] is String }, "\(json)")
        #expect(json.contains { $0["license"] as? String == "Attribution License" && $0["licenseUrl"] as? String == "https://creativecommons.org/licenses/by/2.0/" })

        let csv = try album(["export", "credits"], library: library)
        #expect(csv.status == 0, "\(csv.stderr)")
        let lines = csv.stdout.split(separator: "\r\n")
        #expect(lines.count == count + 1)
        #expect(lines[0] == #""id","pin","title","author","author_id","source","license","license_id","license_url","copyright""#)
        // A title a spreadsheet would run as a formula is defused; quotes are doubled.
        #expect(csv.stdout.contains(#""'=HYPERLINK(""http://x"")"#), "\(csv.stdout)")
        #expect(csv.stdout.contains(#""Owner <0> & ""co""""#))

        let out = folder.child("credits-\(store.rawValue).html")
        let html = try album(["export", "credits", "--format", "html", "--out", out.path], library: library)
        #expect(html.status == 0 && html.stdout.hasPrefix("wrote the credits of \(count) photos to "), "\(html.stdout)\(html.stderr)")
        let page = try String(contentsOf: out, encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>") && !page.contains("<script") && page.contains("&lt;script&gt;"))
        #expect(page.contains("by Owner &lt;0&gt; &amp; &quot;co&quot;"))
        #expect(page.contains(#"licensed under <a href="https://creativecommons.org/licenses/by/2.0/" rel="nofollow noopener">Attribution License</a>"#))
        // The output rule: an existing file is not replaced without --force.
        let again = try album(["export", "credits", "--format", "html", "--out", out.path], library: library)
        #expect(again.status == 1 && again.stderr.contains("exists: not replaced"), "\(again.stderr)")
        let bad = try album(["export", "credits", "--format", "pdf"], library: library)
        #expect(bad.status == 64 && bad.stderr == "album: error: --format 'pdf' is not csv, json or html\n", "\(bad.stderr)")
    }

    /// Tags (a photo's own and its pin's) are in every sample; a photo without a position (the
    /// unplaced tray) is credited and is a sample with no latitude/longitude.
    @Test(arguments: StoreKind.all)
    func tagsAndUnplacedPhotosInCreditsAndDatasets(_ store: StoreKind) throws {
        let (library, count) = try library(store)
        let imports = folder.child("unplaced-\(store.rawValue)")
        var photo = GeoPhoto(takenAt: "2024:06:14 09:20:00", offset: "+02:00", tag: "research-unplaced")
        photo.artist = "Ann Artist"
        photo.copyright = "(c) Ann Artist"
        try photo.write(to: imports.appendingPathComponent("no-gps.jpg"))
        let imported = try #require(try album(["import", imports.path, "--json"], library: library).json() as? [String: Any])
        #expect(imported["unplaced"] as? Int == 1, "\(imported)")
        let unplacedId = Int64(count + 1)
        #expect(try album(["tag", "add", "photo:1", "Été", "paris"], library: library).status == 0)
        #expect(try album(["tag", "add", "pin:1", "Paris", "city"], library: library).status == 0)

        let credits = try #require(try album(["export", "credits", "--format", "json"], library: library).json() as? [[String: Any]])
        #expect(credits.count == count + 1)
        let unplaced = try #require(credits.first { ($0["id"] as? NSNumber)?.int64Value == unplacedId })
        #expect(unplaced["pinId"] == nil && unplaced["author"] as? String == "Ann Artist" && unplaced["copyright"] as? String == "(c) Ann Artist", "\(unplaced)")
        // --pin: that pin's photos only.
        let pinned = try #require(try album(["export", "credits", "--format", "json", "--pin", "1"], library: library).json() as? [[String: Any]])
        #expect(pinned.count == count)

        let out = folder.child("tagged-\(store.rawValue)")
        let run = try album(["export", "dataset", "--out", out.path, "--format", "files", "--include-all-rights-reserved", "--json"], library: library)
        let report = try #require(try run.json() as? [String: Any], "\(run.stderr)")
        #expect(report["samples"] as? Int == count + 1, "\(report)")
        var records: [Int64: [String: Any]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("part-000000").path) where name.hasSuffix(".json") {
            let data = try Data(contentsOf: out.appendingPathComponent("part-000000/\(name)"))
            let record = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            records[(record["id"] as? NSNumber)?.int64Value ?? -1] = record
        }
        #expect(records.count == count + 1)
        #expect(records[1]?["tags"] as? [String] == ["city", "paris", "été"], "\(records[1] ?? [:])")
        #expect(records[2]?["tags"] as? [String] == ["city", "paris"])
        let tray = try #require(records[unplacedId])
        #expect(tray["tags"] as? [String] == [] && tray["latitude"] == nil && tray["longitude"] == nil && tray["pinId"] == nil, "\(tray)")
        #expect(tray["takenAt"] as? String == "2024-06-14T09:20:00+02:00" && tray["source"] as? String == "import", "\(tray)")
        #expect((tray["owner"] as? [String: Any])?["name"] as? String == "Ann Artist")
        // Without --include-all-rights-reserved the unplaced photo (no licence) is left out, as any.
        let strict = try #require(try album(["export", "dataset", "--out", folder.child("strict-\(store.rawValue)").path, "--json"], library: library).json() as? [String: Any])
        #expect(strict["samples"] as? Int ?? 0 < count && strict["leftOutByLicense"] as? Int ?? 0 >= 1, "\(strict)")
    }

    @Test func datasetIsReadBackByTarDeterministicAndResumable() throws {
        let (library, count) = try library(.sqlite)
        let out = folder.child("dataset")
        let run = try album(["export", "dataset", "--out", out.path, "--shard-size", "2", "--json"], library: library)
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try run.json() as? [String: Any])
        let samples = try #require(report["samples"] as? Int)
        let shards = try #require(report["shards"] as? Int)
        // All Rights Reserved and unlicensed photos are left out by default.
        #expect(samples > 0 && samples < count && samples + (report["leftOutByLicense"] as? Int ?? -1) == count, "\(report)")
        #expect(shards == (samples + 1) / 2)

        // tar lists every shard; sha256sum checks every file the manifest names.
        let names = (0..<shards).map { String(format: "shard-%06d.tar", $0) }
        for name in names {
            let listing = try Shell.run("/usr/bin/tar", ["tvf", out.appendingPathComponent(name).path])
            #expect(listing.status == 0 && listing.stdout.contains("0/0") && listing.stdout.contains("2000-01-01 00:00"), "\(listing.stdout)")
        }
        let sums = try Shell.run("/usr/bin/sha256sum", ["-c", "SHA256SUMS"], in: out)
        #expect(sums.status == 0 && sums.stdout.split(separator: "\n").count == shards, "\(sums.stdout)\(sums.stderr)")

        // Deterministic: the same library gives the same bytes.
        let second = folder.child("dataset-2")
        #expect(try album(["export", "dataset", "--out", second.path, "--shard-size", "2"], library: library).status == 0)
        for name in names + ["manifest.json", "SHA256SUMS"] {
            #expect(try Data(contentsOf: out.appendingPathComponent(name)) == Data(contentsOf: second.appendingPathComponent(name)), "\(name)")
        }

        // Resumable: as if killed while writing the last shard, a run keeps the finished ones.
        let firstShard = out.appendingPathComponent(names[0]).path
        let before = try FileManager.default.attributesOfItem(atPath: firstShard)[.systemFileNumber] as? Int
        try FileManager.default.removeItem(at: out.appendingPathComponent(names[shards - 1]))
        try Data("partial".utf8).write(to: out.appendingPathComponent(names[shards - 1] + ".part"))
        let resumed = try #require(try album(["export", "dataset", "--out", out.path, "--shard-size", "2", "--json"], library: library).json() as? [String: Any])
        #expect(resumed["reusedShards"] as? Int == shards - 1, "\(resumed)")
        #expect(try FileManager.default.attributesOfItem(atPath: firstShard)[.systemFileNumber] as? Int == before)
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent(names[shards - 1] + ".part").path))
        for name in names {
            #expect(try Data(contentsOf: out.appendingPathComponent(name)) == Data(contentsOf: second.appendingPathComponent(name)), "\(name)")
        }

        // Files no export wrote are not replaced; bad options are one line naming them.
        let foreign = folder.child("foreign")
        try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: foreign.appendingPathComponent("shard-000000.tar"))
        let refused = try album(["export", "dataset", "--out", foreign.path], library: library)
        #expect(refused.status == 1 && refused.stderr.contains("shard-000000.tar exists and no dataset export wrote it"), "\(refused.stderr)")
        #expect(try Data(contentsOf: foreign.appendingPathComponent("shard-000000.tar")) == Data("mine".utf8))
        for (arguments, line) in [
            (["--format", "zip"], "--format 'zip' is not webdataset or files"), (["--shard-size", "0"], "--shard-size 0 must be 1-1000000"),
            (["--size", "huge"], "--size 'huge' is not original or thumbnail"),
            (["--license", "0"], "--license '0' names 0 (All Rights Reserved): give --include-all-rights-reserved too"),
        ] {
            let bad = try album(["export", "dataset", "--out", folder.child("bad").path] + arguments, library: library)
            #expect(bad.status == 64 && bad.stderr == "album: error: \(line)\n", "\(arguments): \(bad.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.child("bad").path))
    }

    /// The real reader: `webdataset` from PyPI, as .ci/run installs it in .build/pydeps.
    @Test(.enabled(if: ResearchPython.webdatasetInstalled, "python3 has no webdataset (pip install --no-deps --target .build/pydeps webdataset==1.0.2): skipped"))
    func webdatasetReadsEverySample() throws {
        let (library, _) = try library(.sqlite)
        let out = folder.child("wds")
        let run = try album(["export", "dataset", "--out", out.path, "--shard-size", "2", "--json"], library: library)
        let report = try #require(try run.json() as? [String: Any])
        let samples = try #require(report["samples"] as? Int)
        let read = try ResearchPython.run(["scripts/read-dataset.py", out.path])
        let decoded = try #require(try JSONSerialization.jsonObject(with: read) as? [String: Any])
        let list = try #require(decoded["samples"] as? [[String: Any]])
        #expect(list.count == samples && samples > 0)
        #expect(list.map { $0["key"] as? String ?? "" } == list.map { String(format: "%010d", $0["id"] as? Int ?? -1) })
        #expect(list.allSatisfy { ($0["image"] as? [String]) == ["jpg"] && ($0["imageBytes"] as? Int ?? 0) > 1000 })
        #expect(list.allSatisfy { ["4", "9", "2", "5"].contains($0["license"] as? String ?? "none") }, "\(list)")
        let keys = Set(list.flatMap { $0["jsonKeys"] as? [String] ?? [] })
        #expect(keys.isSuperset(of: ["id", "latitude", "longitude", "takenAt", "takenAtUTC", "timeZone", "place", "tags", "title", "owner", "license", "url"]))
    }

    @Test func filesFormatAndThumbnailsWithEveryLicence() throws {
        let (library, count) = try library(.sqlite)
        let out = folder.child("files")
        let run = try album(["export", "dataset", "--out", out.path, "--format", "files", "--size", "thumbnail",
                             "--include-all-rights-reserved", "--json"], library: library)
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try run.json() as? [String: Any])
        #expect(report["samples"] as? Int == count && report["shards"] as? Int == 1, "\(report)")
        let part = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("part-000000").path)
        #expect(part.count == 2 * count && part.filter { $0.hasSuffix(".json") }.count == count)
        let sums = try Shell.run("/usr/bin/sha256sum", ["-c", "SHA256SUMS"], in: out)
        #expect(sums.status == 0 && sums.stdout.split(separator: "\n").count == 2 * count, "\(sums.stderr)")
    }
}

/// Runs a program and collects its output.
enum Shell {
    static func run(_ program: String, _ arguments: [String], in folder: URL? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile(), stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }
}

/// `/usr/bin/python3` with .build/pydeps (where .ci/run installs webdataset) on its path.
enum ResearchPython {
    static let webdatasetInstalled: Bool = (try? run(["-c", "import webdataset"])) != nil

    static func run(_ arguments: [String]) throws -> Data {
        let root = Fixtures.repositoryRoot
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONPATH"] = [root.appendingPathComponent(".build/pydeps").path, environment["PYTHONPATH"]].compactMap { $0 }.joined(separator: ":")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = arguments
        process.currentDirectoryURL = root
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let problem = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw StoreTestError("python3 \(arguments) exited \(process.terminationStatus): \(String(decoding: problem, as: UTF8.self))")
        }
        return data
    }
}
