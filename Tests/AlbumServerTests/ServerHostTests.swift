import AlbumCore
import AlbumModel
import AlbumServer
import Foundation
import Testing
import TestSupport

/// The exact Host and Origin checks (DNS rebinding, issue 22), the request body type, and
/// errors: JSON under /api/, pages elsewhere, never a file path.
@Suite struct ServerHostTests {
    /// Host values a page on another name could send after rebinding its name to 127.0.0.1.
    static func hostileHosts(_ port: UInt16) -> [String] {
        [
            "127.0.0.1.evil.com", "127.0.0.1.evil.com:\(port)", "127.0.0.1evil.com", "127.0.0.1evil.com:\(port)",
            "127.0.0.1@evil.com", "127.0.0.1:\(port)@evil.com", "evil.com", "evil.com:\(port)", "localhost.evil.com:\(port)",
            "localhostevil.com", "127.0.0.1:\(port).evil.com", "127.0.0.1:\(port + 1)", "localhost:\(port)0", "127.0.0.1:",
            "[::1].evil.com", "[::1]evil", "127.0.0.2.nip.io:\(port)", "127.1:\(port)", "0x7f000001:\(port)", "2130706433:\(port)",
            "127.0.0.1:\(port) extra", "127.0.0.1/x", "%31%32%37.0.0.1", "localhost:-\(port)", "127.0.0.1:+\(port)",
        ]
    }

    /// Origin values sent with a request to the right Host: none is this server's origin.
    static func hostileOrigins(_ port: UInt16) -> [String] {
        [
            "http://evil.com", "http://127.0.0.1.evil.com:\(port)", "http://127.0.0.1:\(port).evil.com", "https://127.0.0.1:\(port)",
            "http://127.0.0.1:\(port + 1)", "http://127.0.0.1", "null", "http://127.0.0.1:\(port)/", "http://127.0.0.1:\(port)@evil.com",
            "HTTP://EVIL.COM", "http://127.0.0.1evil.com:\(port)", "file://", "http://localhost:\(port)", "",
        ]
    }

    @Test func everyHostileHostIsRefused403AndNothingChanges() async throws {
        let h = try await ServerHarness().start()
        defer { Task { await h.stop() } }
        let hosts = Self.hostileHosts(h.port)
        #expect(hosts.count >= 20)
        for host in hosts {
            let write = try await h.json("POST", "/api/pins", ["latitude": 1, "longitude": 1, "fetch": false],
                                         headers: ["Host": host, "Origin": "http://\(host)"])
            #expect(write.status == 403, "POST with Host \(host): \(write.status) \(write.text)")
            let read = try await h.request("GET", "/api/pins", headers: ["Host": host])
            #expect(read.status == 403, "GET with Host \(host)")
            #expect(read.text.contains("forbidden_host"), "\(read.text)")
            let page = try await h.request("GET", "/", headers: ["Host": host])
            #expect(page.status == 403 && page.headers["content-type"]?.hasPrefix("text/html") == true, "GET / with Host \(host)")
        }
        #expect(try await h.library.pins().isEmpty, "nothing changed")
    }

    @Test func everyHostileOriginIsRefused403AndNothingChanges() async throws {
        let h = try await ServerHarness().start()
        defer { Task { await h.stop() } }
        let id = try #require(try await h.json("POST", "/api/pins", ["latitude": 1, "longitude": 1, "fetch": false]).json() as? [String: Any])["id"] as? Int
        for origin in Self.hostileOrigins(h.port) where !origin.isEmpty {
            let write = try await h.json("POST", "/api/pins", ["latitude": 2, "longitude": 2, "fetch": false], headers: ["Origin": origin])
            #expect(write.status == 403, "POST with Origin \(origin): \(write.status)")
            let remove = try await h.request("DELETE", "/api/pins/\(id ?? 0)", headers: ["Origin": origin])
            #expect(remove.status == 403, "DELETE with Origin \(origin): \(remove.status)")
        }
        #expect(try await h.library.pins().count == 1, "nothing changed")
    }

