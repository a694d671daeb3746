@testable import AlbumCore
import AlbumModel
import AlbumStore
import Testing

/// The timeline through `Library.timeline` on a real SQLite library.
@Suite struct TimelineTests {
    @Test func daysAreTheCameraClocksDateAcrossMidnightAndOffsets() async throws {
        let m = try await MemoryLibrary()
        try await m.add([
            ("2024-06-14T23:30:00-05:00", "late in new york"),  // 04:30 UTC on the 15th: still the 14th
            ("2024-06-15T00:30:00+09:00", "early in tokyo"),  // 15:30 UTC on the 14th: the 15th
            ("2024-06-15T00:00:00", "midnight, no offset"),
            ("2024-06-14T23:59:59", "a second before"),
        ], at: .at(48.85, 2.35))
        let page = try await m.library.timeline(by: .day, filter: PhotoFilter())
        #expect(page.groups.map(\.key) == ["2024-06-15", "2024-06-14"])
        #expect(page.groups.map(\.count) == [2, 2])
        #expect(page.groups[0].photos.map(\.title) == ["early in tokyo", "midnight, no offset"])
        #expect(Set(page.groups[1].photos.compactMap(\.title)) == ["late in new york", "a second before"])
    }

    @Test func aDaylightSavingChangeIsOneDay() async throws {
        let m = try await MemoryLibrary()
        // Europe/Paris springs forward on 2024-03-31 at 02:00; falls back on 2024-10-27 at 03:00.
        try await m.add([
            ("2024-03-31T01:59:00+01:00", "before spring"), ("2024-03-31T03:01:00+02:00", "after spring"),
            ("2024-10-27T02:30:00+02:00", "first 02:30"), ("2024-10-27T02:30:00+01:00", "second 02:30"),
        ], at: .at(48.85, 2.35))
        let page = try await m.library.timeline(by: .day, filter: PhotoFilter())
        #expect(page.groups.map(\.key) == ["2024-10-27", "2024-03-31"])
        #expect(page.groups.map(\.count) == [2, 2])
    }

    @Test func weeksAreISOWeeksAndMonthsAreCalendarMonths() async throws {
        let m = try await MemoryLibrary()
        try await m.add([
            ("2020-12-31T10:00:00", "thursday"), ("2021-01-03T10:00:00", "sunday"), ("2021-01-04T10:00:00", "monday"),
        ], at: .at(48.85, 2.35))
        let weeks = try await m.library.timeline(by: .week, filter: PhotoFilter())
        #expect(weeks.groups.map(\.key) == ["2021-W01", "2020-W53"])
        #expect(weeks.groups[1].from?.description == "2020-12-28" && weeks.groups[1].to?.description == "2021-01-03")
        #expect(weeks.groups.map(\.count) == [1, 2])
        let months = try await m.library.timeline(by: .month, filter: PhotoFilter())
        #expect(months.groups.map(\.key) == ["2021-01", "2020-12"])
        #expect(months.groups.map(\.count) == [2, 1])
    }

    @Test func photosWithoutADateAreListedLastNeverDropped() async throws {
        let m = try await MemoryLibrary()
        try await m.add([(nil, "no date"), ("2024-06-14T10:00:00", "dated"), ("not a date", "garbled")], at: .at(1, 1))
        try await m.add([(nil, "unplaced, no date")], at: nil)
        let page = try await m.library.timeline(by: .month, filter: PhotoFilter())
        #expect(page.total == 4)
        #expect(page.groups.map(\.key) == ["2024-06", "undated"])
        #expect(page.groups[1].count == 3 && page.groups[1].from == nil)
        #expect(page.groups[1].photos.contains { $0.pinId == nil })
    }

    @Test func pagesNeverRepeatAPhotoWhilePhotosAreAdded() async throws {
        let m = try await MemoryLibrary()
        var days: [(String?, String)] = []
        for i in 0..<50 { days.append(("2024-05-\(10 + i % 20)T\(10 + i % 10):00:00", "photo \(i)")) }
        days.append((nil, "undated"))
        let ids = try await m.add(days, at: .at(10, 10))
        let first = try await m.library.timeline(by: .day, filter: PhotoFilter(), page: 1, pageSize: 7)
        // Newer photos (by date and by id) arrive between page requests.
        try await m.add([("2024-05-30T12:00:00", "newer"), ("2024-05-20T10:30:00", "in between")], at: .at(10, 10))
        var seen = first.groups.flatMap(\.photos).map(\.id)
        for page in 2...first.pages {
            let next = try await m.library.timeline(
                by: .day, filter: PhotoFilter(asOf: first.asOf), page: page, pageSize: 7)
            #expect(next.total == first.total && next.pages == first.pages)
            seen += next.groups.flatMap(\.photos).map(\.id)
        }
        #expect(seen.count == ids.count)
        #expect(Set(seen) == Set(ids))
        // The same query gives the same pages.
        let again = try await m.library.timeline(by: .day, filter: PhotoFilter(asOf: first.asOf), page: 1, pageSize: 7)
        #expect(again == first)
    }

    @Test func filtersNarrowAndBadInputIsRefused() async throws {
        let m = try await MemoryLibrary()
        let paris = try await m.add([("2024-06-14T10:00:00", "a"), ("2024-06-20T10:00:00", "b")], at: .at(48.85, 2.35))
        try await m.add([("2024-06-15T10:00:00", "c")], at: .at(-33.8, 151.2))
        let pin = try await m.library.store.requirePhoto(id: paris[0]).pinId
        let byPin = try await m.library.timeline(by: .day, filter: PhotoFilter(pinId: pin))
        #expect(byPin.total == 2)
        let range = try await m.library.timeline(
            by: .day, filter: PhotoFilter(from: LocalDate("2024-06-15"), to: LocalDate("2024-06-20")))
        #expect(range.groups.flatMap(\.photos).compactMap(\.title) == ["b", "c"])
        await #expect(throws: AlbumError.self) {
            try await m.library.timeline(by: .day, filter: PhotoFilter(from: LocalDate("2024-06-20"), to: LocalDate("2024-06-15")))
        }
        await #expect(throws: AlbumError.notFound("no pin with id 999")) {
            try await m.library.timeline(by: .day, filter: PhotoFilter(pinId: 999))
        }
        await #expect(throws: AlbumError.self) { try await m.library.timeline(by: .day, filter: PhotoFilter(), page: 0) }
    }
}
