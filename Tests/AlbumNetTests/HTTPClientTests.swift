import AlbumNet
import Foundation
import TestSupport
import Testing

@Suite struct HTTPClientTests {
    @Test func getReturnsStatusHeadersAndBody() async throws {
        let server = try LoopbackServer { request in
            .respond(status: 200, headers: ["X-Echo": request.headers["x-test"] ?? "", "Content-Type": "text/plain"], body: Data("hello".utf8))
        }
        let client = try HTTPClient()
        let response = try await client.send(HTTPRequest(url: server.baseURL + "/hello?a=1", headers: ["X-Test": "42"]))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "hello")
        #expect(response.headers["x-echo"] == "42")
        #expect(response.header("Content-Type") == "text/plain")
        #expect(response.url == server.baseURL + "/hello?a=1")
        let seen = try #require(server.requests.first)
        #expect(seen.method == "GET" && seen.path == "/hello" && seen.query == ["a": "1"])
        #expect(seen.headers["user-agent"] == "GeoAlbum/\(HTTPClient.Configuration.geoAlbumVersion) (+libcurl)")
    }

    @Test(arguments: [404, 429, 500, 503])
    func anyStatusIsAResponse(status: Int) async throws {
        let server = try LoopbackServer { _ in .text("no", status: status) }
        let response = try await HTTPClient().send(HTTPRequest(url: server.baseURL + "/x"))
        #expect(response.status == status)
    }

    @Test func followsRedirects() async throws {
        let server = try LoopbackServer { request in
            request.path == "/old" ? .status(302, headers: ["Location": "/new"]) : .text("moved here")
        }
        let response = try await HTTPClient().send(HTTPRequest(url: server.baseURL + "/old"))
        #expect(response.status == 200)
        #expect(response.url == server.baseURL + "/new")
        #expect(String(decoding: response.body, as: UTF8.self) == "moved here")
    }

    @Test func redirectsAreBounded() async throws {
        let server = try LoopbackServer { _ in .status(302, headers: ["Location": "/loop"]) }
        let client = try HTTPClient(configuration: .init(maxRedirects: 3))
        let error = await #expect(throws: HTTPError.self) { try await client.send(HTTPRequest(url: server.baseURL + "/loop")) }
        guard case .transport(_, let code, let message) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(code == 47, "CURLE_TOO_MANY_REDIRECTS: \(message)")
        #expect(error?.isTransient == false)
        #expect(server.requestCount(path: "/loop") == 4)
    }

    @Test(arguments: ["ftp://127.0.0.1/x", "file:///etc/passwd", "gopher://example.org/", "FILE:///etc/hosts"])
    func nonHTTPSchemesAreRefused(url: String) async throws {
        let error = await #expect(throws: HTTPError.self) { try await HTTPClient().send(HTTPRequest(url: url)) }
        #expect(error == .unsupportedScheme(url: url))
    }

    @Test(arguments: ["not a url", "http://", "/relative/path", "http://exa mple.org/"])
    func invalidURLsAreRefused(url: String) async throws {
        let error = await #expect(throws: HTTPError.self) { try await HTTPClient().send(HTTPRequest(url: url)) }
        #expect(error == .invalidURL(url))
    }

    @Test func redirectToAnotherSchemeIsRefused() async throws {
        // libcurl's own default still follows ftp:// redirects; file:// it refuses anyway.
        for target in ["ftp://127.0.0.1:1/x", "file:///etc/passwd"] {
            let server = try LoopbackServer { _ in .status(302, headers: ["Location": target]) }
            let error = await #expect(throws: HTTPError.self) {
                try await HTTPClient().send(HTTPRequest(url: server.baseURL + "/jump"))
            }
            #expect(error == .unsupportedScheme(url: target))
        }
    }

    @Test func declaredBodyOverTheCapIsRefused() async throws {
        let server = try LoopbackServer { _ in .respond(status: 200, body: Data(count: 10_000)) }
        let url = server.baseURL + "/big"
        let error = await #expect(throws: HTTPError.self) {
            try await HTTPClient().send(HTTPRequest(url: url, maxBodyBytes: 1_000))
        }
        #expect(error == .bodyTooLarge(url: url, limit: 1_000))
    }

    @Test func undeclaredBodyOverTheCapIsCutOff() async throws {
        // Chunked: no Content-Length, so only the write callback can enforce the cap.
        let chunk = Data(repeating: 65, count: 4_000)
        let framed = Data("fa0\r\n".utf8) + chunk + Data("\r\nfa0\r\n".utf8) + chunk + Data("\r\n0\r\n\r\n".utf8)
        let server = try LoopbackServer { _ in .respond(status: 200, headers: ["Transfer-Encoding": "chunked"], body: framed) }
        let url = server.baseURL + "/chunked"
        let client = try HTTPClient()
        let whole = try await client.send(HTTPRequest(url: url, maxBodyBytes: 8_000))
        #expect(whole.body.count == 8_000)
        let error = await #expect(throws: HTTPError.self) { try await client.send(HTTPRequest(url: url, maxBodyBytes: 5_000)) }
        #expect(error == .bodyTooLarge(url: url, limit: 5_000))
    }

    @Test func truncatedBodyIsATransientTransportError() async throws {
        let server = try LoopbackServer { _ in .truncated(status: 200, body: Data(count: 100), declaredLength: 1_000) }
        let error = await #expect(throws: HTTPError.self) { try await HTTPClient().send(HTTPRequest(url: server.baseURL + "/cut")) }
        guard case .transport(_, let code, _) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(code == 18)  // CURLE_PARTIAL_FILE
        #expect(error?.isTransient == true)
    }

    @Test func droppedConnectionIsATransientTransportError() async throws {
        let server = try LoopbackServer { _ in .drop }
        let url = server.baseURL + "/drop"
        let error = await #expect(throws: HTTPError.self) { try await HTTPClient().send(HTTPRequest(url: url)) }
        guard case .transport(let failedURL, let code, let message) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(code == 52, "CURLE_GOT_NOTHING: \(message)")
        #expect(failedURL == url)
        #expect(error?.isTransient == true)
        #expect(error?.description.contains(url) == true)
    }

    @Test func refusedConnectionIsATransientTransportError() async throws {
        let server = try LoopbackServer { _ in .text("never") }
        let url = server.baseURL + "/gone"
        server.stop()
        let error = await #expect(throws: HTTPError.self) { try await HTTPClient().send(HTTPRequest(url: url)) }
        guard case .transport(_, let code, _) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(code == 7)  // CURLE_COULDNT_CONNECT
        #expect(error?.isTransient == true)
    }

    @Test func slowResponseTimesOut() async throws {
        let server = try LoopbackServer { _ in .delayed(.seconds(10), .text("late")) }
        // Without the time-out this would be a 200 after 10 s. (No wall-clock check: other tests
        // may hold the cooperative threads, delaying this task's resumption, not the transfer.)
        let error = await #expect(throws: HTTPError.self) {
            try await HTTPClient().send(HTTPRequest(url: server.baseURL + "/slow", timeout: .milliseconds(300)))
        }
        guard case .timedOut(_, let message) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(message.contains("imed out"))
        #expect(error?.isTransient == true)
    }
}
