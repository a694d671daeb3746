import AlbumModel
import AlbumSources
import Foundation
import Testing

/// Which JSON file a bundle reads, and what happens when the file as a whole is wrong.
@Suite struct BundleFileTests {
    @Test func photosJSONIsPreferredOverOtherJSONFiles() throws {
        let bundle = BundleTestFolder()
        try bundle.addFiles("a.jpg")
        try bundle.write(json: #"[{"id":"from-photos","url":"a.jpg"}]"#)
        try bundle.write(json: #"[{"id":"from-other","url":"a.jpg"}]"#, to: "other.json")
        let source = try bundle.source()
        #expect(source.jsonFile.lastPathComponent == "photos.json")
        #expect(try source.search(query(0, 0)).photos.map(\.sourceId) == ["from-photos"])
    }

    @Test func theOnlyJSONFileIsReadWhateverItsName() throws {
        let bundle = BundleTestFolder()
        try bundle.addFiles("a.jpg")
        try bundle.write(json: #"[{"id":1,"url":"a.jpg"}]"#, to: "album.json")
        try bundle.write(json: "not json", to: ".hidden.json")
        #expect(try bundle.source().jsonFile.lastPathComponent == "album.json")
    }

    @Test func twoJSONFilesWithoutPhotosJSONAreAnErrorNamingBoth() throws {
        let bundle = BundleTestFolder()
        try bundle.write(json: "[]", to: "a.json")
        try bundle.write(json: "[]", to: "b.json")
        let error = try #require(albumError { _ = try bundle.source() })
        guard case .invalidInput(let detail) = error else { Issue.record("\(error)"); return }
        let message = detail.description
        #expect(message.contains("several JSON files (a.json, b.json)"))
    }

    @Test func aJSONFileCanBeNamedDirectly() throws {
        let bundle = BundleTestFolder()
        try bundle.addFiles("a.jpg")
        try bundle.write(json: #"[{"id":"a","url":"a.jpg"}]"#, to: "a.json")
        try bundle.write(json: #"[{"id":"b","url":"a.jpg"}]"#, to: "b.json")
        let file = bundle.url.appendingPathComponent("b.json")
        let source = try BundleSource(folder: file)
        #expect(source.name == "bundle:" + file.standardizedFileURL.path)
        #expect(source.folder.standardizedFileURL.path == bundle.url.standardizedFileURL.path)
        #expect(try source.search(query(0, 0)).photos.map(\.sourceId) == ["b"])
    }

    @Test func aFolderWithoutJSONIsNotFound() throws {
        let bundle = BundleTestFolder()
        try bundle.addFiles("a.jpg")
        let error = try #require(albumError { _ = try bundle.source() })
        guard case .notFound(let detail) = error else { Issue.record("\(error)"); return }
        let message = detail.description
        #expect(message.contains("has no JSON file") && message.contains(bundle.url.standardizedFileURL.path))
    }

    @Test func aMissingFolderIsNotFound() throws {
        let bundle = BundleTestFolder()
        let missing = bundle.url.appendingPathComponent("nope")
        #expect(albumError { _ = try BundleSource(folder: missing) } == .notFound("bundle \(missing.path) does not exist"))
    }

    @Test func anEmptyListOffersNothing() throws {
        let bundle = BundleTestFolder()
        try bundle.write(json: " [ ]\n")
        let source = try bundle.source()
        #expect(source.photoCount == 0 && source.skipped.isEmpty)
        let page = try source.search(query(0, 0))
        #expect(page.total == 0 && page.pages == 0 && page.photos.isEmpty)
    }

    @Test(arguments: [
        ("[{\"id\":1,\"url\":\"a.jpg\"},\n {\"id\": 2,,}]", "line 2, column 11"),
        ("[{\"id\":1,\"url\":\"a.jpg\"}", "line 1, column 24"),
        ("", "line 1, column 1"),
        ("[{\"id\":1}] trailing", "line 1, column 12"),
    ])
    func malformedJSONIsAnErrorNamingTheFileAndThePosition(json: String, position: String) throws {
        let bundle = BundleTestFolder()
        try bundle.write(json: json)
        let error = try #require(albumError { _ = try bundle.source() })
        guard case .invalidInput(let detail) = error else { Issue.record("\(error)"); return }
        let message = detail.description
        #expect(message.hasPrefix(bundle.url.standardizedFileURL.path + "/photos.json: malformed JSON"), "\(message)")
        #expect(message.contains(position), "\(message)")
    }

    @Test func aTopLevelObjectIsNotAPhotoList() throws {
        let bundle = BundleTestFolder()
        try bundle.write(json: #"{"photos":{"photo":[]}}"#)
        let error = try #require(albumError { _ = try bundle.source() })
        #expect(error.description.contains("photos.json: expected a JSON list of photo records"))
    }

    @Test func theNameIsTheStandardisedAbsolutePath() throws {
        let bundle = BundleTestFolder()
        try bundle.addFiles("a.jpg", "sub/b.jpg")
        try bundle.write(json: #"[{"id":1,"url":"a.jpg"}]"#)
        let messy = URL(fileURLWithPath: bundle.url.path + "/sub/.././")
        let source = try BundleSource(folder: messy)
        #expect(source.name == "bundle:" + bundle.url.standardizedFileURL.path)
        #expect(!source.name.hasSuffix("/") && !source.name.contains("/./") && !source.name.contains(".."))
    }

    @Test func theJSONIsReadOnceWhenTheSourceIsMade() throws {
        let bundle = BundleTestFolder()
        try bundle.addFiles("a.jpg")
        try bundle.write(json: #"[{"id":1,"url":"a.jpg"}]"#)
        let source = try bundle.source()
        try bundle.write(json: "broken")
        #expect(try source.search(query(0, 0)).photos.map(\.sourceId) == ["1"])
    }
}
