import AlbumCore
import AlbumModel
import Foundation
import Testing
import TestSupport

@testable import AlbumServer

/// Look-alikes folded on the timeline and album pages (issue 27, decision 0125).
@Suite struct LookalikeFoldsTests {
    @Test func photosWithinTheThresholdFoldUnderTheFirstThroughChains() {
        // 0 and 0x7F are 7 bits apart (folded); 0xFF00 is 8 from 0 (shown); 0x8000007F is 1 bit
        // from 0x7F and 8 from 0: folded through it; no hash: never folded.
        let folds = LookalikeFolds([0, 0x7F, nil, 0xFF00, 0x8000_007F, nil])
        #expect(folds.lead == [0, 0, 2, 3, 0, 5])
        #expect(folds.counts == [0: 3])
        #expect(LookalikeFolds([0, 0xFF]).counts.isEmpty, "8 bits apart: two pictures")
        #expect(LookalikeFolds([]).lead.isEmpty)
        // The earliest photo leads even when the pair index reports later ones first.
        let late = LookalikeFolds([0xFFFF_0000, 1, 0, 3])
        #expect(late.lead == [0, 1, 1, 1] && late.counts == [1: 3])
        let badge = LookalikeFolds.badge(42, count: 2)
        #expect(badge.contains("data-fold=\"42\"") && badge.contains("aria-expanded=\"false\"") && badge.contains("+1<span class=\"visually-hidden\"> look-alike</span>"))
    }

    /// The same picture stored three times (a fetched bundle photo and two imported copies that
    /// differ only in bytes after the image): one tile on the day's timeline and on the album,
    /// with "+2", the two others hidden under it; every photo still on the page.
    @Test func theTimelineAndTheAlbumFoldTheSamePicture() async throws {
        let h = try await ServerHarness().start()
        defer { Task { await h.stop() } }
        let created = try await h.json("POST", "/api/pins", ["latitude": 48.856613, "longitude": 2.352222, "title": "Paris"])
        let pin = try #require((try created.json() as? [String: Any])?["id"] as? Int)
        await h.server.waitForFetches()
        let before = try await h.request("GET", "/timeline?by=day")
        #expect(!before.text.contains("fold-badge"), "8 different pictures: nothing folded")
        let copies = h.folder.child("copies")
        try FileManager.default.createDirectory(at: copies, withIntermediateDirectories: true)
        let original = try Data(contentsOf: Fixtures.bundle.appendingPathComponent("photos/paris-01.jpg"))
        for n in 1...2 { try (original + Data(repeating: UInt8(n), count: n)).write(to: copies.appendingPathComponent("copy-\(n).jpg")) }
        _ = try await h.library.importFolder(copies, options: ImportOptions())

        let page = try await h.request("GET", "/timeline?by=day")
        #expect(page.status == 200)
        let text = page.text
        #expect(text.components(separatedBy: "class=\"fold-badge\"").count == 2, "one fold: \(text)")
        let lead = try #require(text.range(of: "data-fold=\"").map { String(text[$0.upperBound...].prefix { $0.isNumber }) })
        #expect(text.contains("+2<span class=\"visually-hidden\"> look-alikes</span>"))
        #expect(text.components(separatedBy: "data-fold-of=\"\(lead)\" hidden").count == 3, "two hidden under \(lead)")
        #expect(text.contains("<div class=\"slot fold-lead\" data-id=\"\(lead)\"><a class=\"slot-link\""))
        #expect(text.contains("<script src=\"/assets/folds."))
        // Every photo is still on the page: 10 tiles, 2 of them folded.
        #expect(text.components(separatedBy: "data-id=\"").count - 1 == 10, "\(text)")

        let album = try await h.request("GET", "/pins/\(pin)")
        let folded = album.text.components(separatedBy: "data-fold-of=\"").count - 1
        let badges = album.text.components(separatedBy: "class=\"fold-badge\"").count - 1
        // The copies may land on this pin (their GPS is Paris) or on their own: the fetched 8 fold nothing among themselves.
        #expect(badges <= 1 && folded == 2 * badges, "\(album.text)")
        #expect(album.text.contains("<script src=\"/assets/folds."))
    }
}
