import AlbumModel
import AlbumNet
import Foundation
import Testing
import TestSupport

@testable import AlbumSources

@Suite struct RequestPacerTests {
    @Test func callsAreSpacedByTheHourlyBudget() async throws {
        let clock = RecordingClock()
        let pacer = RequestPacer(perHour: 3600, clock: clock)
        for _ in 0..<3 { try await pacer.waitForTurn() }
        #expect(clock.sleeps == [.seconds(1), .seconds(1)], "the first call is free, then one a second")
    }

    @Test func timeAlreadyPassedIsNotWaitedAgain() async throws {
        let clock = RecordingClock()
        let pacer = RequestPacer(perHour: 720, clock: clock)  // one call per 5 s
        try await pacer.waitForTurn()
        try await clock.sleep(for: .seconds(3))  // the caller did 3 s of other work
        try await pacer.waitForTurn()
        #expect(clock.sleeps == [.seconds(3), .seconds(2)])
    }

    @Test func flickrSearchesFromTheEnvironmentArePaced() async throws {
        let server = try LoopbackServer { _ in .json(FlickrJSON.empty) }
        let clock = RecordingClock()
        let source = try FlickrSource(
            environment: ["FLICKR_API_KEY": "k", FlickrSource.callsPerHourVariable: "1800"],
            endpoint: server.baseURL + "/services/rest/", client: HTTPClient(), clock: clock)
        for _ in 0..<3 { _ = try await source.search(FlickrTest.paris()) }
        #expect(server.requests.count == 3)
        #expect(clock.sleeps == [.seconds(2), .seconds(2)])

        let unpaced = try FlickrSource(
            environment: ["FLICKR_API_KEY": "k", FlickrSource.callsPerHourVariable: "0"],
            endpoint: server.baseURL + "/services/rest/", client: HTTPClient(), clock: clock)
        for _ in 0..<3 { _ = try await unpaced.search(FlickrTest.paris()) }
        #expect(clock.sleeps.count == 2, "0 turns pacing off")
    }

    @Test(arguments: ["-1", "fast", "1.5"])
    func aBadRateNamesTheVariable(rate: String) throws {
        #expect(throws: AlbumError.invalidInput(
            "ALBUM_FLICKR_CALLS_PER_HOUR='\(rate)' is not a whole number of calls per hour (0: no limit)")
        ) {
            try FlickrSource(environment: ["FLICKR_API_KEY": "k", FlickrSource.callsPerHourVariable: rate], client: HTTPClient())
        }
    }
}
