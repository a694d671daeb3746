import Foundation
import TestSupport
import Testing

/// `album serve` on a library with users, on both stores (issue 25): logins, token rotation and
/// reuse, limits, the login page and its cookie, and a cross-user probe over every route of the
/// OpenAPI document (user B gets nothing of A's: 404 for A's ids, none of A's data in lists).
extension LibraryStoresSuite {
    /// `album serve --port 0 --json` on `lib`: the process and its port.
    func serveWithUsers(_ lib: StoreLibrary, started: (Process, Pipe, Pipe)? = nil) async throws -> (Process, UInt16, (Process, Pipe, Pipe)) {
        let serve = try started ?? lib.start(["serve", "--port", "0", "--json"])
        let out = serve.1
        let port = try await RawHTTP.servedPort(out)
        return (serve.0, port, serve)
    }

    static func call(_ port: UInt16, _ method: String, _ path: String, json: [String: any Sendable]? = nil, headers: [String: String] = [:]) async throws -> RawHTTP.Response {
        var all = headers
        var body: Data?
        if let json {
            body = try JSONSerialization.data(withJSONObject: json)
            all["Content-Type"] = "application/json"
        }
        return try await RawHTTP.offPool { [all, body] in try RawHTTP.request(method, path, port: port, headers: all, body: body) }
    }

    static func login(_ port: UInt16, _ email: String, _ password: String) async throws -> [String: Any] {
        let answer = try await call(port, "POST", "/api/auth/login", json: ["email": email, "password": password])
        #expect(answer.status == 200, "\(answer.text)")
        return try #require(try answer.json() as? [String: Any])
    }
}

