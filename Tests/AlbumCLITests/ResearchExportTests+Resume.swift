import Foundation
import Testing
import TestSupport

/// The dataset export written several shards at once and made durable at its end (decision
/// 0132): the same bytes whatever the threads, and a resumed export after a kill or a power cut
/// ends with the bytes of an export that was never interrupted.
extension ResearchExportTests {
    /// Every file of an export folder, by name (the state file included).
    func exported(_ folder: URL) throws -> [String: Data] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        return try Dictionary(uniqueKeysWithValues: names.map { ($0, try Data(contentsOf: folder.appendingPathComponent($0))) })
    }

    func dataset(_ out: URL, library: String, _ more: [String] = []) throws -> [String: Any] {
        let run = try album(["export", "dataset", "--out", out.path, "--shard-size", "1", "--json"] + more, library: library)
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try run.json() as? [String: Any], "\(run.stderr)")
    }

    /// One thread or many: the same files, byte for byte; the state file is written in shard
    /// order and records every shard synced.
    @Test func sameBytesWithAnyNumberOfThreads() throws {
        let (library, _) = try library(.sqlite)
        let one = folder.child("threads-1"), four = folder.child("threads-4")
        let report = try dataset(one, library: library, ["--concurrency", "1"])
        _ = try dataset(four, library: library, ["--concurrency", "4"])
        let shards = try #require(report["shards"] as? Int)
        try #require(shards >= 3, "\(report)")
        let files = try exported(one), threaded = try exported(four)
        #expect(files.count == shards + 3 && files == threaded, "\(files.keys.sorted())")
        let state = String(decoding: try #require(files[".album-dataset"]), as: UTF8.self)
        let order = state.split(separator: "\n").filter { !$0.hasPrefix("\t") }.map { String($0.prefix(16)) }
        #expect(order == (0..<shards).map { String(format: "shard-%06d.tar", $0) } && !state.contains("unsynced"), "\(state)")
        let bad = try album(["export", "dataset", "--out", folder.child("bad").path, "--concurrency", "0"], library: library)
        #expect(bad.status == 64 && bad.stderr == "album: error: --concurrency 0 must be 1-64\n", "\(bad.stderr)")

        // Images that cannot be read, in every shard: one line naming the first shard's, exit 1.
        let originals = URL(fileURLWithPath: library).appendingPathComponent("originals")
        try FileManager.default.removeItem(at: originals)
        let failed = try album(["export", "dataset", "--out", folder.child("unreadable").path, "--shard-size", "1", "--concurrency", "4"], library: library)
        #expect(failed.status == 1 && failed.stderr.hasPrefix("album: error: " + originals.path + "/")
            && failed.stderr.hasSuffix(": cannot read: No such file or directory\n") && failed.stderr.split(separator: "\n").count == 1, "\(failed.stderr)")
    }

    /// What a kill or a power cut can leave: shards recorded out of order and not synced, one in
    /// place but not recorded (killed between its rename and its line), one half written (a
    /// `.part`), one recorded whose blocks were lost (zeros), one cut short, a state line half
    /// written. A resumed export keeps only the shards whose bytes still match and ends with
    /// the files of an export never interrupted.
    @Test func resumeAfterAKillOrAPowerCutEndsWithTheSameBytes() throws {
        let (library, _) = try library(.sqlite)
        let out = folder.child("cut"), clean = folder.child("clean")
        let shards = try #require(try dataset(clean, library: library)["shards"] as? Int)
        try #require(shards >= 5)
        let expected = try exported(clean)
        _ = try dataset(out, library: library)
        let names = (0..<shards).map { String(format: "shard-%06d.tar", $0) }
        let stateFile = out.appendingPathComponent(".album-dataset")
        let state = try String(contentsOf: stateFile, encoding: .utf8)
        // Lines a shard, in reverse order (threads finish in any order), all unsynced; the last
        // shard in place but not recorded; a half line at the end.
        var blocks: [String] = []
        for line in state.split(separator: "\n") {
            if line.hasPrefix("\t") { blocks[blocks.count - 1] += "\(line)\n" } else { blocks.append("\(line) unsynced\n") }
        }
        let cut = blocks.dropLast().reversed().joined() + "shard-0000"
        try Data(cut.utf8).write(to: stateFile)
        try FileManager.default.removeItem(at: out.appendingPathComponent("manifest.json"))
        try Data(count: expected[names[0]]!.count).write(to: out.appendingPathComponent(names[0]))
        try expected[names[1]]!.prefix(100).write(to: out.appendingPathComponent(names[1]))
        try FileManager.default.removeItem(at: out.appendingPathComponent(names[2]))
        try Data("partial".utf8).write(to: out.appendingPathComponent(names[2] + ".part"))
        let inode = { (name: String) in try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent(name).path)[.systemFileNumber] as? Int }
        let whole = try inode(names[3])

        let resumed = try dataset(out, library: library, ["--concurrency", "2"])
        // Shards 0, 1 and 2 are written again; so is the last, never recorded.
        #expect(resumed["reusedShards"] as? Int == shards - 4, "\(resumed)")
        #expect(try inode(names[3]) == whole)
        let after = try exported(out)
        #expect(after == expected, "\(after.keys.sorted())")
    }

    /// A real SIGKILL at some moment of an export's shards (`delay` after its state file
    /// appears, just before the first shard), then a run: the files of an export never
    /// interrupted, however far the killed one got.
    @Test(arguments: [0.0, 0.005, 0.02])
    func killedExportResumesToTheSameBytes(after delay: Double) throws {
        let (library, _) = try library(.sqlite)
        let out = folder.child("killed-\(delay)"), clean = folder.child("killed-clean-\(delay)")
        _ = try dataset(clean, library: library)
        let (process, _, _) = try AlbumProcess.start(["export", "dataset", "--out", out.path, "--shard-size", "1", "--library", library])
        let state = out.appendingPathComponent(".album-dataset").path
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning && !FileManager.default.fileExists(atPath: state) && Date() < deadline { usleep(200) }
        Thread.sleep(forTimeInterval: delay)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(FileManager.default.fileExists(atPath: state))
        _ = try dataset(out, library: library)
        #expect(try exported(out) == exported(clean))
    }
}
