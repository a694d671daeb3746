import Foundation
import TestSupport
import Testing

/// `album share` and `/s/TOKEN` on both stores (issue 25): a link shows that album's page,
/// thumbnails and originals, nothing else, until it is revoked.
extension LibraryStoresTests {
    @Test(arguments: StoreKind.all)
    func aShareLinkShowsOneAlbumReadOnlyUntilRevoked(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        let images = try StoreLibrary.imageServer()
        #expect(try await lib.run(["user", "add", "ann@example.org"], input: "correct horse\n").status == 0)
        #expect(try await lib.run(["user", "add", "bob@example.org"], input: "battery staple\n").status == 0)
        let pin = try await lib.fetchedPin(2, server: images)  // Ann's, with 2 photos
        _ = try await lib.json(["pin", "edit", "\(pin)", "--title", "Shared trip"])
        _ = try #require(try await lib.json(["pin", "add", "--lat", "10", "--lon", "10", "--title", "Private"]) as? [String: Any])
        let photos = try await lib.photos(pin)
        let photo = try #require(photos.first?["id"] as? Int)

        // Bad input: an unknown pin (Bob has no pin 1), a duration out of range.
        #expect(try await lib.run(["share", "pin", "\(pin)", "--user", "bob@example.org"]).stderr.contains("no pin with id \(pin)"))
        #expect(try await lib.run(["share", "pin", "\(pin)", "--for", "400d"]).stderr == "album: error: --for must be between 1 minute and 1 year\n")
        let made = try #require(try await lib.json(["share", "pin", "\(pin)", "--for", "7d"]) as? [String: Any])
        let path = try #require(made["path"] as? String)
        #expect(path.hasPrefix("/s/") && path.count == 3 + 64, "\(made)")
        #expect(try #require(try await lib.json(["share", "list"]) as? [[String: Any]]).map { $0["path"] is NSNull } == [true], "the token is shown once")
        #expect(try #require(try await lib.json(["share", "list", "--user", "bob@example.org"]) as? [[String: Any]]).isEmpty)

        let (process, port, serve) = try await serveWithUsers(lib)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let page = try await Self.call(port, "GET", path)
        #expect(page.status == 200 && page.text.contains("Shared trip") && page.text.contains("\(path)/media/\(photo)?size=thumb"), "\(page.text.prefix(300))")
        #expect(!page.text.contains("Private"))
        let thumb = try await Self.call(port, "GET", "\(path)/media/\(photo)?size=thumb")
        #expect(thumb.status == 200 && thumb.body.starts(with: [0xFF, 0xD8]))
        #expect(try await Self.call(port, "GET", "\(path)/media/\(photo)").status == 200)
        // Nothing else: not another pin's photo, not the API, not another route, not a guessed token.
        for probe in ["\(path)/media/999", "\(path)/api/pins", "\(path)/pins/\(pin)", "/s/" + String(repeating: "0", count: 64),
                      "/s/short", "/api/pins/\(pin)", "/api/media/\(photo)"] {
            let answer = try await Self.call(port, "GET", probe)
            #expect([401, 404].contains(answer.status), "\(probe): \(answer.status)")
            #expect(!answer.text.contains("Shared trip") || probe.hasPrefix("/s/") == false, "\(probe)")
        }
        #expect(try await Self.call(port, "POST", path, json: ["x": 1]).status == 404, "read-only")

        // Revoked: it stops at once, while the server runs.
        let id = try #require(made["id"] as? Int)
        #expect(try await lib.run(["share", "rm", "\(id)", "--user", "bob@example.org"]).stderr == "album: error: no share link \(id)\n")
        #expect(try await lib.run(["share", "rm", "\(id)"]).stdout == "revoked share \(id) of pin \(pin)\n")
        #expect(try await Self.call(port, "GET", path).status == 404)
        #expect(try await Self.call(port, "GET", "\(path)/media/\(photo)?size=thumb").status == 404)
        #expect(try await lib.run(["share", "list"]).stdout.contains("\(id)  pin \(pin)  revoked"))

        // Bob's own share opens his partition's album.
        let bobs = try #require(try await lib.json(["pin", "add", "--lat", "1", "--lon", "1", "--title", "Bob trip", "--user", "bob@example.org"]) as? [String: Any])
        let bobShare = try #require(try await lib.json(["share", "pin", "\(bobs["id"] as? Int ?? 0)", "--user", "bob@example.org"]) as? [String: Any])
        let bobPage = try await Self.call(port, "GET", bobShare["path"] as? String ?? "")
        #expect(bobPage.status == 200 && bobPage.text.contains("Bob trip") && bobPage.text.contains("0 photos"), "\(bobPage.text.prefix(300))")
        // A photo of another pin (Ann's) through Bob's link: 404.
        #expect(try await Self.call(port, "GET", "\(bobShare["path"] as? String ?? "")/media/\(photo)?size=thumb").status == 404)
        kill(process.processIdentifier, SIGTERM)
        _ = try await StoreLibrary.wait(serve)
    }
}
