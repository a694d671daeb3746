import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `album serve` itself (the binary `make test-release` builds too): the exact Host and Origin
/// checks end to end (DNS rebinding, issue 22), and SIGTERM stops it with status 0.
@Suite(.serialized) struct ServeHostTests {
    @Test func hostileHostsAndOriginsAreRefused403AndSigtermExitsZero() async throws {
        let folder = TemporaryFolder("serve-host")
        let library = folder.child("lib").path
        #expect(try AlbumProcess.run(["pin", "add", "--lat", "45", "--lon", "7", "--library", library]).status == 0)
        let started = try AlbumProcess.start(["serve", "--port", "0", "--json", "--library", library])
        let (process, out, err) = started
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let port = try await RawHTTP.servedPort(out)
        func send(_ method: String, _ path: String, _ headers: [String: String], json: Bool = false) async throws -> RawHTTP.Response {
            try await RawHTTP.offPool {
                json ? try RawHTTP.json(method, path, port: port, ["latitude": 1, "longitude": 1, "fetch": false], headers: headers)
                    : try RawHTTP.request(method, path, port: port, headers: headers)
            }
        }
        let hosts = [
            "127.0.0.1.evil.com", "127.0.0.1.evil.com:\(port)", "127.0.0.1evil.com", "127.0.0.1@evil.com", "127.0.0.1:\(port)@evil.com",
            "evil.com:\(port)", "localhost.evil.com", "[::1].evil.com", "127.0.0.1:\(port + 1)", "0x7f000001:\(port)", "127.1:\(port)",
        ]
        let origins = [
            "http://evil.com", "http://127.0.0.1.evil.com:\(port)", "http://127.0.0.1:\(port).evil.com", "https://127.0.0.1:\(port)",
            "http://127.0.0.1:\(port + 1)", "null", "http://127.0.0.1:\(port)@evil.com", "http://127.0.0.1evil.com:\(port)",
            "http://localhost:\(port)",
        ]
        #expect(hosts.count + origins.count >= 20)
        for host in hosts {
            #expect(try await send("POST", "/api/pins", ["Host": host, "Origin": "http://\(host)"], json: true).status == 403, "Host \(host)")
            #expect(try await send("DELETE", "/api/pins/1", ["Host": host]).status == 403, "Host \(host)")
            #expect(try await send("GET", "/api/pins", ["Host": host]).status == 403, "Host \(host)")
        }
        for origin in origins {
            #expect(try await send("POST", "/api/pins", ["Origin": origin], json: true).status == 403, "Origin \(origin)")
            #expect(try await send("DELETE", "/api/pins/1", ["Origin": origin]).status == 403, "Origin \(origin)")
        }
        let pins = try await send("GET", "/api/pins", [:])
        #expect(pins.status == 200)
        #expect((try pins.json() as? [[String: Any]])?.count == 1, "nothing changed: \(pins.text)")
        #expect(try await send("GET", "/api/pins", ["Host": "localhost:\(port)"]).status == 200)

        kill(process.processIdentifier, SIGTERM)
        let status = try await RawHTTP.offPool { () -> Int32 in
            DispatchQueue.global().async { _ = err.fileHandleForReading.readDataToEndOfFile() }
            _ = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return process.terminationStatus
        }
        #expect(status == 0, "SIGTERM is a clean stop")
        #expect(process.terminationReason == .exit)
    }

