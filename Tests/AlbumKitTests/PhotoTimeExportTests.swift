@testable import AlbumCore
import AlbumModel
import Testing

/// The exports' capture times come from `PhotoTime` (one parser for the store, the import and
/// the exports): XML Schema's `dateTime`, seconds clamped to 59, UTC for GPX when the offset is known.
@Suite struct PhotoTimeExportTests {
    func photo(_ takenAt: String?, offset: String? = nil) -> Photo {
        var photo = Photo(id: 1, pinId: 1, source: "bundle", sourceId: "1", takenAt: takenAt)
        photo.local.offset = offset
        return photo
    }

    @Test func anOffsetGivesTheInstantInUTCAcrossMidnight() throws {
        let east = try #require(PhotoTime(exporting: photo("2024-01-01T01:30:00+05:30")))
        #expect(east.exportUTCOrLocal == "2023-12-31T20:00:00Z")
        #expect(east.exportWithOffset == "2024-01-01T01:30:00+05:30")
        let west = try #require(PhotoTime(exporting: photo("2024-12-31T22:15:09-03:00")))
        #expect(west.exportUTCOrLocal == "2025-01-01T01:15:09Z")
        let before1970 = try #require(PhotoTime(exporting: photo("1969-12-31T23:00:00-02:00")))
        #expect(before1970.exportUTCOrLocal == "1970-01-01T01:00:00Z")
    }

    @Test func withoutAnOffsetTheLocalTimeIsWrittenAsItIs() throws {
        let local = try #require(PhotoTime(exporting: photo("2024-06-14T09:43:19")))
        #expect(local.exportUTCOrLocal == "2024-06-14T09:43:19")
        #expect(local.exportWithOffset == "2024-06-14T09:43:19")
        #expect(local.exportSortKey == local.localSeconds)
    }

    @Test func aLeapSecondIsWrittenAsFiftyNine() throws {
        let leap = try #require(PhotoTime(exporting: photo("2016-12-31T23:59:60+00:00")))
        #expect(leap.exportWithOffset == "2016-12-31T23:59:59+00:00")
        #expect(leap.exportUTCOrLocal == "2016-12-31T23:59:59Z")
        #expect(leap.exportSortKey == 1_483_228_799)
    }

    /// As before: an export reads the offset the stored text carries, not the `utc_offset` column.
    @Test func onlyTheStoredTextsOwnOffsetCountsAndBadTextIsNoTime() throws {
        let inferred = try #require(PhotoTime(exporting: photo("2024-06-14T09:43:19", offset: "+02:00")))
        #expect(inferred.offsetSeconds == nil)
        #expect(PhotoTime(exporting: photo(nil)) == nil)
        #expect(PhotoTime(exporting: photo("2024-06-14 09:43:19")) == nil)
        #expect(PhotoTime(exporting: photo("2024-02-30T09:43:19")) == nil)
    }
}
