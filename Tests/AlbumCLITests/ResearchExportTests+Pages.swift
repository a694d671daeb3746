import Foundation
import Testing
import TestSupport

/// The dataset export reads the photos a page at a time while it writes shards (decision 0135):
/// whatever the pages, the same files; `--pin` reads that pin's photos; an empty library is an
/// empty dataset. On both stores.
extension ResearchExportTests {
    /// An export of `library` into a new folder `name`: its report and its files.
    func pagedExport(_ library: String, _ name: String, _ more: [String]) throws -> (report: [String: Any], files: [String: Data]) {
        let out = folder.child(name)
        let run = try album(["export", "dataset", "--out", out.path, "--json"] + more, library: library)
        #expect(run.status == 0, "\(name): \(run.stderr)")
        let report = try #require(try run.json() as? [String: Any], "\(name): \(run.stderr)")
        return (report, try exported(out))
    }

    @Test(arguments: StoreKind.all)
    func pagesOfAnySizeWriteTheSameDataset(_ store: StoreKind) throws {
        let (library, paris) = try library(store)
        let sydney = try album(["fetch", "--source", "bundle:\(try bundle().path)", "--lat", "-33.856784", "--lon", "151.215297",
                                "--radius-km", "3", "--json"], library: library)
        let sydneyCount = try #require(try sydney.json() as? [String: Any], "\(sydney.stderr)")["downloaded"] as? Int ?? 0
        try #require(paris >= 5 && sydneyCount >= 1)
        let tag = "pages-\(store.rawValue)"
        // Every photo a sample: pages of 2 (2, 4, 8 … rows: they grow) end where shards of 2 end.
        let all = ["--shard-size", "2", "--include-all-rights-reserved"]
        let whole = try pagedExport(library, "\(tag)-whole", all)
        #expect(whole.report["samples"] as? Int == paris + sydneyCount && whole.report["shards"] as? Int == (paris + sydneyCount + 1) / 2, "\(whole.report)")
        for size in [1, 2, 3] {
            let paged = try pagedExport(library, "\(tag)-\(size)", all + ["--page-size", "\(size)", "--concurrency", "\(size)"])
            #expect(paged.files == whole.files, "pages of \(size): \(paged.files.keys.sorted()) \(paged.report)")
        }
        // The licence rule leaves photos out: shards no longer follow pages; the same files.
        let strict = try pagedExport(library, "\(tag)-strict", ["--shard-size", "2"])
        #expect(strict.report["leftOutByLicense"] as? Int ?? 0 > 0, "\(strict.report)")
        #expect(try pagedExport(library, "\(tag)-strict-1", ["--shard-size", "2", "--page-size", "1"]).files == strict.files)

        // --pin: that pin's photos only, whatever the pages.
        let pinned = try pagedExport(library, "\(tag)-pin", all + ["--pin", "2"])
        #expect(pinned.report["samples"] as? Int == sydneyCount, "\(pinned.report)")
        #expect(try pagedExport(library, "\(tag)-pin-1", all + ["--pin", "2", "--page-size", "1"]).files == pinned.files)
        let sums = String(decoding: try #require(pinned.files["SHA256SUMS"]), as: UTF8.self)
        #expect(sums.split(separator: "\n").count == (sydneyCount + 1) / 2, "\(sums)")
        let bad = try album(["export", "dataset", "--out", folder.child("\(tag)-bad").path, "--page-size", "0"], library: library)
        #expect(bad.status == 64 && bad.stderr == "album: error: --page-size 0 must be 1-1000000\n", "\(bad.stderr)")
    }

    /// A library without photos (a pin, no photo): a dataset of no sample, no shard, and a
    /// manifest and sums of no file, with and without --pin.
    @Test(arguments: StoreKind.all)
    func anEmptyLibraryIsAnEmptyDataset(_ store: StoreKind) throws {
        let library = try store.newLibrary(in: folder)
        #expect(try album(["pin", "add", "--lat", "10", "--lon", "20", "--title", "Empty"], library: library).status == 0)
        for (name, more) in [("empty-\(store.rawValue)", [String]()), ("empty-pin-\(store.rawValue)", ["--pin", "1"])] {
            let empty = try pagedExport(library, name, more)
            #expect(empty.report["samples"] as? Int == 0 && empty.report["shards"] as? Int == 0, "\(empty.report)")
            #expect(empty.files.keys.sorted() == [".album-dataset", "SHA256SUMS", "manifest.json"] && empty.files["SHA256SUMS"]?.isEmpty == true)
            let data = try #require(empty.files["manifest.json"])
            let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect((manifest["files"] as? [Any])?.isEmpty == true && manifest["samples"] as? Int == 0, "\(manifest)")
        }
        let unknown = try album(["export", "dataset", "--out", folder.child("unknown-\(store.rawValue)").path, "--pin", "99"], library: library)
        #expect(unknown.status == 1 && !FileManager.default.fileExists(atPath: folder.child("unknown-\(store.rawValue)").path), "\(unknown.stderr)")
    }
}