extension LibraryStoresTests {
    @Test(arguments: StoreKind.all)
    func loginRefreshRotationReuseLogoutAndLimits(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        #expect(try await lib.run(["user", "add", "ann@example.org"], input: "correct horse\n").status == 0)
        let (process, port, serve) = try await serveWithUsers(lib)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        #expect(try await Self.call(port, "GET", "/api/pins").status == 401)
        let first = try await Self.login(port, "Ann@Example.org", "correct horse")
        #expect(Set(first.keys) == ["token", "refreshToken", "expiresIn", "user"] && first["expiresIn"] as? Int == 900, "\(first)")
        let token = try #require(first["token"] as? String), refresh = try #require(first["refreshToken"] as? String)
        #expect(try await Self.call(port, "GET", "/api/pins", headers: ["Authorization": "Bearer \(token)"]).status == 200)
        // A tampered token: one character inside the signature changed (not the last, whose two
        // low bits are base64url padding: changing only those leaves the same signature bytes).
        var characters = Array(token)
        characters[characters.count - 5] = characters[characters.count - 5] == "A" ? "B" : "A"
        let tampered = String(characters)
        let refused = try await Self.call(port, "GET", "/api/pins", headers: ["Authorization": "Bearer \(tampered)"])
        #expect(refused.status == 401 && refused.headers["www-authenticate"] == "Bearer", "\(refused.text)")

        // Rotation: each refresh token works once; the old one replayed revokes the family.
        let second = try #require(try await Self.call(port, "POST", "/api/auth/refresh", json: ["refreshToken": refresh]).json() as? [String: Any])
        let refresh2 = try #require(second["refreshToken"] as? String), token2 = try #require(second["token"] as? String)
        #expect(refresh2 != refresh)
        let replay = try await Self.call(port, "POST", "/api/auth/refresh", json: ["refreshToken": refresh])
        #expect(replay.status == 401 && replay.text.contains("used already"), "\(replay.text)")
        #expect(try await Self.call(port, "POST", "/api/auth/refresh", json: ["refreshToken": refresh2]).status == 401)
        #expect(try await Self.call(port, "GET", "/api/pins", headers: ["Authorization": "Bearer \(token2)"]).status == 401)

        // Logout revokes the family.
        let third = try await Self.login(port, "ann@example.org", "correct horse")
        let out = try await Self.call(port, "POST", "/api/auth/logout", json: ["refreshToken": third["refreshToken"] as? String ?? ""])
        #expect(out.status == 200 && out.text == #"{"revoked":true}"#, "\(out.text)")
        #expect(try await Self.call(port, "GET", "/api/pins", headers: ["Authorization": "Bearer \(third["token"] as? String ?? "")"]).status == 401)

        // Bad bodies: one clear error each.
        #expect(try await Self.call(port, "POST", "/api/auth/login", json: ["email": "ann@example.org"]).text.contains("email and password are required"))
        let plain = try await RawHTTP.offPool { try RawHTTP.request("POST", "/api/auth/login", port: port, headers: ["Content-Type": "text/plain"], body: Data("x".utf8)) }
        #expect(plain.status == 415, "\(plain.text)")

        // The login page and its cookie.
        let page = try await Self.call(port, "GET", "/")
        #expect(page.status == 303 && page.headers["location"] == "/login")
        #expect(try await Self.call(port, "GET", "/login").text.contains("<form method=\"post\" action=\"/login\">"))
        let form = ["Content-Type": "application/x-www-form-urlencoded"]
        let wrongForm = try await RawHTTP.offPool { try RawHTTP.request("POST", "/login", port: port, headers: form, body: Data("email=ann%40example.org&password=nope".utf8)) }
        #expect(wrongForm.status == 401 && wrongForm.text.contains("wrong email or password"))
        let rightForm = try await RawHTTP.offPool {
            try RawHTTP.request("POST", "/login", port: port, headers: form, body: Data("email=ann%40example.org&password=correct+horse".utf8))
        }
        let cookie = try #require(rightForm.headers["set-cookie"], "\(rightForm.status) \(rightForm.text)")
        #expect(rightForm.status == 303 && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.hasPrefix("album_session="))
        let session = String(cookie.split(separator: ";")[0])
        #expect(try await Self.call(port, "GET", "/", headers: ["Cookie": session]).status == 200)
        #expect(try await Self.call(port, "GET", "/api/pins", headers: ["Cookie": session]).status == 200)
        let logout = try await RawHTTP.offPool { try RawHTTP.request("POST", "/logout", port: port, headers: ["Cookie": session, "Content-Type": "application/x-www-form-urlencoded"], body: Data()) }
        #expect(logout.status == 303 && logout.headers["set-cookie"]?.contains("Max-Age=0") == true)
        #expect(try await Self.call(port, "GET", "/", headers: ["Cookie": session]).status == 303)

        // Failed logins: the 5 allowed in a minute (one spent above), then 429 with Retry-After.
        for _ in 0..<4 { #expect(try await Self.call(port, "POST", "/api/auth/login", json: ["email": "ann@example.org", "password": "guess"]).status == 401) }
        let limited = try await Self.call(port, "POST", "/api/auth/login", json: ["email": "ann@example.org", "password": "correct horse"])
        #expect(limited.status == 429, "\(limited.text)")
        let wait = Int(limited.headers["retry-after"] ?? "") ?? 0
        #expect(wait >= 1 && wait <= 60, "\(limited.headers)")
        kill(process.processIdentifier, SIGTERM)
        _ = try await StoreLibrary.wait(serve)
    }

    /// Ann's title, note or tag (the search query `annsecret`, echoed back in lower case, is not hers).
    static func showsAnnsData(_ text: String) -> Bool {
        text.contains("Annsecret") || text.contains("annsecret note") || text.contains("annsecrettag") || text.contains("annsecret diary")
    }

    @Test(arguments: StoreKind.all)
    func anotherUserGetsNothingOfAnyRoute(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        let images = try StoreLibrary.imageServer()
        #expect(try await lib.run(["user", "add", "ann@example.org"], input: "correct horse\n").status == 0)
        #expect(try await lib.run(["user", "add", "bob@example.org"], input: "battery staple\n").status == 0)
        // Ann's content, made by the CLI acting as the first admin: a fetched pin, a tag, a plan.
        let pin = try await lib.fetchedPin(3, server: images)
        _ = try await lib.json(["pin", "edit", "\(pin)", "--title", "Annsecret", "--note", "annsecret note"])
        _ = try await lib.json(["tag", "add", "pin:\(pin)", "annsecrettag"])
        let photo = try #require(try await lib.photos(pin).first?["id"] as? Int)
        let share = try #require((try await lib.json(["share", "pin", "\(pin)"]) as? [String: Any])?["id"] as? Int)
        let entry = try #require((try await lib.json(["note", "add", "annsecret diary", "--pin", "\(pin)"]) as? [String: Any])?["id"] as? Int)

        let (process, port, serve) = try await serveWithUsers(lib)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let ann = ["Authorization": "Bearer \(try await Self.login(port, "ann@example.org", "correct horse")["token"] as? String ?? "")"]
        let bob = ["Authorization": "Bearer \(try await Self.login(port, "bob@example.org", "battery staple")["token"] as? String ?? "")"]
        #expect(try await Self.call(port, "GET", "/api/pins/\(pin)", headers: ann).status == 200)
        #expect(try await Self.call(port, "GET", "/api/media/\(photo)", headers: ann).status == 200)

        // Every operation of the OpenAPI document, as Bob, with Ann's ids.
        let document = try #require(try await Self.call(port, "GET", "/api/openapi.json").json() as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var probed = 0
        for (template, operations) in paths.sorted(by: { $0.key < $1.key }) where !template.hasPrefix("/api/auth/") {
            let usesId = template.contains("{id}")
            let id = template.hasPrefix("/api/photos/") || template.hasPrefix("/api/media/") ? photo : template.hasPrefix("/api/shares/") ? share : pin
            var path = template.replacingOccurrences(of: "{id}", with: "\(id)")
            if template == "/api/search" { path += "?q=annsecret" }
            if template == "/api/summaries/monthly" { path += "?year=2020&month=1" }
            if template == "/api/summaries/yearly" { path += "?year=2020" }
            if template == "/api/entries" { path += "?pin=\(pin)" }
            for method in operations.keys where ["get", "put", "post", "delete"].contains(method) {
                let verb = method.uppercased()
                var body: [String: any Sendable]?
                if verb == "PUT" || verb == "POST" { body = ["latitude": 10.0, "longitude": 10.0, "fetch": false, "spanLatitude": 1.0, "spanLongitude": 1.0] }
                if template == "/api/pins/{id}/events" {
                    let head = try await RawHTTP.offPool { [path] in RawHTTP.readStream(path, port: port, until: "\r\n\r\n", headers: bob) }
                    #expect(head.hasPrefix("HTTP/1.1 404"), "\(verb) \(path): \(head.prefix(80))")
                    probed += 1
                    continue
                }
                let answer = try await Self.call(port, verb, path, json: body, headers: bob)
                probed += 1
                if usesId || (template == "/api/entries" && verb == "GET") {
                    #expect(answer.status == 404, "\(verb) \(path) as another user: \(answer.status) \(answer.text.prefix(200))")
                } else {
                    #expect(answer.status < 500, "\(verb) \(path): \(answer.status)")
                }
                let text = answer.text
                #expect(!Self.showsAnnsData(text), "\(verb) \(path) shows Ann's data: \(answer.text.prefix(200))")
                #expect(!text.contains("\"id\":\(pin),") && !text.contains("\"id\":\(photo),") && !text.contains("\"pinId\":\(pin)"),
                        "\(verb) \(path) shows Ann's ids: \(answer.text.prefix(200))")
            }
        }
        #expect(probed >= 21, "every operation of the document was probed (\(probed))")
        // The pages too.
        for page in ["/pins/\(pin)", "/entries/\(entry)"] {
            #expect(try await Self.call(port, "GET", page, headers: bob).status == 404)
        }
        for page in ["/", "/timeline", "/diary", "/tags", "/search?q=annsecret", "/summary"] {
            let answer = try await Self.call(port, "GET", page, headers: bob)
            #expect(answer.status == 200 && !Self.showsAnnsData(answer.text), "\(page): \(answer.status)")
        }
        // Ann's content is whole after Bob's PUTs, POSTs and DELETEs.
        let still = try #require(try await Self.call(port, "GET", "/api/pins/\(pin)/photos", headers: ann).json() as? [String: Any])
        #expect((still["photos"] as? [Any])?.count == 3, "\(still)")
        #expect(((still["pin"] as? [String: Any])?["latitude"] as? Double ?? 0) != 10.0)
        let links = try #require(try await Self.call(port, "GET", "/api/shares", headers: ann).json() as? [[String: Any]])
        #expect(links.count == 1 && links[0]["id"] as? Int == share && links[0]["revoked"] as? Bool == false, "Bob's DELETE left Ann's link: \(links)")
        // Bob's own pin has an id of his partition, never one of Ann's.
        let own = try #require(try await Self.call(port, "POST", "/api/pins", json: ["latitude": 1.0, "longitude": 1.0, "fetch": false], headers: bob).json() as? [String: Any])
        #expect((own["id"] as? Int ?? 0) >= 2_000_000_000, "\(own)")
        #expect(try await Self.call(port, "GET", "/api/pins/\(own["id"] as? Int ?? 0)", headers: ann).status == 404)
        kill(process.processIdentifier, SIGTERM)
        _ = try await StoreLibrary.wait(serve)
    }
}
