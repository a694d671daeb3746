import AlbumNet
import Foundation
import Testing

/// SplitMix64: a seeded generator so jitter is repeatable.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct RetryPolicyTests {
    let policy = RetryPolicy(maxAttempts: 5, baseDelay: .seconds(1), maxDelay: .seconds(10))

    @Test(arguments: 1...6)
    func delayGrowsExponentiallyWithJitterInTheUpperHalf(attempt: Int) {
        var generator = SeededGenerator(state: UInt64(attempt))
        let step = min(10.0, pow(2.0, Double(attempt - 1)))
        for _ in 0..<50 {
            let delay = policy.delay(afterAttempt: attempt, retryAfter: nil, using: &generator)
            #expect(delay >= .milliseconds(Int(step * 500)) && delay <= .milliseconds(Int(step * 1000)))
        }
    }

    @Test func jitterSpreadsDelays() {
        var generator = SeededGenerator(state: 7)
        let delays = Set((0..<20).map { _ in policy.delay(afterAttempt: 3, retryAfter: nil, using: &generator) })
        #expect(delays.count > 10)
    }

    @Test func retryAfterIsAMinimum() {
        var generator = SeededGenerator(state: 1)
        #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(7), using: &generator) == .seconds(7))
        // A shorter Retry-After does not shorten the back-off.
        #expect(policy.delay(afterAttempt: 4, retryAfter: .seconds(1), using: &generator) >= .seconds(4))
    }

    @Test func everyDelayIsCapped() {
        var generator = SeededGenerator(state: 2)
        #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(3_600), using: &generator) == .seconds(10))
        #expect(policy.delay(afterAttempt: 60, retryAfter: nil, using: &generator) <= .seconds(10))
    }

    @Test func attemptsAreBounded() {
        #expect(policy.allowsRetry(afterAttempt: 4))
        #expect(!policy.allowsRetry(afterAttempt: 5))
        #expect(!RetryPolicy(maxAttempts: 0).allowsRetry(afterAttempt: 1))
    }
}

@Suite struct HTTPResponseTests {
    func response(_ headers: [String: String]) -> HTTPResponse {
        HTTPResponse(status: 429, headers: headers, body: Data(), url: "http://example.org/")
    }

    @Test func retryAfterInSeconds() {
        #expect(response(["retry-after": "120"]).retryAfter == .seconds(120))
        #expect(response(["retry-after": " 3 "]).retryAfter == .seconds(3))
        #expect(response([:]).retryAfter == nil)
        #expect(response(["retry-after": "soon"]).retryAfter == nil)
    }

    @Test func retryAfterAsADateCountsFromTheDateHeader() {
        let r = response(["retry-after": "Wed, 21 Oct 2015 07:28:30 GMT", "date": "Wed, 21 Oct 2015 07:28:00 GMT"])
        #expect(r.retryAfter == .seconds(30))
    }

    @Test func retryAfterAsADateCountsFromNowWithoutADateHeader() {
        let now = Date(timeIntervalSince1970: 1_445_412_480)  // Wed, 21 Oct 2015 07:28:00 GMT
        #expect(response(["retry-after": "Wed, 21 Oct 2015 07:29:00 GMT"]).retryAfter(now: now) == .seconds(60))
        #expect(response(["retry-after": "Wed, 21 Oct 2015 07:00:00 GMT"]).retryAfter(now: now) == .zero)
    }

    @Test func transientErrors() {
        #expect(HTTPError.timedOut(url: "u", message: "m").isTransient)
        #expect(HTTPError.transport(url: "u", code: 18, message: "partial").isTransient)
        #expect(HTTPError.transport(url: "u", code: 7, message: "refused").isTransient)
        #expect(!HTTPError.transport(url: "u", code: 60, message: "bad certificate").isTransient)
        #expect(!HTTPError.bodyTooLarge(url: "u", limit: 1).isTransient)
        #expect(!HTTPError.unsupportedScheme(url: "ftp://x").isTransient)
    }
}
