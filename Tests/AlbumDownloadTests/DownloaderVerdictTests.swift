import AlbumNet
import Foundation
import Testing

@testable import AlbumDownload

/// The downloader's verdicts on a response, and the one body check it shares with a bundle's
/// files: what is kept, retried (and how often) or refused at once.
@Suite struct DownloaderVerdictTests {
    static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x11, count: 64))
    static let check = PhotoBodyCheck(maxBytes: 1 << 20)

    static func response(_ status: Int, _ body: Data = Data(), headers: [String: String] = [:]) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: body, url: "http://127.0.0.1/x")
    }

    @Test func aJPEGIsKept() {
        #expect(Downloader.judge(Self.response(200, Self.jpeg), check: Self.check) == .keep(ImageBody(data: Self.jpeg, kind: .jpeg)))
    }

    @Test(arguments: [
        (Data([0x89, 0x50, 0x4E, 0x47, 0, 0, 0, 0]), "not a JPEG (png)"),
        (Data("GIF89a".utf8), "not a JPEG (gif)"),
        (Data("RIFF\0\0\0\0WEBPVP8 ".utf8), "not a JPEG (webp)"),
        (Data([0x00, 0x01, 0x02]), "not an image"),
    ])
    func anotherFormatFailsAtOnce(body: Data, reason: String) {
        guard case .fail(let text) = Downloader.judge(Self.response(200, body), check: Self.check) else {
            Issue.record("not refused at once")
            return
        }
        #expect(text.hasPrefix(reason), "\(text)")
        #expect(Self.check.contentRefusal(body).refusal == reason, "the bundle's files get the same verdict")
    }

    @Test func anHTMLPageIsRetriedABoundedNumberOfTimes() {
        let page = Downloader.judge(Self.response(200, Data("  <!DOCTYPE html>".utf8)), check: Self.check)
        guard case .retry(let reason, nil, let bound) = page else { Issue.record("\(page)"); return }
        #expect(reason.hasPrefix("not an image (HTML page)"))
        #expect(bound == Downloader.htmlPageAttempts)
        // Declared as HTML, whatever the body looks like.
        let declared = Downloader.judge(Self.response(200, Data("busy".utf8), headers: ["content-type": "text/html; charset=utf-8"]), check: Self.check)
        guard case .retry(_, nil, Downloader.htmlPageAttempts) = declared else { Issue.record("\(declared)"); return }
    }

    @Test func transientStatusesAreRetriedHonouringRetryAfter() {
        for status in [408, 425, 500, 502, 503, 599] {
            #expect(Downloader.judge(Self.response(status), check: Self.check) == .retry("HTTP \(status)", after: nil))
        }
        #expect(Downloader.judge(Self.response(500, headers: ["retry-after": "7"]), check: Self.check) == .retry("HTTP 500", after: .seconds(7)))
        // A throttle (issue 22): waited out within a budget, never counted as a failed attempt.
        #expect(Downloader.judge(Self.response(429), check: Self.check) == .throttle("HTTP 429", after: nil))
        #expect(Downloader.judge(Self.response(429, headers: ["retry-after": "7"]), check: Self.check) == .throttle("HTTP 429", after: .seconds(7)))
        #expect(Downloader.judge(Self.response(503, headers: ["retry-after": "7"]), check: Self.check) == .throttle("HTTP 503", after: .seconds(7)))
    }

    @Test func permanentStatusesFailAtOnce() {
        for status in [301, 400, 401, 403, 404, 410] {
            #expect(Downloader.judge(Self.response(status), check: Self.check) == .fail("HTTP \(status)"))
        }
    }

    @Test func theSizeCapIsOneNumber() {
        let check = PhotoBodyCheck(maxBytes: 100)
        #expect(check.sizeRefusal(100) == nil)
        #expect(check.sizeRefusal(101) == "too large: 101 bytes, over the 100-byte cap")
        #expect(DownloadPolicy(maxBytes: 100).bodyCheck == check)
    }
}
