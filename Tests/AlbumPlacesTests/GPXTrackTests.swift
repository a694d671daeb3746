import AlbumModel
import Foundation
import Testing
import TestSupport

@testable import AlbumPlaces

@Suite struct GPXTrackTests {
    /// A GPX 1.1 file with two tracks (the second with two segments), fixes every `step` seconds.
    static func gpx11(start: Double, step: Double, tracks: [[[(Double, Double)]]]) -> String {
        var t = start
        var body = ""
        for track in tracks {
            body += "<trk><name>t</name>"
            for segment in track {
                body += "<trkseg>"
                for (lat, lon) in segment {
                    body += "<trkpt lat=\"\(lat)\" lon=\"\(lon)\"><ele>100</ele><time>\(iso(t))</time></trkpt>\n"
                    t += step
                }
                body += "</trkseg>"
                t += 3600  // an hour between segments
            }
            body += "</trk>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
            \(body)</gpx>
            """
    }

    static func iso(_ t: Double) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        return f.string(from: Date(timeIntervalSince1970: t))
    }

    let start = 1_718_350_000.0  // 2024-06-14T07:26:40Z

    /// Found by the gpx fuzz target (issue 22): an element name that is not UTF-8 made
    /// FoundationXML trap, killing `album import --gpx`. Now it is a one-line error.
    @Test func aFileThatIsNotUTF8IsRefusedNotACrash() throws {
        let file = Fixtures.repositoryRoot.appendingPathComponent("fixtures/fuzz/gpx-crash-invalid-utf8-element.gpx")
        let data = try Data(contentsOf: file)
        #expect(throws: AlbumError.invalidInput("not a GPX file: not UTF-8 text", subject: .file("f.gpx"))) {
            try GPXTrack.parse(data, file: "f.gpx")
        }
    }

    /// Found by the gpx fuzz target (issue 22): a processing instruction without data (`<?x?>`)
    /// made FoundationXML call strlen(NULL): SIGSEGV in `album import --gpx`.
    @Test func aProcessingInstructionWithoutDataIsNoCrash() throws {
        let file = Fixtures.repositoryRoot.appendingPathComponent("fixtures/fuzz/gpx-crash-processing-instruction-without-data.gpx")
        #expect(throws: AlbumError.self) { try GPXTrack.parse(try Data(contentsOf: file), file: "f.gpx") }
        let gpx = Self.gpx11(start: 1_718_000_000, step: 60, tracks: [[[(1, 2), (1.001, 2.001)]]])
        let withPI = gpx.replacingOccurrences(of: "<trk>", with: "<?x?><?y ?><?z data?><trk>")
        let track = try GPXTrack.parse(Data(withPI.utf8), file: "pi.gpx")
        #expect(track.segments.first?.count == 2)
        // Found by the same target in session 7: taking `<?xml?>` out joined `<?n` and `r.?>`
        // into another instruction without data.
        let joined = Fixtures.repositoryRoot.appendingPathComponent("fixtures/fuzz/gpx-crash-processing-instruction-joined.gpx")
        #expect(throws: AlbumError.self) { try GPXTrack.parse(try Data(contentsOf: joined), file: "f.gpx") }
        let nested = String(repeating: "<?", count: 100) + String(repeating: "?>", count: 100)
        #expect(throws: AlbumError.invalidInput("not a GPX file: processing instructions nested in each other", subject: .file("n.gpx"))) {
            try GPXTrack.parse(Data(nested.utf8), file: "n.gpx")
        }
    }

    @Test func interpolatesLinearlyBetweenFixes() throws {
        let text = Self.gpx11(start: start, step: 60, tracks: [[[(48.0, 2.0), (48.01, 2.02), (48.03, 2.03)]]])
        let track = try GPXTrack.parse(Data(text.utf8), file: "t.gpx")
        // 45 s after the first fix: 3/4 of the way to the second.
        let fix = try #require(track.position(at: start + 45, maxGap: 300))
        #expect(abs(fix.latitude - 48.0075) < 1e-9)
        #expect(abs(fix.longitude - 2.015) < 1e-9)
        // Exactly on the third fix.
        #expect(track.position(at: start + 120, maxGap: 300)?.latitude == 48.03)
    }

    @Test func noPositionBeyondTheGap() throws {
        let text = Self.gpx11(start: start, step: 600, tracks: [[[(48.0, 2.0), (48.1, 2.1)]]])
        let track = try GPXTrack.parse(Data(text.utf8), file: "t.gpx")
        // Fixes 10 min apart, max gap 5 min: between them only the nearest fix within 5 min counts.
        #expect(track.position(at: start + 300, maxGap: 300)?.latitude == 48.0)
        #expect(track.position(at: start + 301, maxGap: 240) == nil)
        #expect(track.position(at: start + 540, maxGap: 300)?.latitude == 48.1)
        // Before the track and after it.
        #expect(track.position(at: start - 120, maxGap: 300)?.latitude == 48.0)
        #expect(track.position(at: start - 400, maxGap: 300) == nil)
        #expect(track.position(at: start + 600 + 400, maxGap: 300) == nil)
    }

    @Test func severalTracksAndSegmentsAreNotJoined() throws {
        let text = Self.gpx11(
            start: start, step: 60,
            tracks: [[[(10.0, 10.0), (10.0, 10.1)]], [[(20.0, 20.0), (20.0, 20.1)], [(30.0, 30.0), (30.0, 30.1)]]])
        let track = try GPXTrack.parse(Data(text.utf8), file: "t.gpx")
        #expect(track.segments.count == 3)
        // Inside the second track's second segment.
        let second = start + 60 * 2 + 3600 + 60 * 2 + 3600
        #expect(abs((track.position(at: second + 30, maxGap: 300)?.longitude ?? 0) - 30.05) < 1e-9)
        // In the hour between segments: nothing (not a line from 20.1 to 30.0).
        #expect(track.position(at: second - 1800, maxGap: 300) == nil)
    }

    @Test func crossesTheAntimeridianTheShortWay() throws {
        let text = Self.gpx11(start: start, step: 100, tracks: [[[(-16.8, 179.9), (-16.8, -179.9)]]])
        let track = try GPXTrack.parse(Data(text.utf8), file: "t.gpx")
        let fix = try #require(track.position(at: start + 25, maxGap: 300))
        #expect(abs(fix.longitude - 179.95) < 1e-9)
        let later = try #require(track.position(at: start + 75, maxGap: 300))
        #expect(abs(later.longitude - -179.95) < 1e-9)
    }

    @Test func readsGPX10() throws {
        let text = """
            <?xml version="1.0"?>
            <gpx version="1.0" creator="gpsbabel" xmlns="http://www.topografix.com/GPX/1/0">
            <time>2024-06-14T07:00:00Z</time>
            <trk><trkseg>
            <trkpt lat="-1.28" lon="36.81"><time>2024-06-14T07:00:00Z</time><course>10</course></trkpt>
            <trkpt lat="-1.30" lon="36.83"><time>2024-06-14T07:00:10.5Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        let track = try GPXTrack.parse(Data(text.utf8), file: "old.gpx")
        #expect(track.segments.first?.count == 2)
        #expect(track.segments.first?.last?.time == 1_718_348_410.5)
    }

    @Test(arguments: [
        ("this is not XML <", "not a GPX file"),
        ("<?xml version=\"1.0\"?><kml></kml>", "the root element is <kml>"),
        ("<gpx version=\"1.1\"><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>", "no track point has a <time>"),
        ("<gpx version=\"1.1\"><trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>2024-06-14T07:00:10Z</time></trkpt>\n"
            + "<trkpt lat=\"1\" lon=\"2\"><time>2024-06-14T07:00:00Z</time></trkpt></trkseg></trk></gpx>",
         "t.gpx:2: fixes out of order: this one is 10 s earlier than the one on line 1"),
        ("<gpx version=\"1.1\"><trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>yesterday</time></trkpt></trkseg></trk></gpx>",
         "bad <time> 'yesterday'"),
        ("<gpx version=\"1.1\"><trk><trkseg><trkpt lat=\"100\" lon=\"2\"/></trkseg></trk></gpx>", "without a valid lat and lon"),
    ])
    func badTracksAreNamed(_ text: String, _ message: String) {
        #expect {
            try GPXTrack.parse(Data(text.utf8), file: "t.gpx")
        } throws: { error in
            "\(error)".contains(message) && "\(error)".hasPrefix("t.gpx")
        }
    }
}
