import Foundation
import Testing
import TestSupport

extension LibraryStoresTests {
    /// Trips and "on this day" end to end on both stores (issue 29): check-ins at home in Lyon,
    /// a trip to Lisbon and Sintra, a day trip to Grenoble; the home found from the nights, then
    /// set; the same day a year later remembers the trip.
    @Test(arguments: StoreKind.all)
    func tripsHomeAndMemoriesFromCheckIns(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        func checkIn(_ at: String, _ lat: String, _ lon: String, _ note: String) async throws {
            let run = try await lib.run(["check-in", "--lat", lat, "--lon", lon, "--note", note, "--at", at])
            #expect(run.status == 0, "\(run.stderr)")
        }
        for day in ["2024-05-01", "2024-05-03", "2024-05-05", "2024-05-08", "2024-05-10", "2024-05-20", "2024-05-22", "2024-05-25"] {
            try await checkIn(day + "T20:00", "45.764", "4.8357", "home")
        }
        try await checkIn("2024-05-12T07:00", "45.764", "4.8357", "leaving")
        try await checkIn("2024-05-12T13:00", "38.7223", "-9.1393", "Lisbon at last")
        try await checkIn("2024-05-14T11:00", "38.8029", "-9.3817", "Pena palace")
        try await checkIn("2024-05-16T10:00", "38.7223", "-9.1393", "pastel de nata")
        try await checkIn("2024-05-16T23:00", "45.764", "4.8357", "home again")
        try await checkIn("2024-05-18T08:00", "45.764", "4.8357", "morning")
        try await checkIn("2024-05-18T13:00", "45.1885", "5.7245", "Grenoble hike")
        try await checkIn("2024-05-18T21:00", "45.764", "4.8357", "back")
        #expect(try await lib.run(["note", "add", "Tram to Belém", "--at", "2024-05-13T10:00", "--lat", "38.7223", "--lon", "-9.1393"]).status == 0)
        #expect(try await lib.run(["note", "add", "A year on", "--at", "2025-05-13T10:00"]).status == 0)

        let report = try #require(try await lib.json(["trips"]) as? [String: Any])
        let trips = try #require(report["trips"] as? [[String: Any]])
        #expect(trips.map { $0["name"] as? String ?? "" } == ["Lisbon & Sintra, 12-16 May 2024", "Grenoble, 18 May 2024"], "\(trips)")
        #expect((report["homes"] as? [[String: Any]])?.map { "\($0["name"] ?? "") \($0["source"] ?? "")" } == ["Lyon found"], "\(report)")
        let text = try await lib.run(["trips"])
        #expect(text.stdout.contains("trip 1  Lisbon & Sintra, 12-16 May 2024  5 days  "), "\(text.stdout)")

        let show = try await lib.run(["trip", "show", "1"])
        #expect(show.status == 0 && show.stdout.contains("  2024-05-12  Lisbon  0 photos, 2 entries\n"), "\(show.stdout)")
        #expect(show.stdout.contains("  2024-05-15  (no place recorded)  0 photos, 0 entries\n"), "\(show.stdout)")
        let missing = try await lib.run(["trip", "show", "3"])
        #expect(missing.status != 0 && missing.stderr == "album: error: no trip 3: the library has 2 trips (album trips lists them)\n", "\(missing.stderr)")

        // A trip's summary (titled with its name, compared with nothing) and its route as GPX.
        let summary = try await lib.run(["summary", "--trip", "1"])
        #expect(summary.status == 0 && summary.stdout.hasPrefix("Lisbon & Sintra, 12-16 May 2024: 0 photos at 0 places (0 new), 0 active days\n"), "\(summary.stdout)\(summary.stderr)")
        #expect(summary.stdout.contains("entries: 1 note, 0 songs, 0 voice clips or sounds (0.0 min), 5 check-ins") && !summary.stdout.contains("previous"), "\(summary.stdout)")
        let noTrip = try await lib.run(["summary", "--trip", "9"])
        #expect(noTrip.status != 0 && noTrip.stderr == "album: error: no trip 9: the library has 2 trips (album trips lists them)\n", "\(noTrip.stderr)")
        let gpx = try await lib.run(["export", "gpx", "--trip", "1"])
        #expect(gpx.status == 0 && gpx.stdout.contains("<metadata><name>Lisbon &amp; Sintra, 12-16 May 2024</name></metadata>"), "\(gpx.stdout)")
        #expect(gpx.stdout.contains("<trk><name>Lisbon &amp; Sintra, 12-16 May 2024</name><type>route</type>"), "\(gpx.stdout)")
        let times = gpx.stdout.components(separatedBy: "<trkpt ").dropFirst().compactMap { point in
            point.range(of: "<time>").map { String(point[$0.upperBound...].prefix(20)) }
        }
        #expect(times.count == 6 && times == times.sorted() && times.first == "2024-05-12T05:00:00Z", "the route in time order: \(times)")
        let both = try await lib.run(["export", "gpx", "--trip", "1", "--from", "2024-05-01"])
        #expect(both.status != 0 && both.stderr.contains("--trip goes without --from and --to"), "\(both.stderr)")

        // A home set elsewhere makes Lyon a place away.
        #expect(try await lib.run(["home", "set", "--lat", "38.7223", "--lon", "-9.1393"]).status == 0)
        let homes = try #require(try await lib.json(["home"]) as? [String: Any])
        #expect((homes["set"] as? [[String: Any]])?.first?["placeName"] as? String == "Lisbon", "\(homes)")
        let fromLisbon = try #require(try await lib.json(["trips", "--year", "2024"]) as? [String: Any])
        #expect((fromLisbon["trips"] as? [[String: Any]])?.first?["name"] as? String == "Lyon, 1-12 May 2024", "\(fromLisbon)")

        let memories = try #require(try await lib.json(["memories", "--date", "2025-05-13"]) as? [String: Any])
        let years = try #require(memories["years"] as? [[String: Any]])
        #expect(years.count == 1 && years.first?["yearsAgo"] as? Int == 1, "\(memories)")
        #expect((years.first?["entries"] as? [[String: Any]])?.first?["text"] as? String == "Tram to Belém")
        #expect((years.first?["places"] as? [String])?.isEmpty == false, "\(years)")
        let none = try await lib.run(["memories", "--date", "2025-06-01"])
        #expect(none.stdout == "nothing on 1 June in earlier years\n", "\(none.stdout)")
        let bad = try await lib.run(["memories", "--date", "2025-02-30"])
        #expect(bad.status != 0 && bad.stderr.contains("--date '2025-02-30' is not a date that exists"), "\(bad.stderr)")
    }
}