    /// Issue 27: SIGTERM while a card is being drawn stops `album serve` promptly and cleanly.
    /// The card's drawing is made slow on purpose (`ALBUM_FAULT_CARD_PHOTO_MS`: an uninterruptible
    /// pause at each collage photo, 7 photos x 4 s, longer than the 10 s grace plus the 2 s after
    /// which the service group gives up with a fatal error); the drawing looks at the stop signal
    /// between photos, so the card answers 503, the process exits 0, and the library is whole.
    /// The only time here is a liveness bound, far above what a prompt stop takes.
    @Test func sigtermWhileACardIsDrawnStopsPromptlyAndKeepsTheLibrary() async throws {
        let folder = TemporaryFolder("serve-card-stop")
        let library = folder.child("lib").path
        try ImportFixture.write(to: folder.child("photos"))
        #expect(try AlbumProcess.run(["import", folder.child("photos").path, "--library", library]).status == 0)
        let before = try AlbumProcess.run(["summary", "--month", "2024-06", "--json", "--library", library])
        #expect((try before.json() as? [String: Any])?["photos"] as? Int == 7, "\(before.stderr)")
        let (process, out, err) = try AlbumProcess.start(
            ["serve", "--port", "0", "--json", "--library", library], environment: ["ALBUM_FAULT_CARD_PHOTO_MS": "4000"])
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let port = try await RawHTTP.servedPort(out)
        // The card is asked for; once its first collage photo is paused at, SIGTERM.
        let card = Task { try await RawHTTP.offPool { try RawHTTP.request("GET", "/api/summaries/monthly/card?year=2024&month=6", port: port) } }
        let paused = try await Self.waitFor("a pause of 4000 ms at a collage photo", in: err)
        #expect(paused, "the card's drawing started")
        let signalled = ContinuousClock.now
        kill(process.processIdentifier, SIGTERM)
        let status = try await RawHTTP.offPool { () -> Int32 in
            DispatchQueue.global().async { _ = err.fileHandleForReading.readDataToEndOfFile() }
            _ = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return process.terminationStatus
        }
        let took = ContinuousClock.now - signalled
        #expect(process.terminationReason == .exit, "not killed by a signal (a fatal error after the grace)")
        #expect(status == 0, "SIGTERM is a clean stop")
        // Liveness only: without the stop checks the last photo's pause ends 24 s after the first.
        #expect(took < .seconds(20), "stopped \(took) after SIGTERM")
        let answer = try await card.value
        #expect(answer.status == 503, "\(answer.status) \(answer.text)")
        #expect(answer.text.contains("the server is stopping"), "\(answer.text)")
        // The library is whole: the same photos, and `album verify` finds nothing wrong.
        let after = try AlbumProcess.run(["summary", "--month", "2024-06", "--json", "--library", library])
        #expect((try after.json() as? [String: Any])?["photos"] as? Int == 7, "\(after.stderr)")
        let verify = try AlbumProcess.run(["verify", "--library", library])
        #expect(verify.status == 0, "\(verify.stdout) \(verify.stderr)")
    }

    /// A request blocked where neither the stop signal nor cancellation reaches it (a collage
    /// photo's uninterruptible pause of 30 s, past the 10 s grace and 2 s of cancellation): the
    /// service group would end `album serve` with a fatal error (SIGILL). It is cut off instead:
    /// one line on stderr, exit status 1, no signal, and the library is whole.
    @Test func aRequestBlockedPastTheGraceIsCutOffWithOneLine() async throws {
        let folder = TemporaryFolder("serve-cut-off")
        let library = folder.child("lib").path
        try ImportFixture.write(to: folder.child("photos"))
        #expect(try AlbumProcess.run(["import", folder.child("photos").path, "--library", library]).status == 0)
        let (process, out, err) = try AlbumProcess.start(
            ["serve", "--port", "0", "--json", "--library", library], environment: ["ALBUM_FAULT_CARD_PHOTO_MS": "30000"])
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let port = try await RawHTTP.servedPort(out)
        let card = Task { try? await RawHTTP.offPool { try RawHTTP.request("GET", "/api/summaries/monthly/card?year=2024&month=6", port: port) } }
        let paused = try await Self.waitFor("a pause of 30000 ms at a collage photo", in: err)
        #expect(paused, "the card's drawing started")
        kill(process.processIdentifier, SIGTERM)
        let (status, stderr) = try await RawHTTP.offPool { () -> (Int32, String) in
            let rest = err.fileHandleForReading.readDataToEndOfFile()
            _ = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: rest, as: UTF8.self))
        }
        _ = await card.value
        #expect(process.terminationReason == .exit, "ended by a signal (the service group's fatal error)")
        #expect(status == 1)
        #expect(stderr.hasSuffix("album: error: requests still running 12 s after the stop were cut off; the library keeps what they committed\n"), "\(stderr)")
        let verify = try AlbumProcess.run(["verify", "--library", library])
        #expect(verify.status == 0, "\(verify.stdout) \(verify.stderr)")
    }

    /// Reads `album serve`'s stderr until `text` appears (true) or it ends (false).
    static func waitFor(_ text: String, in err: Pipe) async throws -> Bool {
        try await RawHTTP.offPool { () -> Bool in
            var read = ""
            while !read.contains(text) {
                let chunk = err.fileHandleForReading.availableData
                if chunk.isEmpty { return false }
                read += String(decoding: chunk, as: UTF8.self)
            }
            return true
        }
    }
}
