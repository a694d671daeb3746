import AlbumModel
import Foundation
import Testing
import TestSupport

@testable import AlbumStore

/// `day_cells` (what `album trips` reads, decision 0102-entries) stays equal to the photos and
/// entries it rolls up, by day and 0.1° cell, after every kind of write to either.
@Suite struct DayCellsRollUpTests {
    /// The roll-up recomputed from the photos and entries (the grouping `album trips` used to run).
    static let recomputed = """
        SELECT day, cell, sum(photo), count(*) - sum(photo), printf('%.6f', coalesce(sum(latitude), 0)), printf('%.6f', coalesce(sum(longitude), 0)), min(at), max(at)
        FROM (
            SELECT local_date AS day, \(Schema.dayCell("")) AS cell, substr(taken_at, 1, 19) AS at, latitude, longitude, 1 AS photo
                FROM photos WHERE local_date IS NOT NULL
            UNION ALL SELECT local_date, \(Schema.dayCell("")), taken_at, latitude, longitude, 0 FROM entries
        ) GROUP BY day, cell ORDER BY day, cell
        """
    static let stored = """
        SELECT local_date, cell, photos, entries, printf('%.6f', latitude_sum), printf('%.6f', longitude_sum), first_at, last_at
        FROM day_cells ORDER BY local_date, cell
        """

    static func rows(_ sql: SQL, _ query: String) throws(AlbumError) -> [String] {
        try sql.query(query).map { row in
            (0..<8).map { row.string($0) ?? row.int64($0).map(String.init) ?? "nil" }.joined(separator: "|")
                .replacingOccurrences(of: "-0.000000", with: "0.000000")
        }
    }

    @Test func theDayCellRollUpFollowsEveryWrite() throws {
        let db = try AlbumDatabase.inMemory()
        var generator = SeededGenerator(seed: 29)
        try db.write { sql throws(AlbumError) in
            for pin in 1...2 {
                try sql.run("INSERT INTO pins (latitude, longitude, title, created_at, updated_at) VALUES (?, ?, ?, 'x', 'x')",
                            [Double(pin), Double(pin), "pin \(pin)"])
            }
        }
        // Positions in three cells (two of them 0.1° apart) and none.
        let positions: [(Double, Double)?] = [(45.764, 4.8357), (45.7641, 4.8358), (45.70, 4.8357), (38.7223, -9.1393), nil]
        for step in 0..<300 {
            let operation = Int.random(in: 0..<8, using: &generator)
            try db.write { sql throws(AlbumError) in
                let day = "2024-05-1\(Int.random(in: 0..<3, using: &generator))"
                let time = "\(day)T\(10 + Int.random(in: 0..<10, using: &generator)):00:00"
                let position = positions.randomElement(using: &generator)!
                let photo = try sql.query("SELECT id FROM photos").compactMap { $0.int64(0) }.randomElement(using: &generator)
                let entry = try sql.query("SELECT id FROM entries").compactMap { $0.int64(0) }.randomElement(using: &generator)
                switch operation {
                case 0, 1:
                    let taken: String? = Int.random(in: 0..<6, using: &generator) == 0 ? nil : time + "+02:00"
                    try sql.run("""
                        INSERT INTO photos (pin_id, source, source_id, taken_at, latitude, longitude, created_at, updated_at)
                        VALUES (?, 'import', ?, ?, ?, ?, 'x', 'x')
                        """, [Int64.random(in: 1...2, using: &generator), "h\(step)", taken, position?.0, position?.1])
                case 2, 3:
                    try sql.run("""
                        INSERT INTO entries (kind, taken_at, latitude, longitude, body, created_at, updated_at)
                        VALUES ('note', ?, ?, ?, 'n', 'x', 'x')
                        """, [time, position?.0, position?.1])
                case 4:
                    guard let photo else { return }
                    try sql.run("UPDATE photos SET taken_at = ?, latitude = ?, longitude = ? WHERE id = ?", [time, position?.0, position?.1, photo])
                case 5:
                    guard let entry else { return }
                    try sql.run("UPDATE entries SET taken_at = ?, latitude = ?, longitude = ? WHERE id = ?", [time, position?.0, position?.1, entry])
                case 6:
                    guard let photo else { return }
                    try sql.run("DELETE FROM photos WHERE id = ?", [photo])
                default:
                    guard let entry else { return }
                    try sql.run("DELETE FROM entries WHERE id = ?", [entry])
                }
                #expect(try Self.rows(sql, Self.stored) == Self.rows(sql, Self.recomputed), "after step \(step) (operation \(operation))")
            }
        }
        // A pin removed with its photos takes them off the roll-up.
        try db.write { sql throws(AlbumError) in
            try sql.run("DELETE FROM pins WHERE id = 2")
            #expect(try Self.rows(sql, Self.stored) == Self.rows(sql, Self.recomputed))
            #expect(try sql.queryOne("SELECT count(*) FROM day_cells")?.int(0) ?? 0 > 0)
        }
    }

    /// An UPDATE that names `taken_at`, `latitude` or `longitude` without changing them (a
    /// download's commit keeps `taken_at`) leaves the roll-up alone: the update triggers run only
    /// on a move (migration `lead-dayCellsWhenMoved`). Before it, each such UPDATE took the row off
    /// its day and put it back, reading the whole day again. Seen through a planted `first_at` that
    /// only a run of the trigger would read again; a real move still rolls up exactly.
    @Test func anUpdateThatMovesNothingLeavesTheRollUpAlone() throws {
        let db = try AlbumDatabase.inMemory()
        try db.write { sql throws(AlbumError) in
            try sql.run("INSERT INTO pins (latitude, longitude, title, created_at, updated_at) VALUES (45.7, 4.8, 'Lyon', 'x', 'x')")
            try sql.run("""
                INSERT INTO photos (pin_id, source, source_id, taken_at, latitude, longitude, created_at, updated_at)
                VALUES (1, 'import', 'a', '2024-05-12T10:00:00+02:00', 45.764, 4.8357, 'x', 'x')
                """)
            try sql.run("""
                INSERT INTO entries (kind, taken_at, latitude, longitude, body, created_at, updated_at)
                VALUES ('note', '2024-06-01T09:00:00', 38.7223, -9.1393, 'n', 'x', 'x')
                """)
        }
        for table in ["photos", "entries"] {
            let planted = try db.write { sql throws(AlbumError) in
                try sql.run("UPDATE day_cells SET first_at = '0000-planted'")
                try sql.run("UPDATE \(table) SET taken_at = taken_at, latitude = latitude, longitude = longitude")
                return try sql.query("SELECT first_at FROM day_cells").compactMap { $0.string(0) }
            }
            #expect(planted == ["0000-planted", "0000-planted"], "an update of \(table) that moves nothing ran the roll-up")
            let moved = try db.write { sql throws(AlbumError) in
                try sql.run("UPDATE day_cells SET first_at = last_at")
                try sql.run("UPDATE \(table) SET latitude = latitude + 0.5")
                return (try Self.rows(sql, Self.stored), try Self.rows(sql, Self.recomputed))
            }
            #expect(moved.0 == moved.1, "after moving the \(table)")
        }
    }
}
