import AlbumCore
import AlbumModel
import AlbumServer
import Foundation
import Synchronization
import Testing
import TestSupport

/// Share links through the API (issue 25 item 4, decision 0077): made with an expiry, listed,
/// revoked; `/s/TOKEN` opens until the server's clock passes the expiry or the link is revoked.
/// The server's share clock is the test's (no waiting).
@Suite struct ServerSharesTests {
    @Test func shareLinksExpireAndAreRevokedThroughTheAPI() async throws {
        let clock = Mutex<Int64>(1_800_000_000)
        let h = try await ServerHarness { $0.clock = { clock.withLock { $0 } } }.start()
        defer { Task { await h.stop() } }
        let pin = try #require(try await h.json("POST", "/api/pins", ["latitude": 10.5, "longitude": -20.25, "title": "Sea", "fetch": false]).json() as? [String: Any])
        let id = try #require(pin["id"] as? Int)

        // Bad input: one line each, nothing made.
        for (body, words) in [(["expiresIn": 59], "expiresIn 59 must be 60-31622400"), (["expiresIn": 31_622_401], "expiresIn 31622401"),
                              (["expiresIn": "1h"], "expiresIn must be a whole number")] as [([String: any Sendable], String)] {
            let answer = try await h.json("POST", "/api/pins/\(id)/share", body)
            #expect(answer.status == 400 && answer.text.contains(words), "\(body): \(answer.text)")
        }
        #expect(try await h.json("POST", "/api/pins/999/share", [:]).status == 404)
        #expect(try #require(try await h.request("GET", "/api/shares").json() as? [Any]).isEmpty)

        // An hour's link opens the album; the token is in this answer only.
        let made = try await h.json("POST", "/api/pins/\(id)/share", ["expiresIn": 3600])
        let link = try #require(try made.json() as? [String: Any])
        #expect(made.status == 201 && link["revoked"] as? Bool == false && link["expired"] as? Bool == false, "\(made.text)")
        #expect(link["createdAt"] as? String == "2027-01-15T08:00:00Z" && link["expiresAt"] as? String == "2027-01-15T09:00:00Z", "\(link)")
        let path = try #require(link["path"] as? String)
        #expect(path.hasPrefix("/s/") && path.count == 67)
        let page = try await h.request("GET", path)
        #expect(page.status == 200 && page.text.contains("Sea"), "\(page.status)")
        let listed = try #require(try await h.request("GET", "/api/pins/\(id)/shares").json() as? [[String: Any]])
        #expect(listed.count == 1 && listed[0]["path"] is NSNull && listed[0]["id"] as? Int == link["id"] as? Int, "\(listed)")

        // Past its expiry (the server's clock): 404, listed as expired.
        clock.withLock { $0 += 3600 }
        #expect(try await h.request("GET", path).status == 404)
        let expired = try #require(try await h.request("GET", "/api/shares").json() as? [[String: Any]])
        #expect(expired.first?["expired"] as? Bool == true && expired.first?["revoked"] as? Bool == false, "\(expired)")

        // A week's link (the default), revoked: it stops at once; revoking again changes nothing.
        let week = try #require(try await h.json("POST", "/api/pins/\(id)/share", [:]).json() as? [String: Any])
        let weekPath = try #require(week["path"] as? String), weekId = try #require(week["id"] as? Int)
        #expect(week["expiresAt"] as? String == "2027-01-22T09:00:00Z", "\(week)")
        #expect(try await h.request("GET", weekPath).status == 200)
        let revoked = try await h.request("DELETE", "/api/shares/\(weekId)")
        let revokedLink = try revoked.json() as? [String: Any]
        #expect(revoked.status == 200 && revokedLink?["revoked"] as? Bool == true, "\(revoked.text)")
        #expect(try await h.request("GET", weekPath).status == 404)
        #expect(try await h.request("GET", "\(weekPath)/media/1?size=thumb").status == 404)
        #expect(try await h.request("DELETE", "/api/shares/\(weekId)").status == 200)
        #expect(try await h.request("DELETE", "/api/shares/999").status == 404)
        #expect(try await h.request("DELETE", "/api/shares/abc").status == 404)
        let all = try #require(try await h.request("GET", "/api/shares").json() as? [[String: Any]])
        #expect(all.map { $0["id"] as? Int } == [weekId, link["id"] as? Int], "newest first")
        #expect(try await h.request("GET", "/api/pins/999/shares").status == 404)
    }
}
