import Foundation
import TestSupport
import Testing

/// `album sync` (issue 25 item 6, decision 0062): two laptop libraries (SQLite) and a server on
/// each store, converging through the server: pins, photos and sounds both ways, last writer
/// per field, a removal over an edit, and an outage during which changes wait in the outbox.
@Suite(.libraryStores, .serialized)
struct LibraryStoresSyncTests: LibraryStoresSuite {
    let folder = TemporaryFolder("stores-sync")

    @Test(arguments: StoreKind.all)
    func twoLibrariesConvergeThroughAServer(_ store: StoreKind) async throws {
        let server = try StoreLibrary(store, folder: folder)
        #expect(try await server.run(["user", "add", "ann@example.org"], input: "correct horse\n").status == 0)
        var serve = try server.start(["serve", "--port", "0", "--json"])
        var (process, port, _) = try await serveWithUsers(server, started: serve)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let url = "http://127.0.0.1:\(port)"
        let a = try StoreLibrary(.sqlite, folder: folder), b = try StoreLibrary(.sqlite, folder: folder)
        let homeA = folder.child("home-a-\(UUID().uuidString.prefix(6))"), homeB = folder.child("home-b-\(UUID().uuidString.prefix(6))")
        func sync(_ lib: StoreLibrary, _ home: URL) async throws -> AlbumRun {
            try await lib.run(["sync", "--server", url, "--user", "ann@example.org", "--retries", "2"],
                              environment: ["XDG_CONFIG_HOME": home.path], input: "correct horse\n")
        }
        func pins(_ lib: StoreLibrary) async throws -> [[String: Any]] { try await lib.json(["pin", "list"]) as? [[String: Any]] ?? [] }

        // A: a pin, a photo taken there, a voice clip.
        let pin = try #require(try await a.json(["pin", "add", "--lat", "41.8902", "--lon", "12.4922", "--title", "Colosseum"]) as? [String: Any])
        let pinA = try #require(pin["id"] as? Int)
        let trip = folder.child("trip-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: trip, withIntermediateDirectories: true)
        try GeoPhoto(latitude: 41.8903, longitude: 12.4921, takenAt: "2024:06:14 09:43:19", tag: "sync-\(UUID())").write(to: trip.appendingPathComponent("arch.jpg"))
        try SoundFiles.tone(trip.appendingPathComponent("walk.m4a"), codec: ["-c:a", "aac", "-b:a", "32k"], seconds: 2)
        #expect(try await a.run(["import", trip.path]).status == 0)
        let first = try await sync(a, homeA)
        #expect(first.status == 0, "\(first.stderr)")
        let key = try String(contentsOf: homeA.appendingPathComponent("geoalbum/sessions.json"), encoding: .utf8)
        let mode = try FileManager.default.attributesOfItem(atPath: homeA.appendingPathComponent("geoalbum/sessions.json").path)[.posixPermissions] as? Int
        #expect(key.contains("127.0.0.1") && mode == 0o600, "\(key) \(String(mode ?? 0, radix: 8))")

        // B gets all of it.
        let second = try await sync(b, homeB)
        #expect(second.status == 0, "\(second.stderr)")
        let pinsB = try await pins(b)
        #expect(pinsB.count == 1 && pinsB.first?["title"] as? String == "Colosseum" && pinsB.first?["photoCount"] as? Int == 1, "\(pinsB)")
        let pinB = try #require(pinsB.first?["id"] as? Int)
        let entriesB = try #require(try await b.json(["entries"]) as? [String: Any])
        #expect((entriesB["entries"] as? [[String: Any]])?.first?["kind"] as? String == "audio", "\(entriesB)")

        // Each side changes another field: both changes stay (last writer per field).
        _ = try await a.json(["pin", "edit", "\(pinA)", "--title", "Colosseo"])
        _ = try await b.json(["pin", "edit", "\(pinB)", "--note", "go early"])
        for (lib, home) in [(a, homeA), (b, homeB), (a, homeA)] { #expect(try await sync(lib, home).status == 0) }
        for lib in [a, b] {
            let now = try await pins(lib)
            #expect(now.count == 1 && now.first?["title"] as? String == "Colosseo" && now.first?["note"] as? String == "go early", "\(now)")
        }
        // Notes, check-ins and songs (decision 0078): made on either side, with their tags and place.
        _ = try await a.json(["note", "add", "Arches", "at", "dawn", "--pin", "\(pinA)", "--tag", "rome", "--at", "2024-06-14T07:10+02:00"])
        _ = try await b.json(["check-in", "--lat", "41.9", "--lon", "12.5", "--note", "gelato", "--tag", "food"])
        _ = try await b.json(["song", "add", "--title", "Roma", "--artist", "Someone", "--pin", "\(pinB)"])
        for (lib, home) in [(a, homeA), (b, homeB), (a, homeA)] { #expect(try await sync(lib, home).status == 0) }
        for lib in [a, b] {
            let list = try #require(try await lib.json(["entries"]) as? [String: Any])["entries"] as? [[String: Any]] ?? []
            let byKind = Dictionary(grouping: list, by: { $0["kind"] as? String ?? "" })
            #expect(byKind["note"]?.count == 1 && byKind["note"]?.first?["text"] as? String == "Arches at dawn"
                    && byKind["note"]?.first?["tags"] as? [String] == ["rome"] && byKind["note"]?.first?["at"] as? String == "2024-06-14T07:10:00"
                    && byKind["note"]?.first?["pinId"] as? Int == (lib.library == a.library ? pinA : pinB), "\(byKind["note"] ?? [])")
            #expect(byKind["place"]?.count == 1 && byKind["place"]?.first?["text"] as? String == "gelato" && byKind["place"]?.first?["tags"] as? [String] == ["food"],
                    "\(byKind["place"] ?? [])")
            #expect(byKind["song"]?.count == 1 && byKind["song"]?.first?["title"] as? String == "Roma", "\(byKind["song"] ?? [])")
            #expect(byKind["audio"]?.count == 1)
        }

        // Converged: what a pull wrote is not sent back, so nothing goes to and fro any more.
        for (lib, home) in [(b, homeB), (a, homeA)] {
            let quiet = try await sync(lib, home)
            #expect(quiet.stdout.contains("sent 0, applied 0, 0 waiting"), "\(quiet.stdout)")
        }

        // An outage: the change waits in the outbox, the run says so, a later run sends it once.
        kill(process.processIdentifier, SIGTERM)
        _ = try await StoreLibrary.wait(serve)
        _ = try await a.json(["pin", "add", "--lat", "48.8584", "--lon", "2.2945", "--title", "Offline"])
        let down = try await sync(a, homeA)
        #expect(down.status != 0 && down.stderr.contains("cannot be reached") && down.stderr.contains("album sync --status"), "\(down.stderr)")
        let waiting = try await a.run(["sync", "--status"])
        #expect(waiting.stdout.contains("put pin") && waiting.stdout.contains("failed"), "\(waiting.stdout)")
        serve = try server.start(["serve", "--port", "\(port)", "--json"])
        (process, port, _) = try await serveWithUsers(server, started: serve)
        let up = try await sync(a, homeA)
        #expect(up.status == 0 && up.stdout.contains("0 waiting"), "\(up.stdout) \(up.stderr)")
        #expect(try await sync(b, homeB).status == 0)
        #expect(Set(try await pins(b).compactMap { $0["title"] as? String }) == ["Colosseo", "Offline"])

        // A removal wins over an edit made elsewhere, whichever reaches the server first.
        _ = try await b.json(["pin", "edit", "\(pinB)", "--title", "edited on B"])
        _ = try await a.json(["pin", "rm", "\(pinA)"])
        for (lib, home) in [(b, homeB), (a, homeA), (b, homeB)] { #expect(try await sync(lib, home).status == 0) }
        for lib in [a, b] { #expect(try await pins(lib).compactMap { $0["title"] as? String } == ["Offline"]) }
        let onServer = try await Self.call(port, "GET", "/api/pins", headers: [
            "Authorization": "Bearer \(try await Self.login(port, "ann@example.org", "correct horse")["token"] as? String ?? "")"])
        #expect((try onServer.json() as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["Offline"], "no pin doubled: \(onServer.text)")
        kill(process.processIdentifier, SIGTERM)
        _ = try await StoreLibrary.wait(serve)
    }

    /// Decision 0092: the tags of pins and photos, entries' edits after their first sync, and
    /// plans go both ways; tags one by one (one side's addition and the other's survive), a
    /// removal of a tag or a plan reaches the other side, and converged runs send nothing.
    @Test(arguments: StoreKind.all)
    func tagsPlansAndEntryEditsSyncThroughAServer(_ store: StoreKind) async throws {
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
        func tags(_ lib: StoreLibrary) async throws -> [String: [String: Int]] {
            let list = try await lib.json(["tags"]) as? [[String: Any]] ?? []
            return Dictionary(uniqueKeysWithValues: list.map { ($0["tag"] as? String ?? "", ["photos": $0["photos"] as? Int ?? -1, "pins": $0["pins"] as? Int ?? -1]) })
        }
        func plans(_ lib: StoreLibrary) async throws -> [[String: Any]] { try await lib.json(["plans"]) as? [[String: Any]] ?? [] }
        func notes(_ lib: StoreLibrary) async throws -> [[String: Any]] {
            (try await lib.json(["entries"]) as? [String: Any])?["entries"] as? [[String: Any]] ?? []
        }

        // A: a pin, a photo taken there, a note; both sides hold them.
        let pinA = try #require((try await a.json(["pin", "add", "--lat", "41.8902", "--lon", "12.4922", "--title", "Colosseum"]) as? [String: Any])?["id"] as? Int)
        let trip = folder.child("trip-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: trip, withIntermediateDirectories: true)
        try GeoPhoto(latitude: 41.8903, longitude: 12.4921, takenAt: "2024:06:14 09:43:19", tag: "tags-\(UUID())").write(to: trip.appendingPathComponent("arch.jpg"))
        #expect(try await a.run(["import", trip.path]).status == 0)
        let photoA = try #require(try await a.photos(pinA).first?["id"] as? Int)
        let noteA = try #require((try await a.json(["note", "add", "Arches", "--pin", "\(pinA)", "--at", "2024-06-14T07:10+02:00"]) as? [String: Any])?["id"] as? Int)
        try await round([(a, homeA), (b, homeB)])
        let pinB = try #require((try await b.json(["pin", "list"]) as? [[String: Any]])?.first?["id"] as? Int)
        let photoB = try #require(try await b.photos(pinB).first?["id"] as? Int)
        let noteB = try #require(try await notes(b).first { $0["kind"] as? String == "note" }?["id"] as? Int)

        // Each side tags, plans and edits: both sides end with all of it.
        _ = try await a.json(["tag", "add", "pin:\(pinA)", "ancient"])
        _ = try await a.json(["tag", "add", "photo:\(photoA)", "arch"])
        _ = try await a.json(["plan", "set", "\(pinA)", "--from", "2026-06-01", "--to", "2026-06-03", "--note", "book tickets"])
        _ = try await a.json(["entry", "edit", "\(noteA)", "--text", "Arches at dusk", "--add-tag", "evening"])
        _ = try await b.json(["tag", "add", "pin:\(pinB)", "rome"])
        _ = try await b.json(["entry", "edit", "\(noteB)", "--add-tag", "walk"])
        try await round([(a, homeA), (b, homeB), (a, homeA)])
        for lib in [a, b] {
            let t = try await tags(lib)
            #expect(t["ancient"]?["pins"] == 1 && t["rome"]?["pins"] == 1 && t["arch"] == ["photos": 1, "pins": 0], "\(t)")
            let p = try await plans(lib)
            #expect(p.count == 1 && p.first?["from"] as? String == "2026-06-01" && p.first?["to"] as? String == "2026-06-03"
                    && p.first?["note"] as? String == "book tickets" && p.first?["status"] as? String == "planned", "\(p)")
            let n = try await notes(lib).filter { $0["kind"] as? String == "note" }
            #expect(n.count == 1 && n.first?["text"] as? String == "Arches at dusk" && Set(n.first?["tags"] as? [String] ?? []) == ["evening", "walk"]
                    && n.first?["at"] as? String == "2024-06-14T07:10:00", "\(n)")
        }
        _ = photoB

        // Removals of a tag and changes the other way: B takes a tag off, marks the visit done and
        // edits the note's time; A removes the photo's tag.
        _ = try await b.json(["tag", "rm", "pin:\(pinB)", "ancient"])
        _ = try await b.json(["plan", "set", "\(pinB)", "--visited"])
        _ = try await b.json(["entry", "edit", "\(noteB)", "--at", "2024-06-14T08:00+02:00", "--rm-tag", "evening"])
        _ = try await a.json(["tag", "rm", "photo:\(photoA)", "arch"])
        try await round([(b, homeB), (a, homeA), (b, homeB)])
        for lib in [a, b] {
            let t = try await tags(lib)
            #expect(t["ancient"] == nil && t["arch"] == nil && t["rome"]?["pins"] == 1, "\(t)")
            let p = try await plans(lib)
            #expect(p.count == 1 && p.first?["status"] as? String == "visited" && p.first?["note"] as? String == "book tickets", "\(p)")
            let n = try await notes(lib).filter { $0["kind"] as? String == "note" }
            #expect(n.count == 1 && n.first?["at"] as? String == "2024-06-14T08:00:00" && n.first?["tags"] as? [String] == ["walk"]
                    && n.first?["text"] as? String == "Arches at dusk", "\(n)")
        }

        // A plan removed on A is removed on B; then nothing goes to and fro any more.
        #expect(try await a.run(["plan", "rm", "\(pinA)"]).status == 0)
        try await round([(a, homeA), (b, homeB)])
        #expect(try await plans(b).isEmpty)
        for (lib, home) in [(b, homeB), (a, homeA)] {
            let quiet = try await sync(lib, home)
            #expect(quiet.stdout.contains("sent 0, applied 0, 0 waiting"), "\(quiet.stdout)")
        }
        kill(process.processIdentifier, SIGTERM)
        _ = try await StoreLibrary.wait(serve)
    }
}
