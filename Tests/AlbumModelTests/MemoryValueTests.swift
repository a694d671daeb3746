import AlbumModel
import Testing

/// Local dates, ISO weeks, tag normalisation and search text: the plain values of the memory layer.
@Suite struct MemoryValueTests {
    @Test(arguments: [
        ("2020-12-31", "2020-W53"), ("2021-01-03", "2020-W53"), ("2021-01-04", "2021-W01"),
        ("2026-12-31", "2026-W53"), ("2027-01-01", "2026-W53"), ("2024-12-30", "2025-W01"),
        ("2024-06-14", "2024-W24"), ("2019-12-30", "2020-W01"),
    ])
    func isoWeeks(day: String, week: String) throws {
        let date = try #require(LocalDate(day))
        let group = TimelineGrouping.week.group(of: date)
        #expect(group.key == week)
        #expect(group.from.isoWeekday == 1 && group.to.isoWeekday == 7)
        #expect(group.from <= date && date <= group.to)
    }

    @Test(arguments: ["2024-02-30", "2023-02-29", "2024-13-01", "2024-00-10", "2024-6-14", "14-06-2024", "", "2024-04-31"])
    func datesThatDoNotExistAreRefused(text: String) {
        #expect(LocalDate(text) == nil)
        #expect(throws: AlbumError.self) { try LocalPeriod.day(text, option: "--from") }
    }

    @Test func dayArithmeticRoundTrips() throws {
        for offset in stride(from: -700_000, through: 2_900_000, by: 997) {
            let date = LocalDate(dayNumber: offset)
            #expect(date.dayNumber == offset)
            #expect(LocalDate(date.description) == date)
        }
        #expect(LocalDate("2024-02-29")?.adding(days: 1).description == "2024-03-01")
        #expect(try LocalPeriod.month("2024-03").previous.to.description == "2024-02-29")
        #expect(try LocalPeriod.year("2024").previous.from.description == "2023-01-01")
        #expect(throws: AlbumError.self) { try LocalPeriod.month("2024-13") }
        #expect(throws: AlbumError.self) { try LocalPeriod.year("24") }
    }

    @Test func tagsAreTrimmedFoldedAndComposed() throws {
        #expect(try TagName("  Hiking  ").value == "hiking")
        #expect(try TagName("Mountain   Lake").value == "mountain lake")
        // "é" decomposed (e + U+0301) and composed are one tag.
        #expect(try TagName("Cafe\u{301}").value == TagName("CAFÉ").value)
        #expect(try TagName("Cafe\u{301}").value.unicodeScalars.count == 4)
        #expect(try TagName("Straße").value == TagName("STRASSE").value || TagName("Straße").value == "straße")
        #expect(try TagName("東京 タワー").value == "東京 タワー")
        #expect(try TagName("ΣΟΦΙΑ").value == TagName("σοφια").value)
        #expect(throws: AlbumError.self) { try TagName("   ") }
        #expect(throws: AlbumError.self) { try TagName("") }
        #expect(throws: AlbumError.self) { try TagName(String(repeating: "a", count: TagName.maxLength + 1)) }
        #expect(throws: AlbumError.self) { try TagName("tab\u{7}bell") }
        #expect(try TagName(String(repeating: "ü", count: TagName.maxLength)).value.count == TagName.maxLength)
    }

    @Test func searchTextNeverCarriesFTSSyntax() throws {
        #expect(try SearchText("mount*").ftsQuery == "\"mount\"*")
        #expect(try SearchText("\"eiffel tower\" paris").ftsQuery == "\"eiffel tower\" AND \"paris\"")
        #expect(try SearchText("cats NEAR dogs").ftsQuery == "\"cats\" AND \"NEAR\" AND \"dogs\"")
        #expect(try SearchText("a OR b").ftsQuery == "\"a\" AND \"OR\" AND \"b\"")
        #expect(try SearchText("title:x (y)").ftsQuery == "\"title:x\" AND \"(y)\"")
        #expect(throws: AlbumError.self) { try SearchText("\"unbalanced") }
        #expect(throws: AlbumError.self) { try SearchText("*") }
        #expect(throws: AlbumError.self) { try SearchText("a * b") }
        #expect(throws: AlbumError.self) { try SearchText("mo*unt") }
        #expect(throws: AlbumError.self) { try SearchText("  ") }
        #expect(throws: AlbumError.self) { try SearchText("( ) :") }
    }
}
