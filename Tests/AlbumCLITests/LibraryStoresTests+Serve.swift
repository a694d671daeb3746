import Foundation
import TestSupport
import Testing

/// `album export` and `album serve` on both stores.
extension LibraryStoresTests {
    @Test func exportsWriteTheSameFilesOnBothStores() async throws {
        let server = try StoreLibrary.imageServer()
        var source: String?
        var written: [StoreKind: [String: Data]] = [:]
        for store in StoreKind.all {
            let lib = try StoreLibrary(store, folder: folder)
            let src: String
            if let source { src = source } else { src = try await lib.source(5, server: server) }
            source = src
            let report = try await lib.fetch(src, perPage: 5)
            #expect(report["downloaded"] as? Int == 5, "\(report)")
            let out = folder.child("export-\(store)")
            for format in ["gpx", "kml", "geojson"] {
                let run = try await lib.run(["export", format, "--out", out.appendingPathComponent("all.\(format)").path])
                #expect(run.stdout == "exported 1 pin and 5 photos to \(out.path)/all.\(format)\n", "\(run.stderr)")
            }
            let gallery = try await lib.run(["export", "html", "--out", out.appendingPathComponent("gallery").path])
            #expect(gallery.status == 0, "\(gallery.stderr)")
            let unknown = try await lib.run(["export", "gpx", "--pin", "99", "--out", out.appendingPathComponent("none.gpx").path])
            #expect(unknown.status != 0 && unknown.stderr.hasPrefix("album: error: ") && unknown.stderr.contains("no pin with id 99"), "\(unknown.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("none.gpx").path))
            // Every file written, with the library's own folder (in a GeoJSON's file paths) named alike.
            let files = store.files(of: lib.library)
            var contents: [String: Data] = [:]
            for case let path as String in FileManager.default.enumerator(atPath: out.path) ?? .init() {
                let url = out.appendingPathComponent(path)
                guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
                let data = try Data(contentsOf: url)
                contents[path] = path.hasSuffix(".jpg")
                    ? data : Data(String(decoding: data, as: UTF8.self).replacingOccurrences(of: files, with: "LIBRARY").utf8)
            }
            written[store] = contents
        }
        let sqlite = try #require(written[.sqlite])
        let gpx = String(decoding: try #require(sqlite["all.gpx"]), as: UTF8.self)
        #expect(gpx.components(separatedBy: "<wpt ").count == 2 && gpx.components(separatedBy: "<trkpt ").count == 6, "\(gpx)")
        #expect(sqlite["gallery/index.html"] != nil)
        #expect(sqlite.keys.filter { $0.hasSuffix(".jpg") }.count >= 5, "\(sqlite.keys.sorted())")
        if let postgres = written[.postgres] {
            #expect(postgres.keys.sorted() == sqlite.keys.sorted())
            for (path, data) in sqlite {
                #expect(postgres[path] == data, "\(path) differs between the stores")
            }
        }
    }

    @Test(arguments: StoreKind.all)
    func serveAnswersPinsAndPhotosAndSeesAnotherProcesssChanges(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        let images = try StoreLibrary.imageServer()  // kept serving to the end
        let pin = try await lib.fetchedPin(3, server: images)

        let serve = try lib.start(["serve", "--port", "0", "--json"])
        let (process, out, _) = serve
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }  // a failed expectation
        let port = try await RawHTTP.servedPort(out)
        func get(_ path: String) async throws -> RawHTTP.Response {
            try await RawHTTP.offPool { try RawHTTP.request("GET", path, port: port) }
        }
        func pins() async throws -> [[String: Any]] {
            let answer = try await get("/api/pins")
            #expect(answer.status == 200, "\(answer.text)")
            return try #require(try JSONSerialization.jsonObject(with: answer.body) as? [[String: Any]])
        }

        #expect(try await pins().map { $0["id"] as? Int } == [pin])
        #expect(try await pins().map { $0["id"] as? Int } == [pin], "the kept answer")
        let album = try #require(try JSONSerialization.jsonObject(with: try await get("/api/pins/\(pin)/photos").body) as? [String: Any])
        let photos = try #require(album["photos"] as? [[String: Any]], "\(album)")
        #expect(photos.count == 3 && photos.allSatisfy { $0["state"] as? String == "downloaded" }, "\(photos)")
        let media = try await get("/api/media/\(photos[0]["id"] as? Int ?? 0)")
        #expect(media.status == 200 && media.body.starts(with: [0xFF, 0xD8]), "a JPEG from the files folder")

        // Another process adds a pin and removes a photo: the next answers show it.
        let added = try #require(try await lib.json(["pin", "add", "--lat", "45", "--lon", "7"]) as? [String: Any])
        #expect(try await pins().map { $0["id"] as? Int } == [pin, added["id"] as? Int ?? 0])
        #expect(try await lib.run(["photo", "rm", "\(photos[0]["id"] as? Int ?? 0)"]).status == 0)
        let after = try #require(try JSONSerialization.jsonObject(with: try await get("/api/pins/\(pin)/photos").body) as? [String: Any])
        #expect((after["photos"] as? [Any])?.count == 2, "\(after)")
        #expect(try await get("/api/pins/99").status == 404)
        kill(process.processIdentifier, SIGTERM)
        _ = try await StoreLibrary.wait(serve)
    }
}
