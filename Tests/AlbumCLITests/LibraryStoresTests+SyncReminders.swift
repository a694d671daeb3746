import Foundation
import TestSupport
import Testing

/// Decision 0110: reminders sync, each delivered by one library (the one that made it, until
/// `album remind deliver-here` moves it); done wins over a snooze, the latest snooze wins; a
/// removal reaches the other side; and plans' dates and visited marks taken off sync too.
extension LibraryStoresSyncTests {
    @Test(arguments: StoreKind.all)
    func remindersSyncAndOneLibraryDeliversEach(_ store: StoreKind) async throws {
        let server = try StoreLibrary(store, folder: folder)
        #expect(try await server.run(["user", "add", "ann@example.org"], input: "correct horse\n").status == 0)
        let serve = try server.start(["serve", "--port", "0", "--json"])
        let (process, port, _) = try await serveWithUsers(server, started: serve)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let url = "http://127.0.0.1:\(port)"
        let a = try StoreLibrary(.sqlite, folder: folder), b = try StoreLibrary(.sqlite, folder: folder)
        let homeA = folder.child("home-a-\(UUID().uuidString.prefix(6))"), homeB = folder.child("home-b-\(UUID().uuidString.prefix(6))")
        func sync(_ lib: StoreLibrary, _ home: URL) async throws -> AlbumRun {
            try await lib.run(["sync", "--server", url, "--user", "ann@example.org", "--retries", "2"],
                              environment: ["XDG_CONFIG_HOME": home.path], input: "correct horse\n")
        }
        func round(_ order: [(StoreLibrary, URL)]) async throws {
            for (lib, home) in order {
                let run = try await sync(lib, home)
                #expect(run.status == 0 && run.stdout.contains(" 0 waiting"), "\(run.stdout) \(run.stderr)")
            }
        }
        /// Each reminder by its message.
        func reminders(_ lib: StoreLibrary) async throws -> [String: [String: Any]] {
            let list = try #require(try await lib.json(["remind", "list"]) as? [[String: Any]])
            #expect(Set(list.compactMap { $0["message"] as? String }).count == list.count, "no reminder doubled: \(list)")
            return Dictionary(list.map { ($0["message"] as? String ?? "", $0) }, uniquingKeysWith: { x, _ in x })
        }
        func id(_ lib: StoreLibrary, _ message: String) async throws -> Int {
            try #require(try await reminders(lib)[message]?["id"] as? Int, "\(message) on \(lib.library)")
        }
        func delivered(_ lib: StoreLibrary, user: Bool = false) async throws -> [String] {
            let run = try await lib.run(["due", "--json"] + (user ? ["--user", "ann@example.org"] : []))
            #expect(run.status == 0, "\(run.stderr)")
            return (try run.json() as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        }

        // A: a pin with a reminder, a daily one, one already due; the web page: one on the server.
        let pin = try #require((try await a.json(["pin", "add", "--lat", "41.8902", "--lon", "12.4922", "--title", "Colosseum"]) as? [String: Any])?["id"] as? Int)
        _ = try await a.json(["remind", "add", "\(pin)", "--text", "Buy tickets", "--at", "2031-05-01 09:00", "--zone", "Europe/Rome"])
        _ = try await a.json(["remind", "add", "--text", "Water the plants", "--daily", "09:00", "--zone", "UTC"])
        _ = try await a.json(["remind", "add", "--text", "Call mum", "--at", "2020-01-01 09:00", "--zone", "UTC", "--allow-past"])
        let token = try #require(try await Self.login(port, "ann@example.org", "correct horse")["token"] as? String)
        let web = try await Self.call(port, "POST", "/api/reminders", json: ["kind": "weekly", "day": "monday", "time": "08:00", "text": "From the web", "zone": "UTC"],
                                      headers: ["Authorization": "Bearer \(token)"])
        #expect(web.status == 201, "\(web.text)")
        try await round([(a, homeA), (b, homeB), (a, homeA)])
        let messages: Set = ["Buy tickets", "Water the plants", "Call mum", "From the web"]
        for lib in [a, b] {
            let r = try await reminders(lib)
            #expect(Set(r.keys) == messages, "\(r.keys)")
            #expect(r["Buy tickets"]?["pinId"] as? Int != nil && r["Buy tickets"]?["zone"] as? String == "Europe/Rome"
                    && r["Buy tickets"]?["rule"] as? String == "2031-05-01 09:00", "\(r)")
            #expect(r["From the web"]?["deliveredBy"] as? String == "server", "\(r)")
        }
        let onA = try await reminders(a), onB = try await reminders(b)
        #expect(onA["Call mum"]?["deliveredBy"] is NSNull && onA["Water the plants"]?["deliveredBy"] is NSNull, "\(onA)")
        let deviceA = try #require(onB["Call mum"]?["deliveredBy"] as? String)
        #expect(deviceA != "server" && onB["Water the plants"]?["deliveredBy"] as? String == deviceA, "\(onB)")

        // Due everywhere, delivered by A alone: B and the server pass it by.
        #expect(try await delivered(b).isEmpty)
        #expect(try await delivered(server, user: true).isEmpty)
        #expect(try await delivered(a) == ["Call mum"])
        try await round([(a, homeA), (b, homeB)])
        #expect(try await reminders(b)["Call mum"]?["state"] as? String == "done")
        #expect(try await delivered(b).isEmpty)
        #expect(try await delivered(a).isEmpty, "a once reminder is delivered once")

        // B takes the daily one over: A stops delivering it.
        let plantsB = try await id(b, "Water the plants"), plantsA = try await id(a, "Water the plants")
        #expect(try await b.run(["remind", "deliver-here", "\(plantsB)"]).status == 0)
        try await round([(b, homeB), (a, homeA)])
        let moved = try await reminders(a)["Water the plants"]?["deliveredBy"] as? String
        #expect(moved != nil && moved != "server" && moved != deviceA, "\(String(describing: moved))")
        #expect(try await reminders(b)["Water the plants"]?["deliveredBy"] is NSNull)

        // Done wins over a snooze: A snoozes the daily one while B marks it done.
        #expect(try await a.run(["remind", "snooze", "\(plantsA)", "--for", "2h"]).status == 0)
        #expect(try await b.run(["remind", "done", "\(plantsB)"]).status == 0)
        try await round([(a, homeA), (b, homeB), (a, homeA)])
        for lib in [a, b] {
            let r = try await reminders(lib)["Water the plants"]
            #expect(r?["done"] as? Bool == true && r?["snoozedUntil"] is NSNull && r?["state"] as? String == "done", "\(String(describing: r))")
        }
        // And when the done reaches the server first: B marks one done, then A's snooze comes.
        _ = try await a.json(["remind", "add", "--text", "Pack the bags", "--daily", "10:00", "--zone", "UTC"])
        try await round([(a, homeA), (b, homeB)])
        #expect(try await b.run(["remind", "done", "\(try await id(b, "Pack the bags"))"]).status == 0)
        #expect(try await a.run(["remind", "snooze", "\(try await id(a, "Pack the bags"))", "--for", "2h"]).status == 0)
        try await round([(b, homeB), (a, homeA), (b, homeB)])
        for lib in [a, b] {
            let r = try await reminders(lib)["Pack the bags"]
            #expect(r?["done"] as? Bool == true && r?["snoozedUntil"] is NSNull && r?["state"] as? String == "done", "\(String(describing: r))")
        }
        // The latest snooze wins: A's for an hour, then B's for three.
        let ticketsA = try await id(a, "Buy tickets"), ticketsB = try await id(b, "Buy tickets")
        #expect(try await a.run(["remind", "snooze", "\(ticketsA)", "--for", "1h"]).status == 0)
        try await round([(a, homeA)])
        #expect(try await b.run(["remind", "snooze", "\(ticketsB)", "--for", "3h"]).status == 0)
        try await round([(b, homeB), (a, homeA)])
        let snoozedB = try #require(try await reminders(b)["Buy tickets"]?["snoozedUntil"] as? String)
        #expect(try await reminders(a)["Buy tickets"]?["snoozedUntil"] as? String == snoozedB)

        // A removal reaches the other side and the server.
        #expect(try await b.run(["remind", "rm", "\(try await id(b, "From the web"))"]).status == 0)
        try await round([(b, homeB), (a, homeA)])
        #expect(try await reminders(a)["From the web"] == nil)
        let left = try await Self.call(port, "GET", "/api/reminders", headers: ["Authorization": "Bearer \(token)"])
        #expect(Set((try left.json() as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }) == ["Buy tickets", "Water the plants", "Call mum", "Pack the bags"],
                "\(left.text)")

