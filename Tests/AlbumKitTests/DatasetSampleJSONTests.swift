import Foundation
import Testing

@testable import AlbumCore
import AlbumModel

/// Issue 30: a dataset sample's JSON is written by hand (`DatasetSample.Record.json()`) for
/// speed, and must stay the bytes `JSONEncoder` (sorted keys, slashes as they are) wrote before,
/// so that an export of the same library gives the same shards.
@Suite struct DatasetSampleJSONTests {
    typealias Record = DatasetSample.Record

    /// Strings with every kind of byte the encoder treats apart: quotes, backslashes, slashes,
    /// every control character, non-ASCII, emoji, and the empty string.
    static let texts: [String] = {
        var texts = ["", "Paris", "a \"quoted\" \\ back/slash", "Zürich — Ōsaka 東京 🏔️", "tab\there\nnew\rline", "\u{7F}del", "</script>"]
        texts += (0..<32).map { "c\(Character(Unicode.Scalar(UInt8($0))))x" }
        return texts
    }()

    static let numbers: [Double] = [0, -0.0, 1, -1, 48.8566, 2.3522, -33.8688, 151.2093, 1e-7, 4.5e-12, 123_456_789.125, 1e21, 0.1, 1.0 / 3, -179.99999999]

    static func record(_ rng: inout SystemRandomNumberGenerator) -> Record {
        func text() -> String { texts.randomElement(using: &rng)! }
        func maybe<T>(_ value: T) -> T? { Bool.random(using: &rng) ? value : nil }
        return Record(
            id: Int64.random(in: 1...Int64.max, using: &rng), key: text(), image: text(), pinId: maybe(Int64.random(in: -5...1_000_000, using: &rng)),
            latitude: maybe(numbers.randomElement(using: &rng)!), longitude: maybe(Double.random(in: -180...180, using: &rng)),
            positionFromPin: Bool.random(using: &rng), accuracy: maybe(Int.random(in: 0...16, using: &rng)), takenAt: maybe(text()),
            takenAtUTC: maybe(text()), timeZone: maybe(text()),
            place: maybe(Record.Place(name: text(), region: maybe(text()), country: maybe(text()), countryCode: text())),
            tags: (0..<Int.random(in: 0...3, using: &rng)).map { _ in text() }, title: maybe(text()),
            owner: maybe(Record.Owner(id: maybe(text()), name: maybe(text()))),
            license: maybe(Record.License(id: maybe(text()), name: maybe(text()), url: maybe("https://creativecommons.org/licenses/by/2.0/"))),
            copyright: maybe(text()), url: maybe(text()), source: text(), width: maybe(Int.random(in: 1...10_000, using: &rng)),
            height: maybe(Int.random(in: 1...10_000, using: &rng)))
    }

    @Test func theHandWrittenJSONIsTheEncodersByteForByte() throws {
        var rng = SystemRandomNumberGenerator()
        let encoder = DatasetSample.encoder()
        for _ in 0..<2_000 {
            let record = Self.record(&rng)
            let expected = Array(try encoder.encode(record))
            let written = record.json()
            #expect(written == expected, "\(String(decoding: written, as: UTF8.self))\n\(String(decoding: expected, as: UTF8.self))")
            if written != expected { return }
        }
    }

    /// The member's extension is the one the rule on Characters gave before it was written on the
    /// bytes: what follows the last dot of the last component (not its first byte), lowercased
    /// when it is ASCII letters and digits, else `jpg`.
    @Test func theImageMembersExtensionIsTheCharacterRulesOne() {
        let paths = ["/l/a.jpg", "/l/a.JPEG", "/l/a.HeIc", "/l/a.p2", "/l/a.", "/l/a", "/l/.jpg", "/l/a.jp g", "/l/a.jpé", "/l/a.ÉPG",
                     "/l/a.x-y", "/l/a.😀", "/l/a.tar.GZ", "/l/a.Z9", "/l/a.\u{0}", "/l/..x", "/a.b/c", "/a/.hidden", "a.jpg", ".jpg",
                     "rel/p.png", "/l/thumbs/ab/abc.jpg"]
        for path in paths {
            // What followed the last dot of the last component, not its first byte.
            let utf8 = path.utf8
            let start = utf8.lastIndex(of: UInt8(ascii: "/")).map { utf8.index(after: $0) } ?? utf8.startIndex
            let dot = utf8[start...].lastIndex(of: UInt8(ascii: "."))
            let ext = dot.map { $0 == start ? "" : String(path[utf8.index(after: $0)...]) }?.lowercased() ?? ""
            let before = ext.isEmpty || !ext.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } ? "jpg" : ext
            #expect(DatasetSample.imageExtension(path) == before, "\(path)")
        }
    }

    /// A sample's UTC time (`takenAtUTC`) as written before the bytes: every time of 2024 with
    /// an offset, and none without one.
    @Test func theUTCTimeIsTheInstantWithItsOffset() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let seconds = Int.random(in: 1_704_067_200..<1_735_689_600, using: &rng)
            let offset = Int.random(in: -48...56, using: &rng) * 900
            let zone = try #require(TimeZone(secondsFromGMT: offset))
            let local = ISO8601DateFormatter()
            local.formatOptions = [.withInternetDateTime]
            local.timeZone = zone
            var text = local.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
            if text.hasSuffix("Z") { text = String(text.dropLast()) + "+00:00" }
            let time = try #require(PhotoTime(parsing: text))
            #expect(time.exportUTCOrLocal == formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds))), "\(text)")
            #expect(time.exportLocal == String(text.prefix(19)), "\(text)")
        }
        #expect(PhotoTime(parsing: "2024-06-14T09:43:60")?.exportLocal == "2024-06-14T09:43:59")
        #expect(PhotoTime(parsing: "2024-12-31T23:30:00-01:00")?.exportUTCOrLocal == "2025-01-01T00:30:00Z")
        #expect(PhotoTime(parsing: "2024-06-14T09:43:19")?.exportUTCOrLocal == "2024-06-14T09:43:19")
    }
}
