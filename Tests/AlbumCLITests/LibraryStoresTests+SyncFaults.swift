import Foundation
import Synchronization
import TestSupport
import Testing

/// The sync fault run of issue 25 ("Bad input and faults"), on both server stores: a laptop
/// library syncs through a proxy on loopback that resets connections at random (`ResettingProxy`)
/// while its server is killed and restarted ten times — five times at the worst moment (a change
/// committed, its idempotent answer not yet kept: `serve --exit-before-answer`), five times by
/// SIGKILL as a request reaches it. Afterwards both sides hold the same set of every kind: 0 lost,
/// 0 doubled. What goes over the wire: pins made, edited and removed on the laptop, with notes,
/// reminders, pin tags and plans made beside them (decision 0110); pins, notes and reminders made
/// on the server (another device); the laptop's runs are `album sync` processes, as cron would run them.
extension LibraryStoresSyncTests {
    @Test(arguments: StoreKind.all)
    func syncLosesAndDoublesNothingThroughKillsAndResets(_ store: StoreKind) async throws {
        let server = try StoreLibrary(store, folder: folder)
        #expect(try await server.run(["user", "add", "ann@example.org"], input: "correct horse\n").status == 0)
        let laptop = try StoreLibrary(.sqlite, folder: folder)
        let home = folder.child("home-\(UUID().uuidString.prefix(6))")

        // The server's process and where the proxy kills it (the request number), read by the proxy's threads.
        let serverPid = Mutex<pid_t>(0), killAt = Mutex<Int?>(nil)
        let proxy = try ResettingProxy(resetChance: 0.05, seed: store == .sqlite ? 25 : 52) { number in
            let due = killAt.withLock { at -> Bool in
                guard let due = at, number >= due else { return false }
                at = nil
                return true
            }
            if due { kill(serverPid.withLock { $0 }, SIGKILL) }
        }
        defer { proxy.stop() }
        var kills = 0
        /// Restart `i`: odd ones die before keeping an answer (after 1-3 changes), even ones by SIGKILL
        /// as the proxy hands them a request (3-7 requests on); from the tenth on, no fault.
        func startServer(_ i: Int) async throws -> (Process, UInt16, (Process, Pipe, Pipe)) {
            var arguments = ["serve", "--port", "0", "--json", "--claim-seconds", "1"]
            if i < 10 && i % 2 == 1 { arguments += ["--exit-before-answer", "\(1 + i % 3)"] }
            let started = try await serveWithUsers(server, started: try server.start(arguments))
            serverPid.withLock { $0 = started.0.processIdentifier }
            proxy.setTarget(started.1)
            killAt.withLock { $0 = i < 10 && i % 2 == 0 ? proxy.requests + 3 + i % 5 : nil }
            return started
        }
        var (process, port, serve) = try await startServer(0)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        // Another device's pins, notes and reminders, on the server before the run.
        let token = try #require(try await Self.login(port, "ann@example.org", "correct horse")["token"] as? String)
        var expectedNotes = Set<String>(), expectedReminders = Set<String>()
        for i in 0..<5 {
            let made = try await Self.call(port, "POST", "/api/pins", json: ["latitude": 10.0 + Double(i), "longitude": 20.0, "title": "server-\(i)", "fetch": false],
                                           headers: ["Authorization": "Bearer \(token)"])
            #expect(made.status == 201, "\(made.text)")
        }
        for i in 0..<2 {
            let note = try await Self.call(port, "POST", "/api/entries", json: ["kind": "note", "text": "server-note-\(i)", "latitude": 10.5, "longitude": 20.0],
                                           headers: ["Authorization": "Bearer \(token)"])
            let reminder = try await Self.call(port, "POST", "/api/reminders", json: ["kind": "daily", "time": "07:0\(i)", "text": "server-remind-\(i)", "zone": "UTC"],
                                               headers: ["Authorization": "Bearer \(token)"])
            #expect(note.status == 201 && reminder.status == 201, "\(note.text) \(reminder.text)")
            expectedNotes.insert("server-note-\(i)")
            expectedReminders.insert("server-remind-\(i)")
        }
        // The laptop's: pins (every other one with a tag and a plan), notes and reminders, and
        // more whenever a run finished before the server died.
        var expected = Set((0..<5).map { "server-\($0)" })
        var expectedTags: [String: String] = [:], expectedPlans: [String: String] = [:]  // by pin title
        var made = 0
        func addPins(_ count: Int) async throws {
            for _ in 0..<count {
                let title = "laptop-\(made)"
                let pin = try #require((try await laptop.json(["pin", "add", "--lat", "\(40 + Double(made) / 100)", "--lon", "12", "--title", title]) as? [String: Any])?["id"] as? Int)
                expected.insert(title)
                if made % 2 == 0 {
                    _ = try await laptop.json(["tag", "add", "pin:\(pin)", "tag-\(made)"])
                    _ = try await laptop.json(["plan", "set", "\(pin)", "--note", "plan-\(made)"])
                    (expectedTags[title], expectedPlans[title]) = ("tag-\(made)", "plan-\(made)")
                } else {
                    _ = try await laptop.json(["note", "add", "note-\(made)", "--lat", "41", "--lon", "12"])
                    _ = try await laptop.json(["remind", "add", "--text", "remind-\(made)", "--daily", "09:00", "--zone", "UTC"])
                    expectedNotes.insert("note-\(made)")
                    expectedReminders.insert("remind-\(made)")
                }
                made += 1
            }
        }
        try await addPins(12)

        var runs = 0, settled = false, edits = 0, last = ""
        while !settled {
            runs += 1
            try #require(runs <= 80, "converged within 80 runs (kills \(kills), resets \(proxy.resets)); the last: \(last)")
            let run = try await laptop.run(["sync", "--server", "http://127.0.0.1:\(proxy.port)", "--user", "ann@example.org", "--retries", "2"],
                                           environment: ["XDG_CONFIG_HOME": home.path], input: "correct horse\n")
            last = "\(run.status) \(run.stdout) \(run.stderr)"
            if !process.isRunning {
                _ = try await StoreLibrary.wait(serve)
                kills += 1
                (process, port, serve) = try await startServer(kills)
                if kills == 10 { proxy.setResetChance(0) }  // afterwards: the two sides settle
                continue
            }
            let quiet = run.status == 0 && run.stdout.contains(" 0 waiting")
            if kills >= 10 {
                settled = quiet && run.stdout.contains("sent 0, applied 0")
            } else if quiet {
                // The run ended before the server died: more to send (a new pin, an edit, a removal).
                try await addPins(3)
                let pins = try #require(try await laptop.json(["pin", "list"]) as? [[String: Any]])
                if let pin = pins.first(where: { ($0["title"] as? String)?.hasPrefix("laptop-") == true }), let id = pin["id"] as? Int,
                   let title = pin["title"] as? String {
                    if edits % 2 == 0 {
                        _ = try await laptop.json(["pin", "edit", "\(id)", "--title", "edited-\(edits)"])
                        expected.remove(title)
                        expected.insert("edited-\(edits)")
                        expectedTags["edited-\(edits)"] = expectedTags.removeValue(forKey: title)
                        expectedPlans["edited-\(edits)"] = expectedPlans.removeValue(forKey: title)
                    } else {
                        _ = try await laptop.json(["pin", "rm", "\(id)"])
                        expected.remove(title)
                        (expectedTags[title], expectedPlans[title]) = (nil, nil)
                    }
                    edits += 1
                }
            }
        }
        #expect(kills == 10 && proxy.resets > 0, "kills \(kills), resets \(proxy.resets)")

        // Both sides: the same set, each once.
        let onServer = try await Self.call(port, "GET", "/api/pins", headers: [
            "Authorization": "Bearer \(try await Self.login(port, "ann@example.org", "correct horse")["token"] as? String ?? "")"])
        let serverPins = try #require(try onServer.json() as? [[String: Any]])
        let serverTitles = serverPins.compactMap { $0["title"] as? String }
        let laptopTitles = try #require(try await laptop.json(["pin", "list"]) as? [[String: Any]]).compactMap { $0["title"] as? String }
        // Every other kind, by its text on each side: notes, reminders, pin tags, "title=plan note".
        let auth = ["Authorization": "Bearer \(try await Self.login(port, "ann@example.org", "correct horse")["token"] as? String ?? "")"]
        var serverTags: [String] = [], serverPlans: [String] = []
        for pin in serverPins {
            guard let id = pin["id"] as? Int, let title = pin["title"] as? String else { continue }
            serverTags += (try await Self.call(port, "GET", "/api/pins/\(id)/tags", headers: auth).json() as? [String: Any])?["tags"] as? [String] ?? []
            let plan = try await Self.call(port, "GET", "/api/pins/\(id)/plan", headers: auth)
            if plan.status == 200, let note = (try plan.json() as? [String: Any])?["note"] as? String { serverPlans.append("\(title)=\(note)") }
        }
        let serverNotes = ((try await Self.call(port, "GET", "/api/entries?type=note&pageSize=1000", headers: auth).json() as? [String: Any])?["entries"] as? [[String: Any]] ?? [])
            .compactMap { $0["text"] as? String }
        let serverReminders = (try await Self.call(port, "GET", "/api/reminders", headers: auth).json() as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        let laptopTags = (try await laptop.json(["tags"]) as? [[String: Any]] ?? []).filter { ($0["pins"] as? Int ?? 0) > 0 }.compactMap { $0["tag"] as? String }
        var laptopPlans: [String] = []
        for plan in try #require(try await laptop.json(["plans"]) as? [[String: Any]]) {
            if let title = plan["title"] as? String, let note = plan["note"] as? String { laptopPlans.append("\(title)=\(note)") }
        }
        let laptopNotes = ((try await laptop.json(["entries", "--kind", "note"]) as? [String: Any])?["entries"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        let laptopReminders = (try await laptop.json(["remind", "list"]) as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        let tagsWanted = Set(expectedTags.values), plansWanted = Set(expectedPlans.map { "\($0.key)=\($0.value)" })
        for (side, kind, found, wanted) in [
            ("server", "pins", serverTitles, expected), ("laptop", "pins", laptopTitles, expected),
            ("server", "notes", serverNotes, expectedNotes), ("laptop", "notes", laptopNotes, expectedNotes),
            ("server", "reminders", serverReminders, expectedReminders), ("laptop", "reminders", laptopReminders, expectedReminders),
            ("server", "pin tags", serverTags, tagsWanted), ("laptop", "pin tags", laptopTags, tagsWanted),
            ("server", "plans", serverPlans, plansWanted), ("laptop", "plans", laptopPlans, plansWanted),
        ] {
            let lost = wanted.subtracting(found), extra = Set(found).subtracting(wanted)
            let doubled = Dictionary(grouping: found, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
            #expect(lost.isEmpty && extra.isEmpty && doubled.isEmpty,
                    "\(side) \(kind): lost \(lost.sorted()), not expected \(extra.sorted()), doubled \(doubled) (\(runs) runs, \(proxy.resets) resets)")
        }
        kill(process.processIdentifier, SIGTERM)
        _ = try await StoreLibrary.wait(serve)
    }
}
