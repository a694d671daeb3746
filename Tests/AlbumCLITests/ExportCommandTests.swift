import Foundation
import Testing
import TestSupport

/// `album export` through the built binary, checked by real validators and consumers:
/// xmllint against the official XSDs, gpsbabel reading the files back, python3-geojson.
@Suite struct ExportCommandTests {
    let fixture: ExportFixture
    init() throws { fixture = try ExportFixture() }

    func export(_ format: String, _ extra: [String] = []) throws -> (URL, AlbumRun) {
        let file = fixture.folder.child("out.\(format)")
        let run = try fixture.album(["export", format, "--out", file.path] + extra)
        return (file, run)
    }

    /// gpsbabel's unicsv rows (header dropped) for a file it reads with `format`: its waypoints
    /// (`kind` -w) or track points (-t).
    func gpsbabelRows(_ file: URL, format: String, kind: String = "-w") throws -> [String] {
        let result = try ExternalTool.run("gpsbabel", [kind, "-i", format, "-f", file.path, "-o", "unicsv", "-F", "-"])
        #expect(result.status == 0, "\(result.output)")
        return Array(result.output.components(separatedBy: .newlines).filter { !$0.isEmpty }.dropFirst())
    }

    @Test func gpxIsValidAndGpsbabelReadsItBack() throws {
        let (file, run) = try export("gpx")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("exported 3 pins and 16 photos"))
        let check = try ExternalTool.validateXML(file, schema: "gpx-1.1/gpx.xsd")
        #expect(check.status == 0, "\(check.output)")
        let waypoints = try gpsbabelRows(file, format: "gpx")
        #expect(waypoints.count == 3, "a waypoint per pin: \(waypoints)")
        let rows = try gpsbabelRows(file, format: "gpx", kind: "-t")
        #expect(rows.count == 16, "a track of 16 photos: \(rows)")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;/../x"))
        #expect(!text.contains("<b>"))
        #expect(text.contains("lon=\"179.9999000\""))
        // Time order: Paris (June) before Sydney (July), and UTC times.
        let paris = try #require(text.range(of: "<time>2024-06-14T"))
        let sydney = try #require(text.range(of: "<time>2024-07-03T"))
        #expect(paris.lowerBound < sydney.lowerBound)
        #expect(text.contains("<time>2024-06-14T07:43:19Z</time>"), "09:43:19+02:00 in UTC")
        #expect(rows.contains { $0.contains("Tom") && $0.contains("Jerry") }, "the title survives the round trip")
    }

    @Test func kmlIsValidAndGpsbabelReadsItBack() throws {
        let (file, run) = try export("kml")
        #expect(run.status == 0, "\(run.stderr)")
        let check = try ExternalTool.validateXML(file, schema: "kml-2.2/ogckml22.xsd")
        #expect(check.status == 0, "\(check.output)")
        let rows = try gpsbabelRows(file, format: "kml")
        #expect(rows.count == 3 + 16, "\(rows)")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("<when>2024-06-14T09:43:19+02:00</when>"))
        #expect(!text.contains("<b>"))
    }

    @Test func geojsonFollowsRFC7946() throws {
        let (file, run) = try export("geojson")
        #expect(run.status == 0, "\(run.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        #expect(root["type"] as? String == "FeatureCollection")
        #expect(root["crs"] == nil, "RFC 7946 removed crs")
        let features = try #require(root["features"] as? [[String: Any]])
        #expect(features.count == 19)
        for feature in features {
            #expect(feature["type"] as? String == "Feature")
            let geometry = try #require(feature["geometry"] as? [String: Any])
            #expect(geometry["type"] as? String == "Point")
            let position = try #require(geometry["coordinates"] as? [Double])
            #expect(position.count == 2)
            #expect((-180...180).contains(position[0]) && (-90...90).contains(position[1]), "[lon, lat]")
            #expect(feature["properties"] is [String: Any])
            #expect(feature["id"] is String)
        }
        let sydney = try #require(features.first { ($0["properties"] as? [String: Any])?["title"] as? String == "Sydney" })
        let lonLat = try #require((sydney["geometry"] as? [String: Any])?["coordinates"] as? [Double])
        #expect(lonLat[0] > 150 && lonLat[1] < 0, "longitude first")
        let check = try ExternalTool.run("/usr/bin/python3", [
            "-c", "import geojson,sys; o=geojson.load(open(sys.argv[1])); print(o.is_valid, o.errors()); sys.exit(0 if o.is_valid else 1)",
            file.path,
        ])
        #expect(check.status == 0, "python3-geojson: \(check.output)")
    }

    /// Entries with a position (issue 26) in all three formats, with their words and mood; an
    /// entry without one is left out.
    @Test func entriesWithAPositionAreExported() throws {
        func add(_ arguments: [String]) throws -> Int {
            let run = try fixture.album(arguments + ["--json"])
            #expect(run.status == 0, "\(run.stderr)")
            return try #require((try run.json() as? [String: Any])?["id"] as? Int)
        }
        let note = try add(["note", "add", "A wonderful <b>day</b> & more", "--lat", "48.86", "--lon", "2.35", "--at", "2024-06-14T18:00", "--tag", "paris"])
        let song = try add(["song", "add", "--title", "La Mer", "--artist", "Charles Trenet", "--pin", "\(fixture.parisPin)", "--at", "2024-06-15T09:00"])
        _ = try add(["note", "add", "Nowhere in particular", "--at", "2024-06-16T09:00"])

        let (gpx, gpxRun) = try export("gpx")
        #expect(gpxRun.status == 0 && gpxRun.stdout.contains("exported 3 pins, 16 photos and 2 entries"), "\(gpxRun.stdout) \(gpxRun.stderr)")
        #expect(try ExternalTool.validateXML(gpx, schema: "gpx-1.1/gpx.xsd").status == 0)
        #expect(try gpsbabelRows(gpx, format: "gpx").count == 3 + 2, "a waypoint per pin and per placed entry")
        let gpxText = try String(contentsOf: gpx, encoding: .utf8)
        #expect(gpxText.contains("<time>2024-06-14T16:00:00Z</time><name>A wonderful &lt;b&gt;day&lt;/b&gt; &amp; more</name><cmt>mood: positive"), "\(gpxText)")
        #expect(gpxText.contains("<name>Charles Trenet – La Mer</name>") && gpxText.contains("<type>song</type>"))
        #expect(!gpxText.contains("Nowhere"))

        let (kml, kmlRun) = try export("kml")
        #expect(kmlRun.status == 0)
        let kmlCheck = try ExternalTool.validateXML(kml, schema: "kml-2.2/ogckml22.xsd")
        #expect(kmlCheck.status == 0, "\(kmlCheck.output)")
        #expect(try gpsbabelRows(kml, format: "kml").count == 3 + 16 + 2)
        let kmlText = try String(contentsOf: kml, encoding: .utf8)
        #expect(kmlText.contains("<Placemark id=\"entry-\(note)\">") && kmlText.contains("<when>2024-06-14T18:00:00+02:00</when>"))
        #expect(kmlText.contains("<Data name=\"mood\"><value>positive</value></Data>") && !kmlText.contains("<b>"))

        let (geojson, _) = try export("geojson")
        let features = try #require((try JSONSerialization.jsonObject(with: Data(contentsOf: geojson)) as? [String: Any])?["features"] as? [[String: Any]])
        let entries = features.compactMap { $0["properties"] as? [String: Any] }.filter { $0["kind"] as? String == "entry" }
        #expect(entries.map { $0["entryId"] as? Int } == [song, note], "newest first: \(entries)")
        let songFeature = try #require(entries.first)
        #expect(songFeature["entryKind"] as? String == "song" && songFeature["artist"] as? String == "Charles Trenet")
        #expect(songFeature["pinId"] as? Int == fixture.parisPin)
        let noteFeature = try #require(entries.last)
        #expect(noteFeature["text"] as? String == "A wonderful <b>day</b> & more" && noteFeature["mood"] as? String == "positive")
        #expect(noteFeature["tags"] as? [String] == ["paris"] && noteFeature.keys.contains("transcript"))
        // --pin keeps that pin's entries only; dates select entries as photos.
        let one = try fixture.album(["export", "gpx", "--pin", "\(fixture.parisPin)"])
        #expect(one.stdout.contains("<type>song</type>") && !one.stdout.contains("wonderful"))
        let july = try fixture.album(["export", "gpx", "--from", "2024-07-01"])
        #expect(!july.stdout.contains("<type>song</type>") && !july.stdout.contains("<type>note</type>"))
    }

    @Test func dateRangeAndPinSelect() throws {
        let july = try fixture.album(["export", "geojson", "--from", "2024-07-01", "--to", "2024-07-31"])
        #expect(july.status == 0, "\(july.stderr)")
        let features = try #require((try july.json() as? [String: Any])?["features"] as? [[String: Any]])
        let pins = features.compactMap { ($0["properties"] as? [String: Any]).flatMap { $0["kind"] as? String == "pin" ? $0["pinId"] as? Int : nil } }
        #expect(pins == [fixture.sydneyPin])
        #expect(features.count == 1 + 8)

        let one = try fixture.album(["export", "gpx", "--pin", "\(fixture.parisPin)"])
        #expect(one.status == 0)
        #expect(one.stdout.components(separatedBy: "<wpt ").count == 2)
        #expect(one.stdout.components(separatedBy: "<trkpt ").count == 1 + 8)
    }

    @Test(arguments: [
        (["export", "gpx", "--from", "2024-02-30"], "--from '2024-02-30' is not a date"),
        (["export", "gpx", "--from", "2024-08-01", "--to", "2024-07-01"], "is after --to"),
        (["export", "kml", "--pin", "999"], "999"),
        (["export", "html"], "export html needs --out"),
        (["export", "gpx", "--link"], "--link is for export html only"),
        (["export", "svg"], "svg"),
    ])
    func badInputIsOneLineAndChangesNothing(arguments: [String], message: String) throws {
        let run = try fixture.album(arguments)
        #expect(run.status != 0)
        #expect(run.stderr.hasPrefix("album: error:") || run.stderr.contains("Error:"), "\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func htmlGalleryCopiesOrLinks() throws {
        for link in [false, true] {
            let out = fixture.folder.child(link ? "gallery-linked" : "gallery")
            let run = try fixture.album(["export", "html", "--out", out.path] + (link ? ["--link"] : []))
            #expect(run.status == 0, "\(run.stderr)")
            let index = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
            #expect(index.contains("&lt;b&gt;&quot;Tom&quot;"))
            #expect(!index.contains("<b>"))
            #expect(!index.contains("<script>"), "no inline script")
            let album = try String(contentsOf: out.appendingPathComponent("album-\(fixture.parisPin).html"), encoding: .utf8)
            #expect(album.components(separatedBy: "class=\"slot\"").count == 1 + 8)
            let empty = try String(contentsOf: out.appendingPathComponent("album-\(fixture.emptyPin).html"), encoding: .utf8)
            #expect(empty.contains("No Images"))
            let photos = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("photos").path)
            #expect(photos.count == 16)
            let first = out.appendingPathComponent("photos/\(photos[0])")
            let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: first.path)) != nil
            #expect(isLink == link)
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("assets/leaflet.js").path))
            let data = try String(contentsOf: out.appendingPathComponent("data.js"), encoding: .utf8)
            #expect(data.hasPrefix("window.GEOALBUM_PINS = ["))
            // The city layer: its script, GeoNames' places as a script, and the credit.
            #expect(index.contains("<script src=\"assets/cities.js\"></script>") && index.contains("GeoNames (CC BY 4.0)"))
            let cities = try String(contentsOf: out.appendingPathComponent("assets/cities-data.js"), encoding: .utf8)
            #expect(cities.hasPrefix("window.GEOALBUM_CITIES = [[") && cities.contains("\"Paris\""))
        }
        // A folder that holds something else is refused and left alone.
        let foreign = fixture.folder.child("foreign")
        try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: foreign.appendingPathComponent("notes.txt"))
        let refused = try fixture.album(["export", "html", "--out", foreign.path])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("not empty"))
        #expect(FileManager.default.fileExists(atPath: foreign.appendingPathComponent("notes.txt").path))
    }
}
