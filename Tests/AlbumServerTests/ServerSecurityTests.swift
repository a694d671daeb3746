import AlbumCore
import AlbumModel
import AlbumServer
import Foundation
import Testing
import TestSupport

/// Tokens, origins, hosts, a port in use, and a client that hangs up mid-stream.
@Suite struct ServerSecurityTests {
    static let token = "test-token-0123456789abcdef"

    @Test func tokenIsRequiredAsBearerOrCookieFromTheOneTimeURL() async throws {
        let h = try await ServerHarness(token: Self.token).start()
        defer { Task { await h.stop() } }
        let anonymous = try await h.json("POST", "/api/pins", ["latitude": 1, "longitude": 1, "fetch": false])
        #expect(anonymous.status == 401)
        #expect(try await h.request("GET", "/api/pins").status == 401)
        #expect(try await h.request("GET", "/api/pins", headers: ["Authorization": "Bearer wrong-token-0123456789abcd"]).status == 401)
        #expect(try await h.library.pins().isEmpty, "nothing changed")
        #expect(try await h.request("GET", "/assets/leaflet.js").status == 200, "assets need no token")

        let bearer = try await h.json("POST", "/api/pins", ["latitude": 1, "longitude": 1, "fetch": false], headers: ["Authorization": "Bearer \(Self.token)"])
        #expect(bearer.status == 201)

        let code = try #require(h.server.policy.oneTimeCode)
        let login = try await h.request("GET", "/login?code=\(code)")
        #expect(login.status == 303)
        let cookie = try #require(login.headers["set-cookie"])
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
        let pair = String(cookie.split(separator: ";")[0])
        #expect(try await h.request("GET", "/api/pins", headers: ["Cookie": pair]).status == 200)
        #expect(try await h.request("GET", "/login?code=\(code)").status == 401, "the URL works once")
    }

    @Test func crossSiteRequestsAndOtherHostsAreRefused() async throws {
        let h = try await ServerHarness().start()
        defer { Task { await h.stop() } }
        let crossSite = try await h.json("POST", "/api/pins", ["latitude": 1, "longitude": 1, "fetch": false], headers: ["Origin": "http://evil.example"])
        #expect(crossSite.status == 403)
        let form = try await h.request("POST", "/api/pins", headers: ["Content-Type": "text/plain"], body: Data("{\"latitude\":1,\"longitude\":1}".utf8))
        #expect(form.status == 415)
        let rebinding = try await h.request("GET", "/api/pins", headers: ["Host": "attacker.example:\(h.port)"])
        #expect(rebinding.status == 403)
        #expect(try await h.library.pins().isEmpty, "nothing changed")
        let sameSite = try await h.json("POST", "/api/pins", ["latitude": 1, "longitude": 1, "fetch": false], headers: ["Origin": "http://127.0.0.1:\(h.port)"])
        #expect(sameSite.status == 201)
    }

    @Test func anotherAddressNeedsAToken() async throws {
        await #expect(throws: AlbumError.self) { try await ServerHarness(host: "0.0.0.0") }
        await #expect(throws: AlbumError.self) { try await ServerHarness(host: "not-an-address") }
    }

    @Test func portInUseIsAClearErrorAtStart() async throws {
        let h = try await ServerHarness().start()
        defer { Task { await h.stop() } }
        let library = try await Library.openForWriting(at: h.folder.child("other"))
        let second = try AlbumWebServer(
            library: library, assets: try WebAssets.system(), settings: .init(port: h.port),
            makeEnvironment: { _ async throws(AlbumError) in throw .invalidInput("unused") })
        do {
            _ = try await second.start()
            Issue.record("a second server started on a port in use")
        } catch {
            #expect(error.description.contains("cannot listen on 127.0.0.1:\(h.port)"), "\(error)")
            #expect(error.description.contains("in use"), "\(error)")
        }
    }

    @Test func clientHangingUpMidStreamLeavesTheServerServing() async throws {
        let h = try await ServerHarness().start()
        defer { Task { await h.stop() } }
        let created = try await h.json("POST", "/api/pins", ["latitude": 48.856613, "longitude": 2.352222, "title": "Paris"])
        let id = try #require((try created.json() as? [String: Any])?["id"] as? Int)
        for _ in 0..<5 {
            let stream = try await h.stream("/api/pins/\(id)/events", until: "event: album")
            #expect(stream.contains("text/event-stream"))
            #expect(stream.contains("event: album"))
        }
        await h.server.waitForFetches()
        try await Task.sleep(for: .milliseconds(500))  // the server notices the closed sockets
        #expect(try await h.request("GET", "/api/pins").status == 200)
        let final = try await h.stream("/api/pins/\(id)/events", until: "\"downloading\":false")
        #expect(final.contains("\"downloaded\":8"), "\(final.suffix(300))")
    }
}
