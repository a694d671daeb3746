#if PostgreSQL
import AlbumModel
import AlbumPostgres
import Foundation
import TestSupport
import Testing

/// `day_cells` on PostgreSQL (what `album trips` reads, decision 0102-entries) stays equal to the
/// photos and entries it rolls up after inserts of many rows at once, moves in time and place,
/// deletes and a pin's cascade, as SQLite's `DayCellsRollUpTests`.
@Suite(.postgresServer, .serialized)
struct PostgresDayCellsTests {
    static let stored = """
        SELECT coalesce(string_agg(format('%s|%s|%s|%s|%s|%s|%s|%s', local_date, cell, photos, entries,
            round(latitude_sum::numeric, 6), round(longitude_sum::numeric, 6), first_at, last_at), ';' ORDER BY local_date, cell), '')
        FROM day_cells
        """
    static let recomputed = """
        SELECT coalesce(string_agg(format('%s|%s|%s|%s|%s|%s|%s|%s', day, cell, p, e, round(lat::numeric, 6), round(lon::numeric, 6), f, l),
            ';' ORDER BY day, cell), '')
        FROM (
            SELECT day, cell, sum(photo) AS p, count(*) - sum(photo) AS e, coalesce(sum(latitude), 0) AS lat,
                coalesce(sum(longitude), 0) AS lon, min(at) AS f, max(at) AS l
            FROM (
                SELECT local_date AS day, day_cell(latitude, longitude) AS cell, substr(taken_at, 1, 19) COLLATE "C" AS at,
                    latitude, longitude, 1 AS photo FROM photos WHERE local_date IS NOT NULL
                UNION ALL
                SELECT local_date, day_cell(latitude, longitude), substr(taken_at, 1, 19) COLLATE "C", latitude, longitude, 0 FROM entries
            ) x GROUP BY day, cell
        ) g
        """

    @Test func theDayCellRollUpFollowsEveryWrite() async throws {
        let url = try Postgres.database()
        let store = try await PostgresStore.open(PostgresLocation(url: url + "?files=/tmp"), leaseSeconds: 120)
        let pin = try await store.addPin(at: try Coordinate(latitude: 45.764, longitude: 4.8357), title: "Lyon", note: nil).id
        let database = String(url.split(separator: "/").last ?? "")
        let psql = { (sql: String) throws -> String in
            try Postgres.current().psql(sql, database: database).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let photo = "INSERT INTO photos (pin_id, source, source_id, taken_at, latitude, longitude, created_at, updated_at) VALUES "
        let note = "INSERT INTO entries (kind, taken_at, latitude, longitude, body, created_at, updated_at) VALUES "
        let steps = [
            photo + """
                (\(pin), 'import', 'a', '2024-05-12T10:00:00+02:00', 45.764, 4.8357, 'x', 'x'),
                (\(pin), 'import', 'b', '2024-05-12T18:00:00', 45.7641, 4.8358, 'x', 'x'),
                (\(pin), 'import', 'c', '2024-05-12T12:00:00', 38.7223, -9.1393, 'x', 'x'),
                (\(pin), 'import', 'd', '2024-05-13T08:00:00', NULL, NULL, 'x', 'x'),
                (\(pin), 'import', 'e', NULL, 45.764, 4.8357, 'x', 'x')
                """,
            note + "('note', '2024-05-12T21:00:00', 45.764, 4.8357, 'n1', 'x', 'x'), ('note', '2024-05-13T07:00:00', NULL, NULL, 'n2', 'x', 'x')",
            "UPDATE photos SET taken_at = '2024-05-13T09:00:00' WHERE source_id = 'b'",
            "UPDATE photos SET state = 'failed' WHERE source_id = 'a'",
            "UPDATE entries SET latitude = 38.72, longitude = -9.14 WHERE body = 'n1'",
            "UPDATE photos SET latitude = NULL, longitude = NULL WHERE source_id = 'c'",
            "UPDATE photos SET taken_at = '2024-05-14T10:00:00' WHERE source_id = 'e'",
            "DELETE FROM photos WHERE source_id = 'a'",
            "DELETE FROM entries WHERE body = 'n2'",
            "DELETE FROM pins WHERE id = \(pin)",
        ]
        for step in steps {
            _ = try psql(step)
            #expect(try psql(Self.stored) == psql(Self.recomputed), "after \(step)")
        }
        #expect(try psql("SELECT count(*) FROM day_cells") == "1", "only the moved note is left")
        await store.close()
    }
}
#endif