        // Plans: dates and the visited mark taken off on one side are taken off on the other.
        _ = try await a.json(["plan", "set", "\(pin)", "--from", "2026-06-01", "--to", "2026-06-03", "--visited"])
        try await round([(a, homeA), (b, homeB)])
        let pinB = try #require((try await b.json(["pin", "list"]) as? [[String: Any]])?.first?["id"] as? Int)
        #expect((try await b.json(["plans"]) as? [[String: Any]])?.first?["status"] as? String == "visited")
        #expect(try await b.run(["plan", "set", "\(pinB)", "--no-dates", "--not-visited"]).status == 0)
        try await round([(b, homeB), (a, homeA)])
        for lib in [a, b] {
            let p = try #require(try await lib.json(["plans"]) as? [[String: Any]])
            #expect(p.count == 1 && p.first?["from"] is NSNull && p.first?["status"] as? String != "visited", "\(p)")
        }

        for (lib, home) in [(b, homeB), (a, homeA)] {
            let quiet = try await sync(lib, home)
            #expect(quiet.stdout.contains("sent 0, applied 0, 0 waiting"), "\(quiet.stdout)")
        }
        kill(process.processIdentifier, SIGTERM)
        _ = try await StoreLibrary.wait(serve)
    }

    /// A server killed between committing a pushed reminder and keeping its answer
    /// (`serve --exit-before-answer 1`): the retry carries the same `clientId` and is answered
    /// with that reminder, so the server holds it once (decision 0110).
    @Test(arguments: StoreKind.all)
    func aReminderPushedToAServerKilledBeforeItsAnswerIsKeptOnce(_ store: StoreKind) async throws {
        let server = try StoreLibrary(store, folder: folder)
        #expect(try await server.run(["user", "add", "ann@example.org"], input: "correct horse\n").status == 0)
        let laptop = try StoreLibrary(.sqlite, folder: folder)
        let home = folder.child("home-\(UUID().uuidString.prefix(6))")
        _ = try await laptop.json(["remind", "add", "--text", "Only once", "--daily", "09:00", "--zone", "UTC"])
        let dying = try server.start(["serve", "--port", "0", "--json", "--claim-seconds", "1", "--exit-before-answer", "1"])
        let (first, port, _) = try await serveWithUsers(server, started: dying)
        defer { if first.isRunning { kill(first.processIdentifier, SIGKILL) } }
        let failed = try await laptop.run(["sync", "--server", "http://127.0.0.1:\(port)", "--user", "ann@example.org", "--retries", "1"],
                                          environment: ["XDG_CONFIG_HOME": home.path], input: "correct horse\n")
        _ = try await StoreLibrary.wait(dying)
        #expect(!failed.stdout.contains(" 0 waiting"), "the answer was lost: \(failed.stdout) \(failed.stderr)")
        try await Task.sleep(for: .seconds(1.5))  // the unanswered claim goes stale (--claim-seconds 1)
        let serve = try server.start(["serve", "--port", "\(port)", "--json", "--claim-seconds", "1"])
        let (process, _, _) = try await serveWithUsers(server, started: serve)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let again = try await laptop.run(["sync", "--server", "http://127.0.0.1:\(port)", "--user", "ann@example.org", "--retries", "2"],
                                         environment: ["XDG_CONFIG_HOME": home.path], input: "correct horse\n")
        #expect(again.status == 0 && again.stdout.contains(" 0 waiting"), "\(again.stdout) \(again.stderr)")
        let token = try #require(try await Self.login(port, "ann@example.org", "correct horse")["token"] as? String)
        let held = try await Self.call(port, "GET", "/api/reminders", headers: ["Authorization": "Bearer \(token)"])
        #expect((try held.json() as? [[String: Any]] ?? []).compactMap { $0["message"] as? String } == ["Only once"], "\(held.text)")
        kill(process.processIdentifier, SIGTERM)
        _ = try await StoreLibrary.wait(serve)
    }
}
