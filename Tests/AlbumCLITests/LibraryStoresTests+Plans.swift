import Foundation
import TestSupport
import Testing

/// Plans, reminders and `album due` on both stores (issue 16: "the same commands and JSON").
extension LibraryStoresWorkerTests {
    static let now = ["ALBUM_NOW": "2026-06-01T12:00:00Z", "TZ": "Europe/Berlin"]

    @Test(arguments: StoreKind.all)
    func plansAreSetListedRemovedAndMarkedVisitedByAnImport(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        let env = Self.now
        for (lat, lon, title) in [("48.8584", "2.2945", "Eiffel Tower"), ("48.8606", "2.3376", "Louvre"), ("35.0116", "135.7681", "Kyoto")] {
            _ = try await lib.json(["pin", "add", "--lat", lat, "--lon", lon, "--title", title])
        }
        let set = try #require(try await lib.json(["plan", "1", "--from", "2024-06-14", "--to", "2024-06-15"], environment: env) as? [String: Any])
        #expect(set["status"] as? String == "planned" && set["from"] as? String == "2024-06-14", "\(set)")
        _ = try await lib.json(["plan", "2", "--on", "2025-01-01", "--note", "museum"], environment: env)
        _ = try await lib.json(["plan", "3", "--on", "2026-06-03"], environment: env)
        let listed = try #require(try await lib.json(["plans"], environment: env) as? [[String: Any]])
        #expect(listed.map { $0["pinId"] as? Int } == [1, 2, 3])
        #expect(listed[1]["note"] as? String == "museum")
        #expect(listed[2]["daysFromNow"] as? Int == 2 && listed[2]["forecast"] as? String == "2 days from now", "\(listed[2])")
        #expect(try await lib.run(["plans"], environment: env).stdout.contains("2 days from now"))

        // An import of photos taken at pin 1 within its dates marks it visited; pin 2's dates do not match.
        let photos = folder.child("plan-photos-\(store)")
        try GeoPhoto(latitude: 48.8585, longitude: 2.2946, takenAt: "2024:06:14 09:00:00", offset: "+02:00", tag: "a")
            .write(to: photos.appendingPathComponent("a.jpg"))
        try GeoPhoto(latitude: 48.8607, longitude: 2.3377, takenAt: "2024:06:14 11:00:00", offset: "+02:00", tag: "b")
            .write(to: photos.appendingPathComponent("b.jpg"))
        let imported = try await lib.run(["import", photos.path, "--radius-km", "0.5"], environment: env)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("visited  pin 1 Eiffel Tower (planned 2024-06-14 – 2024-06-15) marked visited"), "\(imported.stdout)")
        let after = try #require(try await lib.json(["plans"], environment: env) as? [[String: Any]])
        #expect(after.map { $0["status"] as? String } == ["visited", "planned", "planned"], "\(after)")
        #expect(after[0]["visitedBy"] as? String == "import" && after[0]["ownPhotos"] as? Int == 1, "\(after[0])")

