import Foundation
import Synchronization
import Testing
import TestSupport

/// Issue 30: a fetch with search filters against a Flickr-compatible API on loopback. The
/// emulator hands out a mix of licences, dates and accuracies whatever the filter (as a mirror
/// that ignores them would): the filters go to it as Flickr's parameters, and every stored photo
/// passes every filter anyway, with its owner and licence.
@Suite(.libraryStores) struct FilteredFetchTests {
    let folder = TemporaryFolder("filtered")
    var library: String { folder.child("lib").path }

    /// Nine photos: licences 0, 4, 9, 2 …, taken in 2023 or 2024, accuracy 16 or 6.
    static func server() throws -> LoopbackServer {
        let bodies = try JPEGBodies()
        let port = Mutex<Int>(0)
        let server = try LoopbackServer { request in
            if request.path == "/services/rest/" {
                let base = "http://127.0.0.1:\(port.withLock { $0 })"
                let photos = (1...9).map { id -> String in
                    let license = ["0", "4", "9", "2"][id % 4]
                    let year = id % 3 == 0 ? 2023 : 2024
                    return #"{"id":"\#(id)","owner":"\#(id)@N0\#(id)","ownername":"Owner \#(id)","secret":"s","server":"1","title":"sunset \#(id)","tags":"paris \#(id % 2 == 0 ? "tower" : "river")","url_b":"\#(base)/photos/f\#(id).jpg","latitude":"48.8584","longitude":2.2945,"accuracy":"\#(id == 5 ? 6 : 16)","datetaken":"\#(year)-05-01 10:00:0\#(id)","dateupload":"1714557600","license":"\#(license)"}"#
                }
                return .json(#"{"photos":{"page":1,"pages":1,"perpage":9,"total":"9","photo":[\#(photos.joined(separator: ","))]},"stat":"ok"}"#)
            }
            let n = Int(request.path.filter(\.isNumber)) ?? 0
            return .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: bodies.body(n))
        }
        port.withLock { $0 = server.port }
        return server
    }

    func album(_ arguments: [String], library: String? = nil) throws -> AlbumRun {
        try AlbumProcess.run(arguments + ["--library", library ?? self.library], environment: ["FLICKR_API_KEY": "k3y"])
    }

