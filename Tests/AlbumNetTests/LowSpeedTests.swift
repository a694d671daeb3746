import AlbumNet
import Foundation
import TestSupport
import Testing

/// Issue 10, item 11: a trickling server is cut by the low-speed limit, not waited on for the
/// whole time-out.
@Suite struct LowSpeedTests {
    @Test func aTricklingServerIsCutByTheLowSpeedLimit() async throws {
        let server = try LoopbackServer { _ in
            .trickle(status: 200, body: Data(repeating: 0x41, count: 64 << 10), bytesPerSecond: 16)
        }
        let request = HTTPRequest(
            url: server.baseURL + "/slow.jpg", timeout: .seconds(60), lowSpeed: LowSpeedLimit(bytesPerSecond: 1024, seconds: 1))
        await #expect {
            _ = try await HTTPClient().send(request)
        } throws: { error in
            // Cut by the limit ("too slow"), long before the 60 s time-out.
            guard case HTTPError.timedOut(_, let message) = error else { return false }
            return message.lowercased().contains("too slow") && (error as? HTTPError)?.isTransient == true
        }
    }

    @Test func theStandardLimitIsUnder1KBPerSecondFor30Seconds() {
        #expect(HTTPRequest(url: "http://x/").lowSpeed == LowSpeedLimit(bytesPerSecond: 1024, seconds: 30))
    }
}
