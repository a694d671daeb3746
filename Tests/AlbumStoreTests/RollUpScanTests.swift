import AlbumModel
import Foundation
import Testing
import TestSupport

@testable import AlbumStore

/// The roll-up triggers do not read a whole day on every write (migration
/// `speed-rollUpsWithoutScans`, issue 28, decision 0126): `photo_days` finds a group's first time
/// through `photos_by_day_group`, its update trigger runs only on a change of its columns, and
/// `day_cells` reads a cell's first and last times again only when the row leaving held one of
/// them. The roll-ups stay exact (and `DayCellsRollUpTests` checks `day_cells` after every write).
@Suite struct RollUpScanTests {
    /// `photo_days` recomputed from the photos, in the table's order.
    static let daysRecomputed = """
        SELECT local_date, coalesce(pin_id, 0), coalesce(camera_make, ''), coalesce(camera_model, ''), count(*), min(taken_at)
        FROM photos WHERE local_date IS NOT NULL GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
        """
    static let daysStored = "SELECT local_date, pin_id, make, model, photos, first_taken FROM photo_days ORDER BY 1, 2, 3, 4"

    static func rows(_ sql: SQL, _ query: String) throws(AlbumError) -> [String] {
        try sql.query(query).map { row in
            (0..<6).map { row.string($0) ?? row.int64($0).map(String.init) ?? "nil" }.joined(separator: "|")
        }
    }

    static func pins(_ sql: SQL) throws(AlbumError) {
        for pin in 1...2 {
            try sql.run("INSERT INTO pins (latitude, longitude, title, created_at, updated_at) VALUES (?, ?, ?, 'x', 'x')",
                        [Double(pin), Double(pin), "pin \(pin)"])
        }
    }

    /// The read of a (day, pin, camera) group's first time, as the `photo_days` triggers run it,
    /// is one seek in `photos_by_day_group`: before it, `photos_by_local_date` was walked row by
    /// row from the day's first photo until one of the group came (5,000 rows a download on a
    /// day of 5,000 photos fetched in order).
    @Test func aGroupsFirstTimeIsReadFromItsIndex() throws {
        let db = try AlbumDatabase.inMemory()
        let plan = try db.write { sql throws(AlbumError) in
            try Self.pins(sql)
            for i in 0..<200 {
                try sql.run("""
                    INSERT INTO photos (pin_id, source, source_id, taken_at, camera_make, camera_model, created_at, updated_at)
                    VALUES (?, 'yfcc', ?, '2012-06-01T12:00:00', ?, 'm', 'x', 'x')
                    """, [Int64(1 + i % 2), "p\(i)", i % 3 == 0 ? nil : "Canon"])
            }
            return try sql.query("""
                EXPLAIN QUERY PLAN SELECT min(taken_at) FROM photos WHERE local_date = ? AND coalesce(pin_id, 0) = coalesce(?, 0)
                    AND coalesce(camera_make, '') = coalesce(?, '') AND coalesce(camera_model, '') = coalesce(?, '')
                """, ["2012-06-01", Int64(2), SQLValue.null, "m"]).map { $0.string("detail") ?? "" }
        }
        #expect(plan.contains { $0.contains("INDEX photos_by_day_group (local_date=? AND <expr>=? AND <expr>=? AND <expr>=?)") }, "\(plan)")
    }

