import AlbumModel
import AlbumStore
import Foundation
import Testing
import TestSupport

/// `album remind` and `album due` through the built binary, with the clock set by `ALBUM_NOW`.
@Suite struct RemindCommandTests {
    let folder = TemporaryFolder("remind-cli")
    var library: String { folder.child("lib").path }

    func album(_ arguments: [String], now: String? = nil, environment: [String: String] = [:]) throws -> AlbumRun {
        var env = environment
        if let now { env["ALBUM_NOW"] = now }
        return try AlbumProcess.run(arguments + ["--library", library], environment: env)
    }

    func reminders() throws -> [[String: Any]] {
        try #require(try album(["remind", "list", "--json"]).json() as? [[String: Any]])
    }

    /// Adds `count` text reminders already due at 2026-06-01T12:00Z.
    func addDue(_ count: Int) throws {
        for i in 1...count {
            let run = try album(["remind", "add", "--text", "r\(i)", "--at", "2026-06-01 10:00", "--zone", "UTC", "--allow-past"],
                                now: "2026-06-01T12:00:00Z")
            #expect(run.status == 0, "\(run.stderr)")
        }
    }

    @Test func aPinsReminderIsInThePinsZoneUnlessAZoneIsGiven() throws {
        let pin = try album(["pin", "add", "--lat", "35.0116", "--lon", "135.7681", "--title", "Kyoto"])
        #expect(pin.status == 0, "\(pin.stderr)")
        let added = try album(["remind", "add", "1", "--at", "2026-06-02 09:00", "--json"],
                              now: "2026-06-01T12:00:00Z", environment: ["TZ": "Europe/Berlin"])
        #expect(added.status == 0, "\(added.stderr)")
        let r = try #require(try added.json() as? [String: Any])
        #expect(r["zone"] as? String == "Asia/Tokyo")
        #expect(r["zoneSource"] as? String == "pin")
        #expect(r["nextAt"] as? String == "2026-06-02T09:00:00+09:00")  // 09:00 in Kyoto, not in Berlin
        let given = try #require(try album(["remind", "add", "1", "--at", "2026-06-02 09:00", "--zone", "Europe/Berlin", "--json"],
                                           now: "2026-06-01T12:00:00Z").json() as? [String: Any])
        #expect(given["zone"] as? String == "Europe/Berlin" && given["zoneSource"] as? String == "option")
        let plan = try album(["plan", "1", "--on", "2026-07-01", "--json"], now: "2026-06-01T12:00:00Z")
        #expect(plan.status == 0, "\(plan.stderr)")
        let place = try #require((try plan.json() as? [String: Any])?["place"] as? [String: Any])
        #expect(place["countryCode"] as? String == "JP")
    }

    @Test func inOneMinuteIsDeliveredOnceAMinuteLater() throws {
        let pin = try album(["pin", "add", "--lat", "48.8584", "--lon", "2.2945", "--title", "Eiffel Tower"])
        #expect(pin.status == 0, "\(pin.stderr)")
        let added = try album(["remind", "add", "1", "--in", "1m", "--zone", "Europe/Paris"], now: "2026-06-01T12:00:00Z")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("next 2026-06-01 14:01 (in 1 minute)"), "\(added.stdout)")
        #expect(try album(["due"], now: "2026-06-01T12:00:59Z").stdout.isEmpty)
        let due = try album(["due"], now: "2026-06-01T12:01:00Z")
        #expect(due.status == 0, "\(due.stderr)")
        #expect(due.stdout == "reminder 1  due 2026-06-01 14:01 Europe/Paris  pin 1 Eiffel Tower\n")
        let again = try album(["due", "--json"], now: "2026-06-01T12:02:00Z")
        #expect(again.status == 0)
        #expect((try again.json() as? [Any])?.isEmpty == true)
        let listed = try #require(try reminders().first)
        #expect(listed["state"] as? String == "done")
        #expect(listed["deliveries"] as? Int == 1)
        #expect(listed["nextAt"] is NSNull)
    }

    @Test func dailyReminderJSONAndLateDelivery() throws {
        let added = try album(["remind", "add", "--text", "Water the plants", "--daily", "09:00", "--zone", "Australia/Sydney", "--json"],
                              now: "2026-04-03T00:00:00Z")
        #expect(added.status == 0, "\(added.stderr)")
        let r = try #require(try added.json() as? [String: Any])
        #expect(r["nextAt"] as? String == "2026-04-04T09:00:00+11:00")
        #expect(r["kind"] as? String == "daily")
        #expect(r["zoneSource"] as? String == "option")
        #expect(r["pinId"] is NSNull)
        // The machine was off from the 4th to the 7th: one late delivery, the rule resumes.
        let due = try album(["due", "--json"], now: "2026-04-07T01:00:00Z")
        let deliveries = try #require(try due.json() as? [[String: Any]])
        #expect(deliveries.count == 1)
        let d = try #require(deliveries.first)
        #expect(d["late"] as? Bool == true)
        #expect(d["missed"] as? Int == 3)
        #expect(d["dueAt"] as? String == "2026-04-04T09:00:00+11:00")
        #expect(d["nextAt"] as? String == "2026-04-08T09:00:00+10:00")  // after the change to AEST
        #expect(try album(["due"], now: "2026-04-07T01:05:00Z").stdout.isEmpty)
    }

    @Test func snoozeDoneAndRemove() throws {
        try addDue(1)
        #expect(try album(["due"], now: "2026-06-01T12:00:00Z").stdout.contains("r1"))
        let snoozed = try album(["remind", "snooze", "1", "--for", "10m", "--json"], now: "2026-06-01T12:01:00Z")
        #expect(snoozed.status == 0, "\(snoozed.stderr)")
        #expect((try snoozed.json() as? [String: Any])?["nextAt"] as? String == "2026-06-01T12:11:00+00:00")
        #expect(try album(["due"], now: "2026-06-01T12:10:00Z").stdout.isEmpty)
        #expect(try album(["due"], now: "2026-06-01T12:11:00Z").stdout.contains("(snoozed)"))
        #expect(try album(["remind", "snooze", "1", "--for", "1h"], now: "2026-06-01T12:12:00Z").status == 0)
        #expect(try album(["remind", "done", "1"], now: "2026-06-01T12:13:00Z").status == 0)
        #expect(try album(["due"], now: "2026-06-01T14:00:00Z").stdout.isEmpty)  // done: the snooze is gone too
        #expect(try album(["remind", "rm", "1"]).status == 0)
        #expect(try reminders().isEmpty)
    }

    @Test(arguments: [
        (["remind", "add", "--text", "x", "--at", "tomorrow 9"], "tomorrow 9"),
        (["remind", "add", "--text", "x", "--at", "2026-02-30 09:00"], "2026-02-30"),
        (["remind", "add", "--text", "x", "--at", "2026-05-01 09:00", "--zone", "UTC"], "has already passed"),
        (["remind", "add", "--text", "x", "--daily", "25:00"], "25:00"),
        (["remind", "add", "--text", "x", "--weekly", "someday", "09:00"], "someday"),
        (["remind", "add", "--text", "x", "--daily", "09:00", "--zone", "Mars/Olympus"], "Mars/Olympus"),
        (["remind", "add", "--text", "x", "--in", "0"], "--in \"0\""),
        (["remind", "add", "--text", "x", "--in", "2h", "--daily", "09:00"], "exactly one"),
        (["remind", "add", "--in", "2h"], "PIN or --text"),
        (["remind", "add", "7", "--in", "2h"], "no pin with id 7"),
        (["remind", "snooze", "1", "--for", "0"], "--for \"0\""),
        (["remind", "snooze", "9", "--for", "10m"], "no reminder with id 9"),
        (["remind", "done", "9"], "no reminder with id 9"),
        (["remind", "rm", "9"], "no reminder with id 9"),
    ])
    func badInputIsOneLineNamingItAndStoresNothing(arguments: [String], named: String) throws {
        let run = try album(arguments, now: "2026-06-01T12:00:00Z")
        #expect(run.status != 0)
        #expect(run.stderr.hasPrefix("album: error: "), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stderr.contains(named), "\(run.stderr)")
        #expect(try reminders().isEmpty)
    }

    @Test func twoConcurrentDueRunsDeliverEachReminderOnce() async throws {
        let count = 30
        try addDue(count)
        for extra in [[], ["--exec", "cat >/dev/null"]] {
            if !extra.isEmpty {  // make them due again
                for id in 1...count { _ = try album(["remind", "snooze", "\(id)", "--for", "1m"], now: "2026-06-01T12:00:00Z") }
            }
            let runs = try (0..<3).map { _ in
                try AlbumProcess.start(["due", "--json", "--library", library] + extra, environment: ["ALBUM_NOW": "2026-06-01T12:05:00Z"])
            }
            var ids: [Int] = []
            for (process, out, _) in runs {
                let data = out.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                #expect(process.terminationStatus == 0)
                let list = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
                ids += list.compactMap { $0["id"] as? Int }
            }
            #expect(ids.sorted() == Array(1...count), "each delivered once across three runs \(extra)")
        }
        let db = try AlbumDatabase(path: folder.child("lib/album.sqlite").path)
        let counts = try await db.store.deliveryCounts()
        #expect(counts.count == count)
        #expect(counts.values.allSatisfy { $0 == 2 })  // once printed, once by --exec
        #expect(try db.integrityCheck() == "ok")
    }

    @Test func execGetsTheReminderAndAFailureKeepsItDue() throws {
        try addDue(1)
        let failed = try album(["due", "--exec", "exit 3"], now: "2026-06-01T12:00:00Z")
        #expect(failed.status != 0)
        #expect(failed.stdout.isEmpty)
        #expect(failed.stderr.contains("reminder 1 stays due: --exec exit 3: exit status 3"), "\(failed.stderr)")
        let listed = try #require(try reminders().first)
        #expect(listed["state"] as? String == "active")
        #expect((listed["lastError"] as? String)?.contains("exit status 3") == true)

        let payload = folder.child("payload.json"), env = folder.child("env.txt")
        let ok = try album(["due", "--exec", "cat > '\(payload.path)'; env > '\(env.path)'"], now: "2026-06-01T12:01:00Z")
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout.contains("reminder 1  due 2026-06-01 10:00 UTC  r1  (late by 2 hours 1 minute)"), "\(ok.stdout)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: payload)) as? [String: Any])
        #expect(json["id"] as? Int == 1)
        #expect(json["message"] as? String == "r1")
        #expect(json["late"] as? Bool == true)
        let variables = try String(contentsOf: env, encoding: .utf8)
        #expect(variables.contains("ALBUM_REMINDER_TEXT=r1"))
        #expect(variables.contains("ALBUM_REMINDER_DUE=2026-06-01T10:00:00+00:00"))
        #expect(variables.contains("ALBUM_DELIVERY_ID=1-\(1_780_308_000)"))
        #expect(try album(["due", "--exec", "exit 3"], now: "2026-06-01T12:02:00Z").status == 0)  // nothing left to run
        #expect(try reminders().first?["lastError"] is NSNull)
    }

    @Test func aKilledExecRunLosesNothing() async throws {
        try addDue(1)
        let started = folder.child("started")
        let (process, _, _) = try AlbumProcess.start(
            ["due", "--library", library, "--exec", "echo $ALBUM_DELIVERY_ID > '\(started.path)'; exec sleep 20"],
            environment: ["ALBUM_NOW": "2026-06-01T12:00:00Z"])
        var waited = 0
        while !FileManager.default.fileExists(atPath: started.path) && waited < 600 {
            usleep(50_000)
            waited += 1
        }
        #expect(FileManager.default.fileExists(atPath: started.path))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        // Held by a dead run: the next run delivers it (again to --exec: at-least-once), once.
        let next = try album(["due", "--exec", "true"], now: "2026-06-01T12:01:00Z")
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stdout.contains("reminder 1"))
        #expect(try album(["due"], now: "2026-06-01T12:02:00Z").stdout.isEmpty)
        let db = try AlbumDatabase(path: folder.child("lib/album.sqlite").path)
        #expect(try await db.store.deliveryCounts() == [1: 1])
        #expect(try db.integrityCheck() == "ok")
    }

    @Test func runsKilledAtRandomMomentsNeverMarkAReminderTwice() async throws {
        let count = 40
        try addDue(count)
        // Kill runs at staggered moments (before, during and after their transaction), then let
        // one finish: every reminder is delivered exactly once in the library.
        for delay in stride(from: 0, to: 60_000, by: 6_000) {
            let (process, _, _) = try AlbumProcess.start(["due", "--library", library], environment: ["ALBUM_NOW": "2026-06-01T12:05:00Z"])
            usleep(useconds_t(delay))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        #expect(try album(["due"], now: "2026-06-01T12:06:00Z").status == 0)
        let db = try AlbumDatabase(path: folder.child("lib/album.sqlite").path)
        let counts = try await db.store.deliveryCounts()
        #expect(counts.count == count)
        #expect(counts.values.allSatisfy { $0 == 1 })
        #expect(try db.integrityCheck() == "ok")
    }

    @Test func notifyWithoutNotifySendSaysSoAndDeliversNothing() throws {
        try addDue(1)
        let empty = folder.child("empty-bin")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let run = try album(["due", "--notify"], now: "2026-06-01T12:00:00Z", environment: ["PATH": empty.path])
        #expect(run.status != 0)
        #expect(run.stderr == "album: error: --notify needs notify-send, which is not on PATH (Debian: apt-get install libnotify-bin); nothing was delivered\n")
        #expect(try reminders().first?["state"] as? String == "active")

        // A notify-send on PATH (a script standing in for libnotify's) gets the reminder.
        let bin = folder.child("bin"), args = folder.child("args.txt")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(args.path)'\n".write(to: bin.appendingPathComponent("notify-send"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.appendingPathComponent("notify-send").path)
        let ok = try album(["due", "--notify"], now: "2026-06-01T12:00:00Z", environment: ["PATH": "\(bin.path):/usr/bin:/bin"])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(try String(contentsOf: args, encoding: .utf8).contains("Reminder: r1"))
        #expect(try reminders().first?["state"] as? String == "done")
    }

    @Test func installTimerPrintsUnitsAndACrontabLineAndWritesNothing() throws {
        let run = try album(["due", "--install-timer", "--notify"])
        #expect(run.status == 0, "\(run.stderr)")
        for line in ["[Timer]", "OnCalendar=*-*-* *:*:00", "Persistent=true", "WantedBy=timers.target", "Type=oneshot",
                     "due --library \(library) --notify", "* * * * * "] {
            #expect(run.stdout.contains(line), "\(line)")
        }
        #expect(!FileManager.default.fileExists(atPath: library))
    }

    /// A shared library's password stays off the command line (`ps` shows it to every user) and
    /// out of the unit: it goes in a private environment file. Parsing the URL needs no server.
    @Test func installTimerKeepsADatabasePasswordOffTheCommandLine() throws {
        let url = "postgres://me:s3cret@db.example/album?files=/srv/album"
        let run = try AlbumProcess.run(["due", "--install-timer", "--library", url])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("s3cret") } == ["ALBUM_DATABASE_URL='\(url)'"], "\(run.stdout)")
        #expect(lines.contains("EnvironmentFile=%h/.config/album-due.env"))
        let exec = try #require(lines.first { $0.hasPrefix("ExecStart=") })
        #expect(exec.hasSuffix(" due") && !exec.contains("--library"), "\(exec)")
        #expect(lines.contains { $0.hasPrefix("* * * * * set -a && . \"$HOME/.config/album-due.env\" && ") && $0.hasSuffix(">>/srv/album/due.log 2>&1") })
        // Without a password the URL stays on the command line, as a folder does.
        let plain = try AlbumProcess.run(["due", "--install-timer", "--library", "postgres://me@db.example/album", "--files", "/srv/album"])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.contains("due --library postgres://me@db.example/album --files /srv/album"), "\(plain.stdout)")
        #expect(!plain.stdout.contains("EnvironmentFile"))
    }
}