    /// On both stores: the provenance columns are written and read back by each.
    @Test(arguments: StoreKind.all)
    func everyStoredPhotoPassesEveryFilter(_ store: StoreKind) throws {
        let library = try store.newLibrary(in: folder)
        let album = { (arguments: [String]) throws -> AlbumRun in try self.album(arguments, library: library) }
        let server = try Self.server()
        let run = try album([
            "fetch", "--source", "flickr", "--endpoint", "\(server.baseURL)/services/rest/", "--lat", "48.8584", "--lon", "2.2945",
            "--per-page", "9", "--license", "cc", "--taken-after", "2024-01-01", "--tags", "paris,tower", "--tag-mode", "any",
            "--min-accuracy", "10", "--text", "Sunset", "--media", "photos", "--json",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        // The filters went to Flickr as its parameters.
        let query = try #require(server.requests.first { $0.path == "/services/rest/" }?.query)
        #expect(query["license"] == "1,2,3,4,5,6,9,11,12,13,14,15,16")
        #expect(query["min_taken_date"] == "2024-01-01 00:00:00")
        #expect(query["tags"] == "paris,tower" && query["tag_mode"] == "any" && query["text"] == "sunset")
        #expect(query["extras"]?.contains("date_upload") == true)
        let report = try #require(try run.json() as? [String: Any])
        let pinId = try #require((report["pin"] as? [String: Any])?["id"] as? Int)
        let photos = try #require(try album(["photos", "\(pinId)", "--json"]).json() as? [[String: Any]])
        // 1, 2 and 7 pass: 4 and 8 are All Rights Reserved, 3, 6 and 9 taken in 2023, 5 graded 6.
        let ids = photos.compactMap { ($0["title"] as? String)?.split(separator: " ").last.flatMap { Int($0) } }.sorted()
        #expect(ids == [1, 2, 7], "\(ids)")
        for photo in photos {
            #expect(["1", "2", "3", "4", "5", "6", "9", "11"].contains(photo["licenseId"] as? String ?? "none"), "\(photo)")
            #expect((photo["sourceTakenAt"] as? String ?? "") >= "2024-01-01", "\(photo)")
            #expect((photo["ownerName"] as? String)?.hasPrefix("Owner ") == true, "\(photo)")
            #expect((photo["ownerId"] as? String)?.contains("@N0") == true, "\(photo)")
            #expect(photo["license"] is String && photo["licenseUrl"] is String, "\(photo)")
            #expect((photo["pageUrl"] as? String)?.hasPrefix("https://www.flickr.com/photos/") == true, "\(photo)")
            #expect(photo["uploadedAt"] as? String == "2024-05-01T10:00:00Z", "\(photo)")
        }
        // The text listing and `photo show` carry the credit.
        let listing = try album(["photos", "\(pinId)"])
        #expect(listing.stdout.contains("© Owner 1, Attribution License"), "\(listing.stdout)")
        let firstId = try #require(photos.first?["id"] as? Int)
        let show = try album(["photo", "show", "\(firstId)"])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("  licence: ") && show.stdout.contains("  owner: Owner ") && show.stdout.contains("  page: https://www.flickr.com/photos/"), "\(show.stdout)")
    }

    @Test(arguments: [
        (["--license", "cc-nc"], "--license"), (["--taken-after", "2024-13-01"], "--taken-after"),
        (["--taken-before", "yesterday"], "--taken-before"), (["--tag-mode", "most", "--tags", "a"], "--tag-mode"),
        (["--min-accuracy", "17"], "--min-accuracy"), (["--media", "videos"], "--media"), (["--tags", "a,,b"], "--tags"),
        (["--taken-after", "2024-02-01", "--taken-before", "2024-01-01"], "--taken-before"), (["--text", "  "], "--text"),
    ])
    func aBadFilterIsOneLineNamingIt(arguments: [String], option: String) throws {
        for command in [["fetch", "--lat", "1", "--lon", "2"], ["search", "--lat", "1", "--lon", "2"], ["new-collection", "1"]] {
            let run = try album(command + ["--source", "flickr"] + arguments)
            #expect(run.status == 64, "\(command + arguments): \(run.stderr)")
            #expect(run.stderr.hasPrefix("album: error: \(option) "), "\(command + arguments): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: library))
    }
}

extension FilteredFetchTests {
    /// An imported photo carries its EXIF Artist (as the owner's name) and Copyright, on both stores.
    @Test(arguments: StoreKind.all)
    func importedPhotosCarryArtistAndCopyright(_ store: StoreKind) throws {
        let library = try store.newLibrary(in: folder)
        var photo = GeoPhoto(latitude: 41.8902, longitude: 12.4922, takenAt: "2024:06:14 09:43:19", tag: "credit-\(UUID())")
        photo.artist = "Ada Lovelace"
        photo.copyright = "© 2024 Ada Lovelace, CC BY 4.0"
        let trip = folder.child("trip-\(store.rawValue)")
        try FileManager.default.createDirectory(at: trip, withIntermediateDirectories: true)
        try photo.jpeg.write(to: trip.appendingPathComponent("a.jpg"))
        let imported = try album(["import", trip.path], library: library)
        #expect(imported.status == 0, "\(imported.stderr)")
        let pins = try #require(try album(["pin", "list", "--json"], library: library).json() as? [[String: Any]])
        let pinId = try #require(pins.first?["id"] as? Int)
        let photos = try #require(try album(["photos", "\(pinId)", "--json"], library: library).json() as? [[String: Any]])
        #expect(photos.count == 1)
        #expect(photos.first?["ownerName"] as? String == "Ada Lovelace", "\(photos)")
        #expect(photos.first?["copyright"] as? String == "© 2024 Ada Lovelace, CC BY 4.0", "\(photos)")
    }
}
