import AlbumCore
import AlbumModel
import Foundation
import Testing

@testable import AlbumServer

/// `StreamingJSONEncoder` writes the bytes `JSONEncoder` writes (sorted keys, slashes as they
/// are) for everything the server answers, and hands back to it what it does not do itself.
@Suite struct StreamingJSONTests {
    func same<T: Encodable>(_ value: T, _ label: String = "", streamed: Bool = true) {
        let fast = try? StreamingJSONEncoder.encode(value)
        let reference = JSONOut.foundation(value)
        if streamed {
            #expect(fast != nil, "streamed, not handed back: \(label)")
        }
        #expect(JSONOut.encode(value) == reference, "\(label): \(String(decoding: JSONOut.encode(value), as: UTF8.self)) vs \(String(decoding: reference, as: UTF8.self))")
    }

    @Test func theServersAnswersAreByteForByteJSONEncoders() async throws {
        let h = try await ServerHarness().start()
        defer { Task { await h.stop() } }
        let created = try await h.json("POST", "/api/pins", ["latitude": 48.856613, "longitude": 2.352222, "title": "Paris <\"/\\> é 🗺", "note": "a\nb"])
        let id = try #require((try created.json() as? [String: Any])?["id"] as? Int)
        _ = try await h.json("POST", "/api/pins", ["latitude": -33.9, "longitude": 151.2, "fetch": false])
        await h.server.waitForFetches()
        let pins = try await h.library.pins()
        #expect(pins.count == 2 && pins[0].place != nil)
        same(pins.map(PinJSON.init), "pins")
        let photos = try await h.library.photos(pinId: Int64(id))
        #expect(photos.count == 8)
        same(photos.map { PhotoJSON(photo: $0) }, "photos")
        same(AlbumJSON(pin: pins[0], hasAlbum: true, downloading: false, problem: nil, photos: photos), "album")
        let page = try await h.library.timeline(by: .day, filter: PhotoFilter(), page: 1, pageSize: 5)
        same(AlbumAPI.served(page), "timeline")
        same(try await h.library.summary(of: try LocalPeriod.month("2024-06")), "summary", streamed: false)
        same(try await h.library.tags(), "tags")
        same(RegionJSON(region: try Region(center: Coordinate(latitude: 1.5, longitude: -2), spanLatitude: 0.25, spanLongitude: 360)), "region")
    }

    @Test(arguments: [0, 0.1, -0.0, 5, 1e-7, 1e21, 123456789.123, 48.856613, Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude])
    func numbers(_ value: Double) {
        same(["n": value], "\(value)")
        same([value], "\(value)")
    }

    @Test func keysInJSONEncodersOrderAndWhatIsHandedBack() {
        same(["pages": 1, "pageSize": 2, "page": 3, "Zulu": 4, "alpha": 5, "": 6], "ASCII keys")
        same(["key10": 1, "key9": 2], "digits: JSONEncoder sorts them as numbers", streamed: false)
        same(["ö": 1, "z": 2], "beyond ASCII", streamed: false)
        same(["date": Date(timeIntervalSince1970: 0)], "Date", streamed: false)
        same([URL(string: "https://example.org/a b")], "URL", streamed: false)
        same(["empty": [[String: Int]](), "nested": [[String: Int]()]], "empty containers")
        same([Int8.min, 0, 1] as [Int8], "small integers")
        same([UInt64.max], "UInt64")
        same([Float(0.1), 3], "Float")
        same(Double.nan, "NaN: null from both", streamed: false)
        same("top-level string", "fragment")
    }
}
