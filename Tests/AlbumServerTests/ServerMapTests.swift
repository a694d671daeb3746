import AlbumCore
import AlbumModel
import Foundation
import Testing

@testable import AlbumServer

/// What the map page loads: the compact pin list, the city layer's places, and answers kept
/// across region saves (the map saves the region on every move).
@Suite struct ServerMapTests {
    @Test func mapPinsAreCompactRowsThatParseBackToThePins() async throws {
        let h = try await ServerHarness().start()
        defer { Task { await h.stop() } }
        let title = "Tom's \"<b>\" & co/ \\ é 🗺 \u{1}\t\n"
        _ = try await h.json("POST", "/api/pins", ["latitude": 48.8566129, "longitude": -2.35222249, "title": title, "fetch": false])
        _ = try await h.json("POST", "/api/pins", ["latitude": -0.0000004, "longitude": 179, "fetch": false])
        let reply = try await h.request("GET", "/api/map/pins")
        #expect(reply.status == 200)
        let rows = try #require(try reply.json() as? [[Any]])
        #expect(rows.count == 2)
        #expect(rows[0][0] as? Int == 1)
        #expect(rows[0][1] as? Double == 48.856613, "6 decimals")
        #expect(rows[0][2] as? Double == -2.352222)
        #expect(rows[0][3] as? Int == 0)
        #expect(rows[0][4] as? String == title, "escaped as JSON, read back the same")
        #expect(rows[1][1] as? Double == 0 && rows[1][2] as? Double == 179)
        #expect(rows[1][4] is NSNull, "no title: null")
    }

    @Test func jsonStringsAreEscapedAsJSONEncoderDoes() throws {
        let texts = [String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self), "Zürich \u{2028} 東京 🗺", "a/b\\c\"d", ""]
        for text in texts {
            var bytes = JSONBytes(capacity: 0)
            bytes.string(text)
            #expect(String(decoding: bytes.bytes, as: UTF8.self) == String(decoding: JSONOut.encode(text), as: UTF8.self))
        }
    }

    @Test func citiesAreGeoNamesPlacesMostPopulousFirst() async throws {
        let h = try await ServerHarness().start()
        defer { Task { await h.stop() } }
        let reply = try await h.request("GET", "/assets/cities.json")
        #expect(reply.status == 200)
        let places = try #require(try reply.json() as? [[Any]])
        #expect(places.count > 20_000, "cities15000 has ~23,000 places")
        let populations = places.compactMap { $0[3] as? Int }
        #expect(populations.count == places.count && populations == populations.sorted(by: >))
        let paris = try #require(places.first { $0[2] as? String == "Paris" })
        #expect(abs((paris[0] as? Double ?? 0) - 48.853) < 0.01 && abs((paris[1] as? Double ?? 0) - 2.349) < 0.01, "\(paris)")
        let page = try await h.request("GET", "/")
        #expect(page.text.contains("<script src=\"/assets/cities.") && page.text.contains("GeoNames (CC BY 4.0)"))
        let script = try await h.request("GET", "/assets/cities.js")
        #expect(script.status == 200 && script.text.contains("window.GeoAlbumCities"))
    }

    /// Saving the region changes the library's version but no answer: the kept ones stay. Two
    /// answers are kept first, so an emptied cache (refilled by one request) would show.
    @Test func savingTheRegionKeepsTheKeptAnswers() async throws {
        let h = try await ServerHarness().start()
        defer { Task { await h.stop() } }
        _ = try await h.json("POST", "/api/pins", ["latitude": 10, "longitude": 10, "title": "one", "fetch": false])
        #expect(try await h.request("GET", "/api/pins").status == 200)
        #expect(try await h.request("GET", "/api/map/pins").status == 200)
        #expect(h.server.cache.count == 2)
        let before = try await h.library.version()
        let saved = try await h.json("PUT", "/api/region", ["latitude": 1, "longitude": 2, "spanLatitude": 3, "spanLongitude": 4])
        #expect(saved.status == 200)
        #expect(try await h.library.version() != before, "the region was written")
        #expect(try await h.request("GET", "/api/pins").status == 200)
        #expect(h.server.cache.count == 2, "still both answers")

        // Album data changed: the next request starts the cache again.
        _ = try await h.json("POST", "/api/pins", ["latitude": 20, "longitude": 20, "title": "two", "fetch": false])
        let pins = try #require(try await h.request("GET", "/api/pins").json() as? [[String: Any]])
        #expect(pins.count == 2)
        #expect(h.server.cache.count == 1)
    }

    @Test func answersAreCarriedOnlyAcrossTheOneWrite() {
        let cache = AnswerCache()
        let v = LibraryVersion(others: 3, own: 10)
        cache.store(AnswerCache.Answer(Data("[]".utf8)), "k", at: v)
        cache.carry(from: v, to: LibraryVersion(others: 4, own: 11), rows: 1)
        #expect(cache.lookup("k", at: LibraryVersion(others: 4, own: 11)) == nil, "another connection committed")
        cache.carry(from: v, to: LibraryVersion(others: 3, own: 12), rows: 1)
        #expect(cache.lookup("k", at: LibraryVersion(others: 3, own: 12)) == nil, "a second write of this connection")
        cache.carry(from: LibraryVersion(others: 3, own: 9), to: v, rows: 1)
        #expect(cache.lookup("k", at: v)?.data == Data("[]".utf8), "a carry from elsewhere leaves it")
        cache.carry(from: v, to: LibraryVersion(others: 3, own: 11), rows: 1)
        #expect(cache.lookup("k", at: LibraryVersion(others: 3, own: 11))?.data == Data("[]".utf8))
        #expect(cache.lookup("k", at: v) == nil)
    }

    @Test func aCacheThatKeepsNothing() async throws {
        let off = AnswerCache(maxAnswerBytes: -1)
        let answer = try await off.answer("k", at: LibraryVersion(others: 1, own: 1)) { Data("[]".utf8) }
        #expect(answer.data == Data("[]".utf8) && off.count == 0)
    }
}