    @Test func theServersOwnNamesAreAccepted() async throws {
        let h = try await ServerHarness().start()
        defer { Task { await h.stop() } }
        let port = h.port
        for host in ["127.0.0.1", "127.0.0.1:\(port)", "localhost", "LOCALHOST:\(port)", "[::1]", "[::1]:\(port)"] {
            #expect(try await h.request("GET", "/api/pins", headers: ["Host": host]).status == 200, "Host \(host)")
        }
        for (host, origin) in [("127.0.0.1:\(port)", "http://127.0.0.1:\(port)"), ("localhost:\(port)", "http://localhost:\(port)")] {
            let made = try await h.json("POST", "/api/pins", ["latitude": 1, "longitude": 1, "fetch": false], headers: ["Host": host, "Origin": origin])
            #expect(made.status == 201, "Host \(host) Origin \(origin): \(made.text)")
        }
        // Origin naming the other loopback name than the Host: not this page's origin.
        let crossed = try await h.json("POST", "/api/pins", ["latitude": 1, "longitude": 1, "fetch": false],
                                       headers: ["Host": "127.0.0.1:\(port)", "Origin": "http://localhost:\(port)"])
        #expect(crossed.status == 403)
    }

    @Test func onlyJSONBodiesAreAccepted() async throws {
        let h = try await ServerHarness().start()
        defer { Task { await h.stop() } }
        let body = Data("{\"latitude\":1,\"longitude\":1,\"fetch\":false}".utf8)
        for type in ["application/jsonp", "application/json; charset=utf-7", "application/json; charset=latin1", "text/plain",
                     "application/json-patch+json", "application/x-www-form-urlencoded", "multipart/form-data", "application/json;x=1",
                     "application/json; charset=utf-8; x=1", "applicationXjson"] {
            let answer = try await h.request("POST", "/api/pins", headers: ["Content-Type": type], body: body)
            #expect(answer.status == 415, "\(type): \(answer.status)")
        }
        #expect(try await h.library.pins().isEmpty, "nothing changed")
        for type in ["application/json", "application/json; charset=utf-8", "Application/JSON;charset=UTF-8", "application/json ; charset=\"utf-8\""] {
            let answer = try await h.request("POST", "/api/pins", headers: ["Content-Type": type], body: body)
            #expect(answer.status == 201, "\(type): \(answer.status) \(answer.text)")
        }
    }

    @Test func errorsAreJSONForTheAPIAndPagesElsewhereWithoutPaths() async throws {
        let h = try await ServerHarness().start()
        defer { Task { await h.stop() } }
        let folder = h.folder.url.path
        for path in ["/api/pins/99", "/api/photos/3", "/api/media/7", "/api/nothing", "/api/pins/abc"] {
            let method = path.hasPrefix("/api/photos") ? "DELETE" : "GET"
            let answer = try await h.request(method, path)
            #expect(answer.status == 404, "\(path)")
            #expect(answer.headers["content-type"] == "application/json; charset=utf-8", "\(path)")
            #expect(!answer.text.contains(folder) && !answer.text.contains("sqlite") && !answer.text.contains(":memory:"), "\(path): \(answer.text)")
            #expect(answer.headers["x-content-type-options"] == "nosniff")
        }
        for path in ["/pins/99", "/nothing", "/pins/abc", "/assets-x"] {
            let page = try await h.request("GET", path)
            #expect(page.status == 404, "\(path)")
            #expect(page.headers["content-type"] == "text/html; charset=utf-8", "\(path)")
            #expect(page.text.contains("<header>") && page.text.contains("404 Not Found"), "\(page.text)")
            #expect(!page.text.contains(folder) && !page.text.contains("sqlite"), "\(page.text)")
            #expect(page.headers["content-security-policy"]?.contains("default-src 'none'") == true)
        }
        let hostile = try await h.request("GET", "/nothing%3Cscript%3E")
        #expect(!hostile.text.contains("<script>"), "escaped")
        let trace = try await h.request("TRACE", "/api/pins")
        #expect(trace.status == 405 && trace.headers["allow"] == "GET, POST", "\(trace.status) \(trace.headers)")
        let put = try await h.request("PUT", "/api/pins", headers: ["Content-Type": "application/json"], body: Data("{}".utf8))
        #expect(put.status == 405)
        #expect(try await h.request("GET", "/favicon.ico").status == 200)
    }

