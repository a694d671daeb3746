import Foundation
import Testing
import TestSupport

/// Issue 29 part 3: the same picture twice — the phone's HEIC and the JPEG of one shot, a
/// resized re-encode (`album thumb`), the same JPEG with its EXIF stripped — is found by its
/// perceptual hash, on both stores; distinct fixture photos are not.
@Suite(.libraryStores) struct LookalikeTests {
    let folder = TemporaryFolder("lookalike")

    func album(_ arguments: [String], library: String) throws -> AlbumRun {
        try AlbumProcess.run(arguments + ["--library", library])
    }

    /// A JPEG without its APP1 (EXIF) segments: the same pixels, another file.
    static func strippingExif(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        var out: [UInt8] = [0xFF, 0xD8]
        var i = 2
        while i + 4 <= bytes.count, bytes[i] == 0xFF, (0xE0...0xEF).contains(bytes[i + 1]) || bytes[i + 1] == 0xFE {
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if bytes[i + 1] != 0xE1 { out += bytes[i..<i + 2 + length] }
            i += 2 + length
        }
        return Data(out + bytes[i...])
    }

    /// The bundle's 30 photos, plus the three look-alikes in their own folder.
    func folders() throws -> (photos: URL, alike: URL) {
        let photos = folder.child("photos-\(UUID().uuidString.prefix(6))")
        let alike = folder.child("alike-\(UUID().uuidString.prefix(6))")
        try FileManager.default.copyItem(at: Fixtures.bundle.appendingPathComponent("photos"), to: photos)
        try FileManager.default.createDirectory(at: alike, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.repositoryRoot.appendingPathComponent("fixtures/heic/IMG_0002.heic"),
                                         to: alike.appendingPathComponent("IMG_0002.heic"))
        try Self.strippingExif(Data(contentsOf: photos.appendingPathComponent("paris-03.jpg")))
            .write(to: alike.appendingPathComponent("paris-03-stripped.jpg"))
        let thumb = try AlbumProcess.run(["thumb", photos.appendingPathComponent("sydney-04.jpg").path, "--out", alike.path, "--thumb-size", "200"])
        #expect(thumb.status == 0, "\(thumb.stderr)")
        return (photos, alike)
    }

