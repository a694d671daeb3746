import AlbumModel
import Foundation
import Testing
import TestSupport

@testable import AlbumStore

/// The roll-ups summaries read (`photo_days`, `photo_tag_days`) and the search index stay equal
/// to what they summarise after every kind of write, and the place-name migration indexes an
/// existing library.
@Suite struct MemoryRollUpTests {
    /// `photo_tag_days` recomputed from the photos and their tags, in the table's order.
    static let tagDaysRecomputed = """
        SELECT p.local_date, coalesce(p.pin_id, 0), t.tag, count(*) FROM photo_tags t JOIN photos p ON p.id = t.photo_id
        WHERE p.local_date IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        """
    static let tagDaysStored = "SELECT local_date, pin_id, tag, photos FROM photo_tag_days ORDER BY 1, 2, 3"
    /// `photo_totals` (decision 0058) and the same counted: two rows, equal when the totals are right.
    static let totals = """
        SELECT dated, undated, 0, 0 FROM photo_totals
        UNION ALL SELECT count(local_date), count(*) - count(local_date), 1, 0 FROM photos ORDER BY 3
        """

    static func totalsAgree(_ sql: SQL) throws(AlbumError) -> Bool {
        let rows = try sql.query(totals).map { "\($0.int64(0) ?? -1)/\($0.int64(1) ?? -1)" }
        return rows.count == 2 && rows[0] == rows[1]
    }

    static func rows(_ sql: SQL, _ query: String) throws(AlbumError) -> [String] {
        try sql.query(query).map { row in
            (0..<4).map { row.string($0) ?? row.int64($0).map(String.init) ?? "nil" }.joined(separator: "|")
        }
    }

    @Test func theTagRollUpFollowsEveryWrite() throws {
        let db = try AlbumDatabase.inMemory()
        var generator = SeededGenerator(seed: 13)
        var checks = 0
        try db.write { sql throws(AlbumError) in
            for pin in 1...3 {
                try sql.run("""
                    INSERT INTO pins (latitude, longitude, title, created_at, updated_at) VALUES (?, ?, ?, 'x', 'x')
                    """, [Double(pin), Double(pin), "pin \(pin)"])
            }
        }
        let tags = ["a", "b", "c"]
        for step in 0..<400 {
            let operation = Int.random(in: 0..<7, using: &generator)
            try db.write { sql throws(AlbumError) in
                let photoIds = try sql.query("SELECT id FROM photos").compactMap { $0.int64(0) }
                let photo = photoIds.randomElement(using: &generator)
                let day = "2024-06-\(10 + Int.random(in: 0..<3, using: &generator))"
                let date: String? = Int.random(in: 0..<8, using: &generator) == 0 ? nil : "\(day)T10:00:00"
                let pin: Int64? = Int.random(in: 0..<5, using: &generator) == 0 ? nil : Int64.random(in: 1...3, using: &generator)
                switch (operation, photo) {
                case (0, _), (1, _), (_, nil):
                    try sql.run("""
                        INSERT INTO photos (pin_id, source, source_id, taken_at, created_at, updated_at)
                        VALUES (?, 'import', ?, ?, 'x', 'x')
                        """, [pin, "h\(step)", date])
                case (2, let id?), (3, let id?):
                    try sql.run("INSERT OR IGNORE INTO photo_tags (photo_id, tag) VALUES (?, ?)", [id, tags.randomElement(using: &generator)!])
                case (4, let id?):
                    try sql.run("DELETE FROM photo_tags WHERE photo_id = ? AND tag = ?", [id, tags.randomElement(using: &generator)!])
                case (5, let id?):
                    // Moved to another day or pin (or both, or neither).
                    try sql.run("UPDATE photos SET taken_at = ?, pin_id = ? WHERE id = ?", [date, pin, id])
                case (_, let id?):
                    try sql.run("DELETE FROM photos WHERE id = ?", [id])
                }
                #expect(try Self.rows(sql, Self.tagDaysStored) == Self.rows(sql, Self.tagDaysRecomputed), "after step \(step)")
                #expect(try Self.totalsAgree(sql), "photo_totals after step \(step)")
                checks += 1
            }
        }
        // A pin removed with its photos takes their tag counts along.
        try db.write { sql throws(AlbumError) in
            try sql.run("DELETE FROM pins WHERE id = 2")
            #expect(try Self.rows(sql, Self.tagDaysStored) == Self.rows(sql, Self.tagDaysRecomputed))
            #expect(try sql.queryOne("SELECT count(*) FROM photo_tag_days WHERE pin_id = 2")?.int(0) == 0)
            #expect(try Self.totalsAgree(sql))
        }
        #expect(checks == 400)
    }