        #expect(try await lib.run(["plan", "rm", "2"]).stdout == "removed the plan of pin 2\n")
        #expect(try #require(try await lib.json(["plans", "--upcoming"], environment: env) as? [[String: Any]]).map { $0["pinId"] as? Int } == [3])
        // Bad input: one line naming it, nothing stored.
        for (arguments, named) in [(["plan", "9", "--on", "2026-05-01"], "no pin with id 9"), (["plan", "rm", "2"], "pin 2 has no plan")] {
            let run = try await lib.run(arguments, environment: env)
            #expect(run.status != 0 && run.stderr.hasPrefix("album: error: ") && run.stderr.contains(named), "\(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1)
        }
        #expect((try await lib.json(["plans"], environment: env) as? [Any])?.count == 2)
    }

    @Test(arguments: StoreKind.all)
    func remindersAreAddedListedSnoozedDoneAndRemoved(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        let env = Self.now
        _ = try await lib.json(["pin", "add", "--lat", "35.0116", "--lon", "135.7681", "--title", "Kyoto"])
        let pinned = try #require(try await lib.json(["remind", "add", "1", "--daily", "09:00"], environment: env) as? [String: Any])
        #expect(pinned["zone"] as? String == "Asia/Tokyo" && pinned["zoneSource"] as? String == "pin", "\(pinned)")
        #expect(pinned["pinTitle"] as? String == "Kyoto")
        let text = try #require(try await lib.json(["remind", "add", "--text", "call", "--in", "2h"], environment: env) as? [String: Any])
        let textId = try #require(text["id"] as? Int)
        #expect(text["nextAt"] as? String == "2026-06-01T16:00:00+02:00", "\(text)")
        let listed = try #require(try await lib.json(["remind", "list"], environment: env) as? [[String: Any]])
        #expect(listed.map { $0["id"] as? Int } == [textId, 1], "next due first: \(listed)")

        let snoozed = try #require(try await lib.json(["remind", "snooze", "1", "--for", "10m"], environment: env) as? [String: Any])
        #expect(snoozed["snoozedUntil"] as? String != nil && snoozed["nextAt"] as? String == "2026-06-01T21:10:00+09:00", "\(snoozed)")
        let done = try #require(try await lib.json(["remind", "done", "\(textId)"], environment: env) as? [String: Any])
        #expect(done["state"] as? String == "done" && done["nextAt"] is NSNull, "\(done)")
        #expect(try await lib.run(["remind", "rm", "1"]).stdout == "removed reminder 1\n")
        #expect((try await lib.json(["remind", "list"], environment: env) as? [[String: Any]])?.map { $0["id"] as? Int } == [textId])
        for (arguments, named) in [
            (["remind", "add", "7", "--in", "1h"], "no pin with id 7"), (["remind", "done", "99"], "99"),
            (["remind", "add", "--text", "x", "--at", "2026-05-01 10:00"], "already passed"),
        ] {
            let run = try await lib.run(arguments, environment: env)
            #expect(run.status != 0 && run.stderr.hasPrefix("album: error: ") && run.stderr.contains(named), "\(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1)
        }
        #expect((try await lib.json(["remind", "list"], environment: env) as? [Any])?.count == 1)
    }

    @Test(arguments: StoreKind.all)
    func twoConcurrentDueRunsDeliverEachReminderOnce(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        let count = 20
        for i in 1...count {
            _ = try await lib.json(["remind", "add", "--text", "r\(i)", "--at", "2026-06-01 10:00", "--zone", "UTC", "--allow-past"],
                                   environment: ["ALBUM_NOW": "2026-06-01T12:00:00Z"])
        }
        for extra in [[], ["--exec", "cat >/dev/null"]] {
            if !extra.isEmpty {  // due again
                for id in 1...count { _ = try await lib.json(["remind", "snooze", "\(id)", "--for", "1m"], environment: ["ALBUM_NOW": "2026-06-01T12:00:00Z"]) }
            }
            let runs = try (0..<2).map { _ in try lib.start(["due", "--json"] + extra, environment: ["ALBUM_NOW": "2026-06-01T12:05:00Z"]) }
            var ids: [Int] = []
            for run in runs {
                let (process, out, _) = run
                let data = try await StoreLibrary.offPool {
                    let data = out.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    return data
                }
                #expect(process.terminationStatus == 0)
                ids += try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]]).compactMap { $0["id"] as? Int }
            }
            #expect(ids.sorted() == Array(1...count), "each delivered once across two runs \(extra)")
        }
        let listed = try #require(try await lib.json(["remind", "list"]) as? [[String: Any]])
        #expect(listed.count == count && listed.allSatisfy { $0["deliveries"] as? Int == 2 }, "printed once, run once: \(listed)")
        // Nothing is due any more: a third run delivers nothing.
        #expect(try await lib.run(["due"], environment: ["ALBUM_NOW": "2026-06-01T12:06:00Z"]).stdout == "")
    }

    @Test(arguments: StoreKind.all)
    func aFailedCommandOrAKilledDueRunLosesNothing(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        let at = ["ALBUM_NOW": "2026-06-01T12:05:00Z"]
        _ = try await lib.json(["remind", "add", "--text", "water", "--at", "2026-06-01 12:00", "--zone", "UTC", "--allow-past"], environment: at)
        // A command that fails gives the reminder back, still due, with why.
        let failed = try await lib.run(["due", "--exec", "exit 3"], environment: at)
        #expect(failed.status != 0 && failed.stderr.contains("1 reminder not delivered (still due)"), "\(failed.stderr)")
        let kept = try #require(try await lib.json(["remind", "list"], environment: at) as? [[String: Any]])
        #expect(kept.first?["state"] as? String == "active" && kept.first?["deliveries"] as? Int == 0, "\(kept)")
        #expect((kept.first?["lastError"] as? String)?.contains("exit status 3") == true, "\(kept)")
        // A run killed while its command runs: the reminder comes back.
        let started = folder.child("due-started-\(store)")
        let doomed = try lib.start(["due", "--exec", "touch \(started.path); sleep 5"], environment: at)
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: started.path) && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        try #require(FileManager.default.fileExists(atPath: started.path), "the command never ran")
        kill(doomed.0.processIdentifier, SIGKILL)
        _ = try await StoreLibrary.wait(doomed)
        // Held by a run that is gone: SQLite sees its process dead, PostgreSQL its lease (2 s) run out.
        if store == .postgres { try await Task.sleep(for: .seconds(3)) }
        let delivered = try #require(try await lib.json(["due"], environment: at) as? [[String: Any]])
        #expect(delivered.map { $0["text"] as? String } == ["water"], "\(delivered)")
        let listed = try #require(try await lib.json(["remind", "list"], environment: at) as? [[String: Any]])
        #expect(listed.first?["deliveries"] as? Int == 1 && listed.first?["state"] as? String == "done", "\(listed)")
    }

    @Test(arguments: StoreKind.all)
    func aReminderHeldByALiveRunIsNotTakenOverWhileItsCommandOutlastsTheLease(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        let at = ["ALBUM_NOW": "2026-06-01T12:05:00Z"]
        _ = try await lib.json(["remind", "add", "--text", "slow", "--at", "2026-06-01 12:00", "--zone", "UTC", "--allow-past"], environment: at)
        let started = folder.child("slow-started-\(store)")
        let slow = try lib.start(["due", "--exec", "touch \(started.path); sleep 5", "--json"], environment: at)
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: started.path) && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        try #require(FileManager.default.fileExists(atPath: started.path), "the command never ran")
        // Past the 2 s lease: renewed while the command runs, so another run finds nothing due.
        try await Task.sleep(for: .seconds(3))
        #expect((try await lib.json(["due"], environment: at) as? [Any])?.isEmpty == true)
        #expect(try await StoreLibrary.wait(slow) == 0)
        let listed = try #require(try await lib.json(["remind", "list"], environment: at) as? [[String: Any]])
        #expect(listed.first?["deliveries"] as? Int == 1, "\(listed)")
    }
}