    @Test func pageAssetsAreHashedImmutableAndCompressed() async throws {
        let h = try await ServerHarness().start()
        defer { Task { await h.stop() } }
        let page = try await h.request("GET", "/")
        let names = page.text.components(separatedBy: "src=\"/assets/").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        let map = try #require(names.first { $0.hasPrefix("map.") && $0.hasSuffix(".js") }, "\(names)")
        #expect(map.count == "map.".count + 16 + ".js".count, "\(map)")
        let plain = try await h.request("GET", "/assets/\(map)")
        #expect(plain.status == 200 && plain.headers["cache-control"] == "public, max-age=31536000, immutable")
        #expect(plain.text.contains("\"use strict\""))
        let packed = try await h.request("GET", "/assets/\(map)", headers: ["Accept-Encoding": "gzip, deflate"])
        #expect(packed.headers["content-encoding"] == "gzip" && packed.body.count < plain.body.count / 2 && packed.body.starts(with: [0x1F, 0x8B]))
        let etag = try #require(plain.headers["etag"])
        #expect(try await h.request("GET", "/assets/map.js", headers: ["If-None-Match": etag]).status == 304)
        #expect(page.text.contains("/assets/album.") && page.text.contains(".css\""), "the style sheet is hashed too")
    }
}

/// The embedded copies of Sources/AlbumServer/Assets are the files (scripts/embed-assets.py).
@Suite struct EmbeddedAssetsTests {
    @Test func theEmbeddedAssetsAreTheFilesInAssets() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [root.appendingPathComponent("scripts/embed-assets.py").path, "--check"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "run python3 scripts/embed-assets.py after editing Sources/AlbumServer/Assets")
    }
}

/// What schemathesis found against /api/openapi.json (issue 24), each fixed and kept here.
@Suite struct ServerContractTests {
    @Test func nullFetchIsRefusedAndTheFirstYearIsAnErrorNotACrash() async throws {
        let h = try await ServerHarness().start()
        defer { Task { await h.stop() } }
        let null = try await h.request("POST", "/api/pins", headers: ["Content-Type": "application/json"],
                                       body: Data("{\"latitude\":1,\"longitude\":1,\"fetch\":null}".utf8))
        #expect(null.status == 400 && null.text.contains("fetch must be true or false"), "\(null.text)")
        #expect(try await h.library.pins().isEmpty)
        for path in ["/api/summaries/monthly?year=1&month=1", "/api/summaries/yearly?year=1"] {
            let first = try await h.request("GET", path)
            #expect(first.status == 400, "\(path): \(first.text)")
        }
        #expect(try await h.request("GET", "/api/summaries/monthly?year=2&month=1").status == 200)
        #expect(try await h.request("GET", "/api/media/1?size=huge").status == 400)
    }

    @Test func filtersAndSearchTextThatMatchNothingAreEmptyAnswers() async throws {
        let h = try await ServerHarness().start()
        defer { Task { await h.stop() } }
        for path in ["/api/entries?tag=", "/api/entries?tag=%01", "/api/entries?from=2024-02-01&to=2024-01-01",
                     "/api/search?q=%22", "/api/search?q=*", "/api/search?q=%20", "/api/search?q=%22unclosed"] {
            let answer = try await h.request("GET", path)
            #expect(answer.status == 200, "\(path): \(answer.text)")
            #expect(answer.text.contains("\"total\":0"), "\(path): \(answer.text)")
        }
        #expect(try await h.request("GET", "/api/search?q=").status == 400, "q is required")
        #expect(try await h.request("GET", "/api/entries?pin=99").status == 404)
    }
}
