import AlbumModel
import AlbumSources
import Foundation
import Testing

/// Local photos stay inside the bundle folder; only http(s) leaves it.
@Suite struct BundleSafetyTests {
    /// A bundle with one good photo and one record whose url is `url`.
    private func bundle(withURL url: String) throws -> BundleTestFolder {
        let bundle = BundleTestFolder()
        try bundle.addFiles("photos/good.jpg")
        let escaped = url.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        try bundle.write(json: #"[{"id":1,"url":"photos/good.jpg"},{"id":"bad-2","url":"\#(escaped)"}]"#)
        return bundle
    }

    @Test func relativeURLsBecomeAbsoluteFileURLsOfTheRealFile() throws {
        let bundle = try bundle(withURL: "photos/./good.jpg")
        let source = try bundle.source()
        let photos = try source.search(query(0, 0)).photos
        let expected = URL(fileURLWithPath: bundle.realPath("photos/good.jpg")).absoluteString
        #expect(photos.map(\.url) == [expected, expected])
        #expect(expected.hasPrefix("file:///"))
    }

    @Test(arguments: ["http://example.com/a.jpg", "https://live.staticflickr.com/65535/1_abc_b.jpg?x=1",
                      "HTTPS://EXAMPLE.COM/B.JPG"])
    func httpURLsPassThroughUnchanged(url: String) throws {
        let bundle = try bundle(withURL: url)
        let source = try bundle.source()
        #expect(source.skipped.isEmpty)
        #expect(try source.search(query(0, 0)).photos.last?.url == url)
    }

    @Test(arguments: [
        ("../outside.jpg", "contains '..'"),
        ("photos/../../outside.jpg", "contains '..'"),
        ("photos/..", "contains '..'"),
        ("/etc/passwd", "is an absolute path"),
        ("ftp://example.com/a.jpg", "scheme 'ftp:'"),
        ("javascript:alert(1)", "scheme 'javascript:'"),
        ("file:///etc/passwd", "scheme 'file:'"),
        ("data:image/jpeg;base64,AAAA", "scheme 'data:'"),
        ("http:///nohost.jpg", "not a valid http URL"),
        ("photos/missing.jpg", "names no file"),
        ("photos", "is not a regular file"),
    ])
    func refusedURLsAreSkippedNamingTheRecordAndTheURL(url: String, reason: String) throws {
        let bundle = try bundle(withURL: url)
        let source = try bundle.source()
        #expect(source.photoCount == 1)
        let skipped = try #require(source.skipped.first)
        #expect(skipped.id == "bad-2" && skipped.url == url)
        #expect(skipped.reason.contains(reason), "\(skipped.reason)")
        #expect(skipped.description.contains("id bad-2") && skipped.description.contains("'\(url)'"))
    }

    @Test func aSymlinkLeadingOutOfTheBundleIsRefused() throws {
        let outside = BundleTestFolder()
        try outside.addFiles("secret.jpg")
        let bundle = try bundle(withURL: "photos/link.jpg")
        try FileManager.default.createSymbolicLink(
            at: bundle.url.appendingPathComponent("photos/link.jpg"), withDestinationURL: outside.url.appendingPathComponent("secret.jpg"))
        try FileManager.default.createSymbolicLink(
            at: bundle.url.appendingPathComponent("dir"), withDestinationURL: outside.url)
        try bundle.write(json: #"[{"id":1,"url":"photos/good.jpg"},{"id":2,"url":"photos/link.jpg"},{"id":3,"url":"dir/secret.jpg"}]"#)
        let source = try bundle.source()
        #expect(source.photoCount == 1)
        #expect(source.skipped.map(\.id) == ["2", "3"])
        #expect(source.skipped.allSatisfy { $0.reason.contains("leads outside the bundle folder") })
        withExtendedLifetime(outside) {}
    }

    @Test func aSymlinkStayingInsideTheBundleIsFollowed() throws {
        let bundle = try bundle(withURL: "alias.jpg")
        try FileManager.default.createSymbolicLink(
            at: bundle.url.appendingPathComponent("alias.jpg"), withDestinationURL: bundle.url.appendingPathComponent("photos/good.jpg"))
        let source = try bundle.source()
        #expect(source.skipped.isEmpty)
        #expect(try source.search(query(0, 0)).photos.last?.url
            == URL(fileURLWithPath: bundle.realPath("photos/good.jpg")).absoluteString)
    }

    @Test func aBundleWhoseRecordsAreAllRefusedIsAnError() throws {
        let bundle = BundleTestFolder()
        try bundle.write(json: #"[{"id":1,"url":"../a.jpg"},{"id":2,"url":"/etc/passwd"}]"#)
        let error = try #require(albumError { _ = try bundle.source() })
        #expect(error.description.contains("none of its 2 records"))
        #expect(error.description.contains("id 1, url '../a.jpg'"))
        #expect(error.description.contains("id 2, url '/etc/passwd'"))
    }

    @Test func resolveLocalAcceptsOfferedFilesAndRechecksThem() throws {
        let outside = BundleTestFolder()
        try outside.addFiles("secret.jpg")
        let bundle = try bundle(withURL: "photos/good.jpg")
        let source = try bundle.source()
        let offered = try #require(try source.search(query(0, 0)).photos.first?.url)
        #expect(try source.resolveLocal(offered).path == bundle.realPath("photos/good.jpg"))

        // Replaced by a symlink out of the bundle after the search: refused at download time.
        let file = bundle.url.appendingPathComponent("photos/good.jpg")
        try FileManager.default.removeItem(at: file)
        #expect(albumError { _ = try source.resolveLocal(offered) } == .notFound("\(source.name): '\(offered)' names no file in the bundle"))
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: outside.url.appendingPathComponent("secret.jpg"))
        let error = try #require(albumError { _ = try source.resolveLocal(offered) })
        #expect(error.description.contains("leads outside the bundle folder"))
        withExtendedLifetime((bundle, outside)) {}
    }

    @Test(arguments: ["https://example.com/a.jpg", "ftp://x/a.jpg", "photos/good.jpg", "file://otherhost/etc/passwd",
                      "file:///etc/passwd", "file:///%2E%2E/etc/passwd"])
    func resolveLocalRefusesAnythingElse(url: String) throws {
        let bundle = try bundle(withURL: "photos/good.jpg")
        let source = try bundle.source()
        #expect(albumError { _ = try source.resolveLocal(url) } != nil)
        let inside = source.folder.appendingPathComponent("photos/good.jpg")
        let climbing = source.folder.appendingPathComponent("photos/../../\(source.folder.lastPathComponent)/photos/good.jpg")
        #expect(albumError { _ = try source.resolveLocal(inside.absoluteString) } == nil)
        #expect(albumError { _ = try source.resolveLocal(climbing.absoluteString) } == nil)
        withExtendedLifetime(bundle) {}
    }
}