    /// A download names the camera the placeholder did not have: the photo moves from one group
    /// to another, and both stay exact through downloads, edits, moves and removals, with many
    /// photos at the same time (a fetch's placeholders often share one).
    @Test func photoDaysFollowEveryWrite() throws {
        let db = try AlbumDatabase.inMemory()
        var generator = SeededGenerator(seed: 28)
        try db.write { sql throws(AlbumError) in try Self.pins(sql) }
        let cameras: [String?] = [nil, "Canon", "Nikon"]
        for step in 0..<400 {
            let operation = Int.random(in: 0..<7, using: &generator)
            try db.write { sql throws(AlbumError) in
                let photo = try sql.query("SELECT id FROM photos").compactMap { $0.int64(0) }.randomElement(using: &generator)
                let day = "2012-06-0\(1 + Int.random(in: 0..<2, using: &generator))"
                let time: String? = Int.random(in: 0..<8, using: &generator) == 0
                    ? nil : "\(day)T1\(Int.random(in: 0..<3, using: &generator)):00:00"
                let camera = cameras.randomElement(using: &generator)!
                let pin: Int64? = Int.random(in: 0..<5, using: &generator) == 0 ? nil : Int64.random(in: 1...2, using: &generator)
                switch (operation, photo) {
                case (0, _), (1, _), (_, nil):
                    try sql.run("""
                        INSERT INTO photos (pin_id, source, source_id, taken_at, camera_make, camera_model, created_at, updated_at)
                        VALUES (?, 'yfcc', ?, ?, ?, ?, 'x', 'x')
                        """, [pin, "p\(step)", time, camera, camera.map { "\($0) 1" }])
                case (2, let id?), (3, let id?):
                    // A download: the camera from the file, the time kept (named, as the download's UPDATE does).
                    try sql.run("UPDATE photos SET camera_make = ?, camera_model = ?, taken_at = taken_at WHERE id = ?",
                                [camera, camera.map { "\($0) 1" }, id])
                case (4, let id?):
                    try sql.run("UPDATE photos SET taken_at = ?, pin_id = ? WHERE id = ?", [time, pin, id])
                case (_, let id?):
                    try sql.run("DELETE FROM photos WHERE id = ?", [id])
                }
                #expect(try Self.rows(sql, Self.daysStored) == Self.rows(sql, Self.daysRecomputed), "after step \(step) (operation \(operation))")
            }
        }
        try db.write { sql throws(AlbumError) in
            try sql.run("DELETE FROM pins WHERE id = 2")
            #expect(try Self.rows(sql, Self.daysStored) == Self.rows(sql, Self.daysRecomputed))
        }
    }

    /// An UPDATE naming `photo_days`' columns without changing them leaves it alone, and a row
    /// leaving a day cell from between its first and last times leaves those times alone: seen
    /// through planted values that only a read of the day would replace. A row that held the first
    /// time still has it read again.
    @Test func onlyTheEndsOfACellAreReadAgain() throws {
        let db = try AlbumDatabase.inMemory()
        try db.write { sql throws(AlbumError) in
            try Self.pins(sql)
            for (i, hour) in ["10", "11", "12"].enumerated() {
                try sql.run("""
                    INSERT INTO photos (pin_id, source, source_id, taken_at, latitude, longitude, camera_make, created_at, updated_at)
                    VALUES (1, 'import', ?, ?, 45.764, 4.8357, 'Canon', 'x', 'x')
                    """, ["h\(i)", "2024-05-12T\(hour):00:00+02:00"])
                try sql.run("""
                    INSERT INTO entries (kind, taken_at, latitude, longitude, body, created_at, updated_at)
                    VALUES ('note', ?, 38.7223, -9.1393, 'n', 'x', 'x')
                    """, ["2024-06-01T\(hour):00:00"])
            }
        }
        let planted = try db.write { sql throws(AlbumError) in
            try sql.run("UPDATE photo_days SET first_taken = '0000-planted'")
            try sql.run("UPDATE photos SET camera_make = camera_make, camera_model = camera_model, pin_id = pin_id, taken_at = taken_at")
            let days = try sql.query("SELECT first_taken FROM photo_days").compactMap { $0.string(0) }
            try sql.run("UPDATE day_cells SET first_at = '0000-planted', last_at = '9999-planted'")
            try sql.run("DELETE FROM photos WHERE source_id = 'h1'")
            try sql.run("UPDATE entries SET latitude = latitude + 0.5 WHERE taken_at = '2024-06-01T11:00:00'")
            return (days, try sql.query("SELECT first_at || ' ' || last_at FROM day_cells ORDER BY local_date, cell").compactMap { $0.string(0) })
        }
        #expect(planted.0 == ["0000-planted"], "an update that changes nothing of photo_days ran its trigger")
        #expect(planted.1 == ["0000-planted 9999-planted", "0000-planted 9999-planted", "2024-06-01T11:00:00 2024-06-01T11:00:00"],
                "a row from the middle of a cell read the cell's times again")
        let exact = try db.write { sql throws(AlbumError) in
            try sql.run("UPDATE day_cells SET first_at = '2024-05-12T10:00:00', last_at = '2024-05-12T12:00:00' WHERE local_date = '2024-05-12'")
            try sql.run("DELETE FROM photos WHERE source_id = 'h0'")
            return try sql.query("SELECT first_at || ' ' || last_at FROM day_cells WHERE local_date = '2024-05-12'").compactMap { $0.string(0) }
        }
        #expect(exact == ["2024-05-12T12:00:00 2024-05-12T12:00:00"], "the first photo left: the first time is read again")
    }
}
