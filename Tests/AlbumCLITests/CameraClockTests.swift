import Foundation
import Testing
import TestSupport

/// `import --gpx … --time-offset` stores the camera clock's offset the user gave, and an import
/// reports each camera's clock against the GPS times of its photos (issue 12).
@Suite struct CameraClockTests {
    let folder = TemporaryFolder("camera-clock")
    var library: String { folder.child("lib").path }

    func album(_ arguments: [String]) throws -> AlbumRun {
        try AlbumProcess.run(arguments + ["--library", library], currentDirectory: Fixtures.repositoryRoot)
    }

    /// A walk in Lyon, 07:00Z to 08:00Z on 2024-07-15, a fix every 10 minutes going north by 0.01°.
    func writeTrack() throws -> URL {
        var points = ""
        for i in 0...6 {
            let time = i == 6 ? "08:00" : String(format: "07:%02d", i * 10)
            points += "<trkpt lat=\"\(45.75 + Double(i) * 0.01)\" lon=\"4.85\"><time>2024-07-15T\(time):00Z</time></trkpt>\n"
        }
        let track = folder.child("walk.gpx")
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            \(points)</trkseg></trk></gpx>
            """.write(to: track, atomically: true, encoding: .utf8)
        return track
    }

    @Test func theGivenClockOffsetIsStoredAndTheCameraClockIsReported() throws {
        let photos = folder.child("trip")
        // A camera 2 min 13 s fast on Paris summer time: two photos with GPS times.
        try GeoPhoto(latitude: 48.853, longitude: 2.35, takenAt: "2024:07:14 09:45:13", make: "Canon", model: "EOS 80D", tag: "a",
                     gpsTime: "2024:07:14 07:43:00").write(to: photos.appendingPathComponent("a.jpg"))
        try GeoPhoto(latitude: 48.854, longitude: 2.35, takenAt: "2024:07:14 10:02:13", make: "Canon", model: "EOS 80D", tag: "b",
                     gpsTime: "2024:07:14 08:00:00").write(to: photos.appendingPathComponent("b.jpg"))
        // No GPS, no offset: a phone left on +01:00, placed by the track. 08:30 at +01:00 is 07:30Z.
        try GeoPhoto(takenAt: "2024:07:15 08:30:00", make: "Phone", tag: "c").write(to: photos.appendingPathComponent("c.jpg"))

        let run = try album(["import", photos.path, "--gpx", try writeTrack().path, "--time-offset", "+01:00", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try run.json() as? [String: Any])
        let clocks = try #require(report["cameraClocks"] as? [[String: Any]])
        #expect(clocks.count == 1)
        #expect(clocks.first?["model"] as? String == "EOS 80D")
        #expect(clocks.first?["photos"] as? Int == 2)
        #expect(clocks.first?["offset"] as? String == "+02:00")
        #expect(clocks.first?["errorSeconds"] as? Int == 133)
        #expect(clocks.first?["differenceSeconds"] as? Int == 7333)

        let pins = try #require(try album(["pin", "list", "--json"]).json() as? [[String: Any]])
        var stored: [[String: Any]] = []
        for pin in pins {
            let id = try #require(pin["id"] as? Int)
            stored += try #require(try album(["photos", "\(id)", "--json"]).json() as? [[String: Any]])
        }
        let byTitle = Dictionary(uniqueKeysWithValues: stored.map { ($0["title"] as? String ?? "", $0) })
        let walk = try #require(byTitle["c.jpg"])
        #expect(walk["offset"] as? String == "+01:00")
        #expect(walk["offsetSource"] as? String == "user")
        #expect(walk["positionSource"] as? String == "gpx")
        #expect(abs((walk["latitude"] as? Double ?? 0) - 45.78) < 1e-6)
        // The GPS clock beats the given offset for the photos that have one.
        #expect(byTitle["a.jpg"]?["offsetSource"] as? String == "gps")
        #expect(byTitle["a.jpg"]?["offset"] as? String == "+02:00")
    }

    @Test func theTextReportSaysHowFarTheClockWasOff() throws {
        let photos = folder.child("trip")
        try GeoPhoto(latitude: 48.853, longitude: 2.35, takenAt: "2024:07:14 09:42:15", make: "Canon", model: "EOS 80D", tag: "a",
                     gpsTime: "2024:07:14 07:43:00").write(to: photos.appendingPathComponent("a.jpg"))
        let run = try album(["import", photos.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("  camera clock  Canon EOS 80D: UTC+02:00, 45s behind GPS time (1 photo with GPS time)\n"), "\(run.stdout)")
    }
}