    @Test(arguments: StoreKind.all)
    func sameShotFoundKeeperSuggestedAndRemoved(_ store: StoreKind) throws {
        let library = try store.newLibrary(in: folder)
        let (photos, alike) = try folders()
        let first = try #require(try album(["import", photos.path, "--json"], library: library).json() as? [String: Any])
        #expect(first["imported"] as? Int == 30)
        // Thirty different pictures: none looks like another.
        #expect((first["lookalikes"] as? [Any])?.isEmpty == true, "\(first["lookalikes"] ?? "")")
        let none = try album(["dupes"], library: library)
        #expect(none.status == 0 && none.stdout == "no photos are the same picture (threshold 7 bits of 64)\n", "\(none.stdout)\(none.stderr)")

        let second = try #require(try album(["import", alike.path, "--json"], library: library).json() as? [String: Any])
        #expect(second["imported"] as? Int == 3, "\(second)")
        let found = try #require(second["lookalikes"] as? [[String: Any]])
        #expect(found.count == 3 && found.allSatisfy { $0["likePhoto"] is Int && $0["skipped"] as? Bool == false }, "\(found)")

        let groups = try #require(try album(["dupes", "--json"], library: library).json() as? [String: Any])
        let list = try #require(groups["groups"] as? [[String: Any]])
        #expect(list.count == 3, "\(groups)")
        // The keeper is the fixture photo: more pixels (the thumbnail), GPS (the stripped copy),
        // more bytes (the HEIC); the imports of the second folder have ids 31-33.
        for group in list {
            let ids = (group["photos"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
            #expect(ids.count == 2 && (group["keeper"] as? Int ?? 99) <= 30 && ids[1] > 30, "\(group)")
        }
        // `photo show` prints the hash the JSON gives (16 hex digits, as imagehash prints it).
        let keeperId = try #require(list.first?["keeper"] as? Int)
        let shown = try #require(try album(["photo", "show", "\(keeperId)", "--json"], library: library).json() as? [String: Any])
        let hash = try #require(shown["perceptualHash"] as? String)
        #expect(hash.count == 16 && hash.allSatisfy(\.isHexDigit), "\(hash)")
        let showText = try album(["photo", "show", "\(keeperId)"], library: library).stdout
        #expect(showText.contains("\n  perceptual hash: \(hash)\n"), "\(showText)")
        let text = try album(["dupes"], library: library)
        #expect(text.stdout.hasPrefix("3 groups of the same picture, 6 photos (threshold 7 bits of 64)\n"), "\(text.stdout)")

        let kept = try album(["dupes", "--keep-best", "--json"], library: library)
        let removed = try #require(try kept.json() as? [String: Any])["removed"] as? [Int]
        #expect(Set(removed ?? []) == [31, 32, 33], "\(kept.stdout)")
        #expect(try album(["dupes"], library: library).stdout.hasPrefix("no photos are the same picture"))
        // Removed for good: importing the same files again brings none back.
        let again = try #require(try album(["import", alike.path, "--json"], library: library).json() as? [String: Any])
        #expect(again["imported"] as? Int == 0, "\(again)")
    }

    /// `data` with every `old` (ASCII, the same length) replaced by `new`.
    static func replacing(_ old: String, with new: String, in data: Data) -> Data {
        var bytes = [UInt8](data)
        let o = Array(old.utf8), n = Array(new.utf8)
        var i = 0
        while i + o.count <= bytes.count {
            if Array(bytes[i..<i + o.count]) == o { bytes.replaceSubrange(i..<i + o.count, with: n); i += o.count } else { i += 1 }
        }
        return Data(bytes)
    }

    /// A burst (decision 0104): the same frame taken two seconds later — here the same pixels
    /// with the capture time moved by two seconds — is two shots, not one picture twice, unless
    /// `dupes --bursts` asks for them.
    @Test(arguments: StoreKind.all)
    func burstShotsAreNotTheSamePicture(_ store: StoreKind) throws {
        let library = try store.newLibrary(in: folder)
        let burst = folder.child("burst-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: burst, withIntermediateDirectories: true)
        let data = try Data(contentsOf: Fixtures.bundle.appendingPathComponent("photos/paris-01.jpg"))
        try data.write(to: burst.appendingPathComponent("shot-1.jpg"))
        let later = Self.replacing("2024:06:14 09:43:19", with: "2024:06:14 09:43:21", in: data)
        #expect(later != data)
        try later.write(to: burst.appendingPathComponent("shot-2.jpg"))
        let run = try #require(try album(["import", burst.path, "--json"], library: library).json() as? [String: Any])
        #expect(run["imported"] as? Int == 2, "\(run)")
        #expect((run["lookalikes"] as? [Any])?.isEmpty == true, "\(run["lookalikes"] ?? "")")
        let none = try album(["dupes"], library: library)
        #expect(none.stdout.hasPrefix("no photos are the same picture"), "\(none.stdout)\(none.stderr)")
        let both = try album(["dupes", "--bursts"], library: library)
        #expect(both.stdout.hasPrefix("1 group of the same picture, 2 photos"), "\(both.stdout)\(both.stderr)")
    }

    @Test(arguments: StoreKind.all)
    func skipSimilarStoresNoneAndFetchReports(_ store: StoreKind) throws {
        let library = try store.newLibrary(in: folder)
        let (photos, alike) = try folders()
        #expect(try album(["import", photos.path], library: library).status == 0)
        let run = try album(["import", alike.path, "--skip-similar"], library: library)
        #expect(run.status == 0 && run.stdout.hasPrefix("imported 0 of 3 files from"), "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("paris-03-stripped.jpg: looks like photo ") && run.stdout.contains("not stored (--skip-similar)"), "\(run.stdout)")
        let status = try #require(try album(["status", "--json"], library: library).json() as? [String: Any])
        #expect((status["photos"] as? [String: Int])?["downloaded"] == 30, "\(status)")

        // A fetch of the bundle's Paris photos into a library that has paris-03 stripped of its
        // EXIF (unplaced): the downloaded paris-03 is reported, or removed with --skip-similar.
        let fetched = try store.newLibrary(in: folder)
        #expect(try album(["import", alike.path], library: fetched).status == 0)
        let fetch = try album(["fetch", "--source", "bundle:\(Fixtures.bundle.path)", "--lat", "48.8566", "--lon", "2.3522",
                               "--radius-km", "10", "--skip-similar", "--json"], library: fetched)
        let report = try #require(try fetch.json() as? [String: Any], "\(fetch.stderr)")
        let alikes = try #require(report["lookalikes"] as? [[String: Any]])
        #expect(alikes.count == 1 && alikes[0]["removed"] as? Bool == true, "\(alikes)")
    }
}
