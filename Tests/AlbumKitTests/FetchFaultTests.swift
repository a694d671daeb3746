import AlbumDownload
import AlbumModel
import AlbumNet
import AlbumSources
import Foundation
import Synchronization
import Testing
import TestSupport

@testable import AlbumKit

/// The downloader's faults end in the right state after a bounded number of attempts, against a
/// real loopback server through libcurl, with a clock that records back-off instead of sleeping.
@Suite struct FetchFaultTests {
    static let place = try! Coordinate(latitude: 35.6586, longitude: 139.7454)

    /// What the server does for each photo id: the reply for the n-th request of that photo.
    static func reply(id: String, attempt: Int, bodies: JPEGBodies, index: Int) -> Reply {
        switch id {
        case "ok": .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: bodies.body(index))
        case "e500": .status(500)
        case "e503x2": attempt <= 2 ? .status(503) : .respond(status: 200, body: bodies.body(index))
        case "e429": attempt == 1 ? .status(429, headers: ["Retry-After": "7"]) : .respond(status: 200, body: bodies.body(index))
        case "truncated": .truncated(status: 200, body: bodies.body(index).prefix(500), declaredLength: bodies.body(index).count)
        case "html": .respond(status: 200, headers: ["Content-Type": "text/html"], body: Data("<!DOCTYPE html><html>captcha</html>".utf8))
        case "e404": .status(404)
        case "e403": .status(403)
        case "drop": .drop
        case "slow": .delayed(.seconds(3), .respond(status: 200, body: bodies.body(index)))
        case "notjpeg": .respond(status: 200, body: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 64)))
        case "corrupt": .respond(status: 200, body: Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x42, count: 2000)))
        default: .status(410)
        }
    }

    /// id → (state name, attempts, requests at the server, failure mentions)
    static let expected: [String: (String, Int, String?)] = [
        "ok": ("downloaded", 1, nil),
        "e500": ("failed", 3, "HTTP 500"),
        "e503x2": ("downloaded", 3, nil),
        "e429": ("downloaded", 2, nil),
        "truncated": ("failed", 3, nil),
        "html": ("failed", 1, "HTML"),
        "e404": ("failed", 1, "HTTP 404"),
        "e403": ("failed", 1, "HTTP 403"),
        "drop": ("failed", 3, nil),
        "slow": ("failed", 3, "timed out"),
        "notjpeg": ("failed", 1, "not a JPEG"),
        "corrupt": ("failed", 1, nil),
    ]

    @Test func everyFaultEndsInTheRightStateWithinBounds() async throws {
        let bodies = try JPEGBodies()
        let ids = Self.expected.keys.sorted()
        let attempts = AttemptCounter()
        let real = try LoopbackServer { request in
            let id = String(request.path.dropFirst("/photos/".count).dropLast(".jpg".count))
            return Self.reply(id: id, attempt: attempts.next(id), bodies: bodies, index: ids.firstIndex(of: id) ?? 0)
        }
        let bundle = try HTTPBundle(server: real, ids: ids, place: Self.place)
        let library = try Library.openForWriting(at: TemporaryFolder("lib").url)
        let clock = RecordingClock()
        let policy = DownloadPolicy(
            maxBytes: 1 << 20, timeout: .seconds(1),
            retry: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(100), maxDelay: .seconds(10)))
        let source = try BundleSource(folder: bundle.folder.url)
        let environment = FetchEnvironment(
            source: source, sourceName: source.name, endpoint: nil,
            downloader: Downloader(client: try HTTPClient(), policy: policy, clock: clock), processor: ImagingProcessor())

        let report = try await library.fetch(at: Self.place, options: FetchOptions(radiusKm: 1, perPage: 50, concurrency: 6), environment: environment)

        #expect(report.total == ids.count)
        let photos = try library.photos(pinId: report.pin.id)
        for photo in photos {
            let (state, tries, mention) = try #require(Self.expected[photo.sourceId])
            #expect(photo.state.name == state, "\(photo.sourceId): \(photo.state)")
            #expect(photo.attempts == tries, "\(photo.sourceId) attempts")
            let requests = real.requestCount(path: HTTPBundle.path(photo.sourceId))
            if photo.sourceId == "drop" {
                // libcurl itself retries a request whose reused connection closed without an
                // answer, so the server sees more requests than attempts; still bounded.
                #expect((tries...(4 * tries)).contains(requests), "drop requests: \(requests)")
            } else {
                #expect(requests == tries, "\(photo.sourceId) requests")
            }
            if let mention { #expect(photo.state.failureReason?.contains(mention) == true, "\(photo.sourceId): \(photo.state)") }
            if state == "downloaded" {
                let file = try #require(photo.file)
                #expect(FileManager.default.fileExists(atPath: library.url(forStoredPath: file).path))
                let thumb = try #require(photo.thumbnail)
                #expect(FileManager.default.fileExists(atPath: library.url(forStoredPath: thumb).path))
            } else {
                #expect(photo.file == nil)
            }
        }
        #expect(report.downloaded == 3)
        #expect(clock.sleeps.contains(.seconds(7)), "Retry-After: 7 honoured: \(clock.sleeps)")
        // Nothing half-written remains.
        let leftovers = FileManager.default.enumerator(at: library.folder, includingPropertiesForKeys: nil)?
            .compactMap { ($0 as? URL)?.lastPathComponent }.filter { $0.hasSuffix(".part") } ?? []
        #expect(leftovers.isEmpty)
        #expect(try library.database.integrityCheck() == "ok")
    }
}

/// Counts requests per key, for replies that change with the attempt.
final class AttemptCounter: Sendable {
    private let counts = Mutex<[String: Int]>([:])
    func next(_ key: String) -> Int {
        counts.withLock { counts in
            counts[key, default: 0] += 1
            return counts[key, default: 0]
        }
    }
}

