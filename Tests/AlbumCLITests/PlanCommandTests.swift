import Foundation
import Testing
import TestSupport

/// `album plan`, `album plans`, and an import marking a planned visit visited.
@Suite struct PlanCommandTests {
    let folder = TemporaryFolder("plan-cli")
    var library: String { folder.child("lib").path }
    static let now = ["ALBUM_NOW": "2026-04-20T10:00:00Z", "TZ": "Europe/Berlin"]

    func album(_ arguments: [String]) throws -> AlbumRun {
        try AlbumProcess.run(arguments + ["--library", library], environment: Self.now)
    }

    func addPin(_ lat: String, _ lon: String, _ title: String) throws {
        #expect(try album(["pin", "add", "--lat", lat, "--lon", lon, "--title", title]).status == 0)
    }

    @Test func plansAreSortedByDateWithDaysFromNow() throws {
        try addPin("35.0116", "135.7681", "Kyoto")
        try addPin("64.1466", "-21.9426", "Reykjavik")
        try addPin("-33.8568", "151.2153", "Sydney")
        #expect(try album(["plan", "1", "--from", "2026-05-01", "--to", "2026-05-05", "--note", "temples"]).status == 0)
        #expect(try album(["plan", "2", "--on", "2026-04-21"]).status == 0)
        #expect(try album(["plan", "3"]).status == 0)
        let plans = try #require(try album(["plans", "--json"]).json() as? [[String: Any]])
        #expect(plans.map { $0["pinId"] as? Int } == [2, 1, 3])
        #expect(plans[0]["daysFromNow"] as? Int == 1)
        #expect(plans[0]["forecast"] as? String == "tomorrow")
        #expect(plans[1]["daysFromNow"] as? Int == 11)
        #expect(plans[1]["from"] as? String == "2026-05-01")
        #expect(plans[1]["note"] as? String == "temples")
        #expect(plans[1]["status"] as? String == "planned")
        #expect(plans[1].keys.contains("place"))
        #expect(plans[2]["daysFromNow"] is NSNull)
        let text = try album(["plans"]).stdout
        #expect(text.contains("pin 1  Kyoto  2026-05-01 – 2026-05-05  planned  11 days from now"), "\(text)")

        #expect(try album(["plan", "2", "--visited"]).status == 0)
        let upcoming = try #require(try album(["plans", "--upcoming", "--json"]).json() as? [[String: Any]])
        #expect(upcoming.map { $0["pinId"] as? Int } == [1])  // 2 is visited, 3 has no dates
        #expect(try album(["plan", "rm", "1"]).status == 0)
        #expect((try album(["plans", "--json"]).json() as? [Any])?.count == 2)
    }

    @Test(arguments: [
        (["plan", "1", "--on", "2026-02-30"], "2026-02-30"),
        (["plan", "1", "--from", "2026-05-05", "--to", "2026-05-01"], "before"),
        (["plan", "1", "--from", "2026-05-05"], "--from and --to"),
        (["plan", "9", "--on", "2026-05-01"], "no pin with id 9"),
        (["plan", "rm", "1"], "pin 1 has no plan"),
    ])
    func badInput(arguments: [String], named: String) throws {
        try addPin("35.0116", "135.7681", "Kyoto")
        let run = try album(arguments)
        #expect(run.status != 0)
        #expect(run.stderr.hasPrefix("album: error: ") && run.stderr.contains(named), "\(run.stderr)")
        #expect((try album(["plans", "--json"]).json() as? [Any])?.isEmpty == true)
    }

    @Test func importingPhotosTakenThereWithinItsDatesMarksItVisited() throws {
        try addPin("48.8584", "2.2945", "Eiffel Tower")
        try addPin("48.8606", "2.3376", "Louvre")
        #expect(try album(["plan", "1", "--from", "2024-06-14", "--to", "2024-06-15"]).status == 0)
        #expect(try album(["plan", "2", "--from", "2025-01-01", "--to", "2025-01-02"]).status == 0)
        let photos = folder.child("photos")
        try GeoPhoto(latitude: 48.8585, longitude: 2.2946, takenAt: "2024:06:14 09:00:00", offset: "+02:00", tag: "a")
            .write(to: photos.appendingPathComponent("a.jpg"))
        try GeoPhoto(latitude: 48.8607, longitude: 2.3377, takenAt: "2024:06:14 11:00:00", offset: "+02:00", tag: "b")
            .write(to: photos.appendingPathComponent("b.jpg"))
        let run = try album(["import", photos.path, "--radius-km", "0.5"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("visited  pin 1 Eiffel Tower (planned 2024-06-14 – 2024-06-15) marked visited"), "\(run.stdout)")
        #expect(!run.stdout.contains("pin 2 Louvre (planned"))  // photos there, but not on its dates
        let plans = try #require(try album(["plans", "--json"]).json() as? [[String: Any]])
        #expect(plans.first { $0["pinId"] as? Int == 1 }?["status"] as? String == "visited")
        #expect(plans.first { $0["pinId"] as? Int == 1 }?["visitedBy"] as? String == "import")
        #expect(plans.first { $0["pinId"] as? Int == 2 }?["status"] as? String == "planned")
    }
}
