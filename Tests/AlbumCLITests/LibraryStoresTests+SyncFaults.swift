import Foundation
import Synchronization
import TestSupport
import Testing

/// The sync fault run of issue 25 ("Bad input and faults"), on both server stores: a laptop
/// library syncs through a proxy on loopback that resets connections at random (`ResettingProxy`)
/// while its server is killed and restarted ten times — five times at the worst moment (a change
/// committed, its idempotent answer not yet kept: `serve --exit-before-answer`), five times by
/// SIGKILL as a request reaches it. Afterwards both sides hold the same pins: 0 lost, 0 doubled.
/// What goes over the wire: pins made, edited and removed on the laptop, pins made on the server
/// (another device), notes; the laptop's runs are `album sync` processes, as cron would run them.
extension LibraryStoresTests {
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

        // Another device's pins, on the server before the run.
        let token = try #require(try await Self.login(port, "ann@example.org", "correct horse")["token"] as? String)
        for i in 0..<5 {
            let made = try await Self.call(port, "POST", "/api/pins", json: ["latitude": 10.0 + Double(i), "longitude": 20.0, "title": "server-\(i)", "fetch": false],
                                           headers: ["Authorization": "Bearer \(token)"])
            #expect(made.status == 201, "\(made.text)")
        }
        // The laptop's: pins, and more whenever a run finished before the server died.
        var expected = Set((0..<5).map { "server-\($0)" })
        var made = 0
        func addPins(_ count: Int) async throws {
            for _ in 0..<count {
                _ = try await laptop.json(["pin", "add", "--lat", "\(40 + Double(made) / 100)", "--lon", "12", "--title", "laptop-\(made)"])
                expected.insert("laptop-\(made)")
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
                    } else {
                        _ = try await laptop.json(["pin", "rm", "\(id)"])
                        expected.remove(title)
                    }
                    edits += 1
                }
            }
        }
        #expect(kills == 10 && proxy.resets > 0, "kills \(kills), resets \(proxy.resets)")

        // Both sides: the same set, each once.
        let onServer = try await Self.call(port, "GET", "/api/pins", headers: [
            "Authorization": "Bearer \(try await Self.login(port, "ann@example.org", "correct horse")["token"] as? String ?? "")"])
        let serverTitles = try #require(try onServer.json() as? [[String: Any]]).compactMap { $0["title"] as? String }
        let laptopTitles = try #require(try await laptop.json(["pin", "list"]) as? [[String: Any]]).compactMap { $0["title"] as? String }
        for (side, titles) in [("server", serverTitles), ("laptop", laptopTitles)] {
            let lost = expected.subtracting(titles), extra = Set(titles).subtracting(expected)
            let doubled = Dictionary(grouping: titles, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
            #expect(lost.isEmpty && extra.isEmpty && doubled.isEmpty,
                    "\(side): lost \(lost.sorted()), not expected \(extra.sorted()), doubled \(doubled) (\(runs) runs, \(proxy.resets) resets)")
        }
        kill(process.processIdentifier, SIGTERM)
        _ = try await StoreLibrary.wait(serve)
    }
}