    @Test func placeNamesAreSearchedAndAnOlderLibraryIsReindexed() async throws {
        let folder = TemporaryFolder()
        let path = folder.child("album.sqlite").path
        let before = Schema.migrations.firstIndex { $0.name == "searchPlaceNames" }!
        do {
            // A library of issue 12's schema, named, with tags, before this migration.
            let connection = try SQLiteConnection(path: path, readOnly: false)
            try Migrator(migrations: Array(Schema.migrations.prefix(before))).migrate(connection)
            try connection.execute("""
                INSERT INTO pins (latitude, longitude, title, place_name, place_region, place_country, place_country_code,
                    place_distance_km, created_at, updated_at)
                VALUES (48.8584, 2.2945, 'Tour Eiffel', 'Paris', 'Île-de-France', 'France', 'FR', 1.2, 'x', 'x'),
                       (45.76, 4.83, 'Vieux Lyon', NULL, NULL, NULL, NULL, NULL, 'x', 'x');
                INSERT INTO photos (pin_id, source, source_id, title, taken_at, created_at, updated_at)
                VALUES (1, 'import', 'h1', 'Night view', '2024-06-14T23:00:00', 'x', 'x'),
                       (2, 'import', 'h2', 'Traboule', '2024-06-15T10:00:00', 'x', 'x');
                INSERT INTO photo_tags (photo_id, tag) VALUES (1, 'night'), (2, 'night');
                """)
        }
        let db = try AlbumDatabase(path: path)
        #expect(try db.integrityCheck() == "ok")
        func found(_ text: String) async throws -> [Int64] {
            try await db.store.find(SearchText(text), filter: PhotoFilter(), limit: 10).photos.map(\.id).sorted()
        }
        #expect(try await found("paris") == [1])
        #expect(try await found("ile-de-france") == [1])
        #expect(try await found("france") == [1])
        #expect(try await found("lyon") == [2])  // the pin's title, as before
        // The roll-up was filled from the tags already there.
        try db.read { sql throws(AlbumError) in
            #expect(try Self.rows(sql, Self.tagDaysStored) == ["2024-06-14|1|night|1", "2024-06-15|2|night|1"])
        }

        // Naming a pin and a photo reaches the index; the photo's own place wins over its pin's.
        try await db.store.setPinPlaces([(2, Place(name: "Lyon", region: "Auvergne-Rhône-Alpes", country: "France", countryCode: "FR", distanceKm: 0.4), "Europe/Paris")])
        #expect(try await found("auvergne") == [2])
        #expect(try await found("france") == [1, 2])
        try await db.store.setPhotoPlaces([(1, PhotoPlace(place: Place(name: "Boulogne-Billancourt", region: "Île-de-France", country: "France", countryCode: "FR", distanceKm: 2)))])
        #expect(try await found("paris") == [])
        #expect(try await found("boulogne") == [1])
        // Timeline, search and summaries show the place name rather than the pin's title.
        #expect(try await db.store.find(SearchText("traboule"), filter: PhotoFilter(), limit: 1).photos.first?.place == "Lyon")
        #expect(try await db.store.find(SearchText("boulogne"), filter: PhotoFilter(), limit: 1).photos.first?.place == "Boulogne-Billancourt")
    }
}

/// SplitMix64: the same sequence of writes on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
