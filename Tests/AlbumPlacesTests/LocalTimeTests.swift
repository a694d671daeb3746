import AlbumModel
import Foundation
import Testing

@testable import AlbumPlaces

@Suite struct LocalTimeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let local: String, zone: String, offset: String
        var testDescription: String { "\(local) \(zone)" }
    }

    @Test(arguments: [
        // Northern hemisphere: Paris springs forward on 2024-03-31 at 02:00.
        Case(local: "2024-03-31T01:30:00", zone: "Europe/Paris", offset: "+01:00"),
        Case(local: "2024-03-31T03:30:00", zone: "Europe/Paris", offset: "+02:00"),
        Case(local: "2024-10-27T04:00:00", zone: "Europe/Paris", offset: "+01:00"),
        // Southern hemisphere: Sydney falls back on 2024-04-07 at 03:00, springs forward on 2024-10-06.
        Case(local: "2024-04-06T12:00:00", zone: "Australia/Sydney", offset: "+11:00"),
        Case(local: "2024-04-08T12:00:00", zone: "Australia/Sydney", offset: "+10:00"),
        Case(local: "2024-10-06T12:00:00", zone: "Australia/Sydney", offset: "+11:00"),
        // Historical rules: Moscow kept summer time all year 2011-2014, then +03:00.
        Case(local: "2012-01-15T12:00:00", zone: "Europe/Moscow", offset: "+04:00"),
        Case(local: "2015-01-15T12:00:00", zone: "Europe/Moscow", offset: "+03:00"),
        // Samoa skipped 2011-12-30 and moved across the date line.
        Case(local: "2011-12-29T12:00:00", zone: "Pacific/Apia", offset: "-10:00"),
        Case(local: "2012-01-02T12:00:00", zone: "Pacific/Apia", offset: "+14:00"),
        Case(local: "2024-02-10T08:22:12", zone: "Africa/Nairobi", offset: "+03:00"),
        Case(local: "2024-07-01T12:00:00", zone: "Asia/Kolkata", offset: "+05:30"),
    ])
    func offsetAtALocalTime(_ c: Case) {
        #expect(ZoneOffsets.offsetSeconds(local: c.local, zone: c.zone).map(ZoneOffsets.format) == c.offset)
    }

    @Test func theCamerasOffsetIsNeverReplaced() {
        let r = OffsetInference.infer(takenAt: "2024-06-14T09:43:19+05:00", gpsTime: "2024-06-14T07:43:02Z", zone: "Europe/Paris")
        #expect(r.offset == "+05:00")
        #expect(r.source == .exif)
    }

    @Test func theGPSClockBeatsTheZone() {
        // The camera was left on winter time in July: its clock says +01:00 against GPS.
        let r = OffsetInference.infer(takenAt: "2024-07-14T08:43:19", gpsTime: "2024-07-14T07:41:02Z", zone: "Europe/Paris")
        #expect(r.offset == "+01:00")
        #expect(r.source == .gps)
    }

    /// `--time-offset`: after the camera's offset and the GPS clock, before the zone.
    @Test func theClockOffsetTheUserGaveBeatsTheZoneOnly() {
        #expect(OffsetInference.infer(takenAt: "2024-07-14T08:20:00", gpsTime: nil, zone: "Europe/Paris", clockOffset: "+01:00")
            == ("+01:00", .user))
        #expect(OffsetInference.infer(takenAt: "2024-07-14T08:20:00+03:00", gpsTime: nil, zone: "Europe/Paris", clockOffset: "+01:00")
            == ("+03:00", .exif))
        #expect(OffsetInference.infer(
            takenAt: "2024-07-14T09:43:19", gpsTime: "2024-07-14T07:41:02Z", zone: "Europe/Paris", clockOffset: "+01:00") == ("+02:00", .gps))
    }

    @Test func aGPSTimeFarFromAnyOffsetIsNotBelieved() {
        // 37 minutes apart: neither a whole offset nor a clock a few minutes off.
        let r = OffsetInference.infer(takenAt: "2024-07-14T08:20:00", gpsTime: "2024-07-14T07:43:00Z", zone: "Europe/Paris")
        #expect(r.offset == "+02:00")
        #expect(r.source == .inferred)
    }

    @Test func inferredFromTheZoneAtTheDate() {
        #expect(OffsetInference.infer(takenAt: "2024-01-14T08:20:00", gpsTime: nil, zone: "Europe/Paris") == ("+01:00", .inferred))
        #expect(OffsetInference.infer(takenAt: "2024-01-14T08:20:00", gpsTime: nil, zone: nil) == (nil, .none))
        #expect(OffsetInference.infer(takenAt: nil, gpsTime: nil, zone: "Europe/Paris") == (nil, .none))
    }

    @Test func offsetsParse() {
        #expect(ZoneOffsets.parseOffset("+02:00") == 7200)
        #expect(ZoneOffsets.parseOffset("-0330") == -12600)
        #expect(ZoneOffsets.parseOffset("Z") == 0)
        #expect(ZoneOffsets.parseOffset("+2") == nil)
        #expect(ZoneOffsets.parseOffset("+25:00") == nil)
    }
}
