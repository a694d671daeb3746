import AlbumDownload
import AlbumModel
import AlbumNet
import AlbumSources
import Foundation
import Testing
import TestSupport

@testable import AlbumCore

/// The two ways a photo's bytes come (http through the `Downloader`, `file://` through the
/// bundle's resolver) keep the same body and refuse the same bodies: one size cap, one sniff.
/// The HTTP side is a real loopback server through libcurl; the file side real files in a bundle.
@Suite struct PhotoFetcherTests {
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 64))
    static let cap = 64 << 10

    /// A bundle folder holding `files`, its source, a loopback server answering the same bytes
    /// at `/NAME`, and an environment whose policy caps bodies at `cap`.
    struct Setup {
        let folder = TemporaryFolder("bundle")
        let server: LoopbackServer
        let environment: FetchEnvironment

        init(_ files: [String: Data]) throws {
            try Data("[]".utf8).write(to: folder.child("photos.json"))
            for (name, data) in files { try data.write(to: folder.child(name)) }
            server = try LoopbackServer { request in
                guard let body = files[String(request.path.dropFirst())] else { return .status(404) }
                return .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: body)
            }
            let source = try BundleSource(folder: folder.url)
            let policy = DownloadPolicy(maxBytes: PhotoFetcherTests.cap, retry: RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(1), maxDelay: .milliseconds(1)))
            environment = FetchEnvironment(
                source: source, sourceName: source.name, endpoint: nil,
                downloader: Downloader(client: try HTTPClient(), policy: policy, clock: RecordingClock()), processor: ImagingProcessor())
        }

        func fileURL(_ name: String) -> String { folder.child(name).absoluteURL.absoluteString }
        func httpURL(_ name: String) -> String { server.baseURL + "/" + name }

        /// What each fetcher gives for `name`, file first.
        func both(_ name: String) async -> (file: Result<Data, AlbumError>, http: Result<Data, AlbumError>) {
            let file = await environment.fetcher(for: fileURL(name)).fetch(fileURL(name)) {}
            let http = await environment.fetcher(for: httpURL(name)).fetch(httpURL(name)) {}
            return (file, http)
        }
    }

    @Test func eachURLKindHasItsFetcher() throws {
        let setup = try Setup([:])
        #expect(setup.environment.fetcher(for: setup.fileURL("a.jpg")) is BundleFilePhotoFetcher)
        #expect(setup.environment.fetcher(for: setup.httpURL("a.jpg")) is HTTPPhotoFetcher)
    }

    @Test func aJPEGComesTheSameBothWays() async throws {
        let jpeg = try JPEGBodies().body(0)
        try #require(jpeg.count <= Self.cap)
        let setup = try Setup(["a.jpg": jpeg])
        let (file, http) = await setup.both("a.jpg")
        #expect(try file.get() == jpeg)
        #expect(try http.get() == jpeg)
    }

    @Test func aBodyOverTheCapIsRefusedBothWaysNamingTheSameCap() async throws {
        let big = Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0, count: Self.cap + 1))
        let setup = try Setup(["big.jpg": big, "exact.jpg": big.prefix(Self.cap)])
        let (file, http) = await setup.both("big.jpg")
        for (name, result) in [("file", file), ("http", http)] {
            guard case .failure(let reason) = result else { Issue.record("\(name): kept a body over the cap"); continue }
            #expect(reason.description.contains("\(Self.cap)"), "\(name): \(reason)")
        }
        // At the cap exactly, both keep it: the same bound, not merely the same idea.
        let (fileAtCap, httpAtCap) = await setup.both("exact.jpg")
        #expect(try fileAtCap.get().count == Self.cap)
        #expect(try httpAtCap.get().count == Self.cap)
    }

    @Test func aNonImageGetsTheSameVerdictBothWays() async throws {
        let setup = try Setup(["fake.jpg": Self.png])
        let (file, http) = await setup.both("fake.jpg")
        let verdict = try #require(ImageKind(sniffing: Self.png).refusal)
        for (name, result) in [("file", file), ("http", http)] {
            guard case .failure(let reason) = result else { Issue.record("\(name): kept a PNG"); continue }
            #expect(reason.description.contains(verdict), "\(name): \(reason)")
        }
        // Refused once, not retried: a PNG stays a PNG.
        #expect(setup.server.requests.count == 1)
    }

    /// Issue 9 item 4: a local file that cannot be read is the failure's subject, its errno the
    /// cause (the photo's `failure` text is the line); the fetcher's refusals are about the file.
    @Test func aFileThatCannotBeReadIsTheSubjectWithItsErrno() async throws {
        let setup = try Setup(["fake.jpg": Self.png])
        try FileManager.default.createDirectory(at: setup.folder.child("folder.jpg"), withIntermediateDirectories: true)
        let path = setup.folder.child("folder.jpg").path
        guard case .failure(let error) = LocalFile.read(path, check: PhotoBodyCheck(maxBytes: Self.cap)) else {
            Issue.record("read a folder as a photo")
            return
        }
        #expect(error.subject == .file(path), "\(error)")
        #expect(error.cause == .errno(Errno(EISDIR)), "\(error)")
        #expect(error.description == "\(path): unreadable: \(Errno(EISDIR))")
        #expect(error.detail.reason == "unreadable: \(Errno(EISDIR))", "what the import lists beside the file")
        guard case .failure(let refusal) = await setup.environment.fetcher(for: setup.fileURL("fake.jpg")).fetch(setup.fileURL("fake.jpg"), onRetry: {}) else {
            Issue.record("kept a PNG")
            return
        }
        guard case .file(let refused)? = refusal.subject else { Issue.record("no file subject: \(refusal)"); return }
        #expect(refused.hasSuffix("/fake.jpg"), "\(refusal)")
    }

    @Test func aFileOutsideTheBundleIsRefusedAtFetchTime() async throws {
        let setup = try Setup([:])
        let outside = TemporaryFolder("outside")
        try JPEGBodies().body(0).write(to: outside.child("a.jpg"))
        let url = outside.child("a.jpg").absoluteURL.absoluteString
        guard case .failure(let reason) = await setup.environment.fetcher(for: url).fetch(url, onRetry: {}) else {
            Issue.record("read a file outside the bundle")
            return
        }
        #expect(reason.description.contains(url), "\(reason)")
    }
}
