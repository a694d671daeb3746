import AlbumModel
import Foundation
import TestSupport
import Testing

/// `--thumbnails lazy` and `album thumbs` (issue 28, decision 0072) on both stores: the original
/// and its row are stored, the thumbnail is not; verify does not call it missing; `album thumbs`
/// makes each once and clears the mark.
extension LibraryStoresTests {
    /// The photos' thumbnail files (absolute paths, as `photos --json` gives them) and whether each is there.
    func thumbnailFiles(_ lib: StoreLibrary, pin: Int) async throws -> [(path: String, exists: Bool)] {
        try await lib.photos(pin).compactMap { $0["thumbnail"] as? String }.map { path in
            let absolute = path.hasPrefix("/") ? path : lib.store.files(of: lib.library) + "/" + path
            return (absolute, FileManager.default.fileExists(atPath: absolute))
        }
    }

    @Test(arguments: StoreKind.all)
    func lazyFetchLeavesThumbnailsToThumbs(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        let server = try StoreLibrary.imageServer()
        let source = try await lib.source(6, server: server)
        let report = try await lib.fetch(source, perPage: 6, extra: ["--thumbnails", "lazy"])
        #expect(report["downloaded"] as? Int == 6, "\(report)")
        let pin = try #require((report["pin"] as? [String: Any])?["id"] as? Int)
        var thumbs = try await thumbnailFiles(lib, pin: pin)
        #expect(thumbs.count == 6 && thumbs.allSatisfy { !$0.exists }, "no thumbnail written: \(thumbs)")
        let photos = try await lib.photos(pin)
        #expect(photos.allSatisfy { $0["width"] as? Int != nil && $0["state"] as? String == "downloaded" }, "size read from the header: \(photos)")

        var verify = try #require(try await lib.json(["verify"]) as? [String: Any])
        #expect(verify["clean"] as? Bool == true && verify["pendingThumbnails"] as? Int == 6, "\(verify)")

        let made = try #require(try await lib.json(["thumbs"]) as? [String: Any])
        #expect(made["failed"] as? [Int] == [], "\(made)")
        #expect(made["made"] as? Int == 6, "\(made)")
        thumbs = try await thumbnailFiles(lib, pin: pin)
        #expect(thumbs.allSatisfy { $0.exists }, "\(thumbs)")
        for thumb in thumbs {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: thumb.path))
            #expect(bytes.starts(with: [0xFF, 0xD8]), "a JPEG: \(thumb.path)")
        }
        verify = try #require(try await lib.json(["verify"]) as? [String: Any])
        #expect(verify["clean"] as? Bool == true && verify["pendingThumbnails"] as? Int == 0, "\(verify)")
        let again = try #require(try await lib.json(["thumbs"]) as? [String: Any])
        #expect(again["made"] as? Int == 0 && again["present"] as? Int == 0, "marks cleared: \(again)")

        // A missing thumbnail that was made is missing again, not pending: verify says so.
        try FileManager.default.removeItem(atPath: try #require(thumbs.first).path)
        let broken = try await lib.run(["verify", "--json"])
        #expect(broken.status == 1, "\(broken.stdout)")
        #expect((try broken.json() as? [String: Any])?["missingThumbnails"] as? [Int] != [], "\(broken.stdout)")
    }

    @Test(arguments: StoreKind.all)
    func lazyImportCopiesOnceAndThumbsMakesTheRest(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        let photos = folder.child("lazy-import-\(store.rawValue)")
        try ImportFixture.write(to: photos)
        let report = try #require(try await lib.json(["import", photos.path, "--copy", "--thumbnails", "lazy"]) as? [String: Any])
        let imported = try #require(report["imported"] as? Int)
        #expect(imported == ImportFixture.located + ImportFixture.unplaced, "\(report)")
        let files = lib.store.files(of: lib.library)
        let thumbs = (FileManager.default.subpaths(atPath: files + "/thumbs") ?? []).filter { $0.hasSuffix(".jpg") }
        #expect(thumbs.isEmpty, "no thumbnail written: \(thumbs)")
        // The copies are the files' bytes (copy_file_range, or a write of what was read): verify
        // --deep hashes each original against its name.
        let originals = (FileManager.default.subpaths(atPath: files + "/originals") ?? []).filter { $0.hasSuffix(".jpg") }
        #expect(originals.count == imported)
        let verify = try #require(try await lib.json(["verify", "--deep"]) as? [String: Any])
        #expect(verify["clean"] as? Bool == true && verify["pendingThumbnails"] as? Int == imported, "\(verify)")
        let made = try #require(try await lib.json(["thumbs"]) as? [String: Any])
        #expect(made["made"] as? Int == imported, "\(made)")

        let bad = try await lib.run(["import", photos.path, "--thumbnails", "sometimes"])
        #expect(bad.status != 0 && bad.stderr.contains("--thumbnails") && bad.stderr.contains("sometimes"), "\(bad.stderr)")
    }
}
