// libFuzzer entry point of every parser that reads bytes from outside (issue 22, item 5).
// Built by scripts/fuzz.sh together with the parsers' own sources (not the package: a build of
// seconds, not minutes), in one binary; FUZZ_TARGET picks the parser:
//   exif    JPEG segments, the EXIF block (libexif), IPTC and XMP: ExifReader.read(MemoryBytes)
//   heic    HEIF boxes (ImageKind.isHEIF, libheif's reader) and their EXIF/XMP: ExifReader.read(HEIFFile)
//   bundle  a bundle's photos.json / a web bundle's /photos answer: BundleFile.records + each record's fields
//   flickr  a Flickr search answer, JSON or JSONP: FlickrResponse + each photo's SourcePhoto
//   pins    a pins file (CSV, UTF-8/16): PinsFile.decode + parse
//   gpx     a GPX 1.0/1.1 track: GPXTrack.parse + lookups along it
//   yfcc    YFCC100M lines: YFCCLayout.detect + YFCCRowParser.parse + the text and date decoders
import Foundation

enum FuzzTarget: String, CaseIterable {
    case exif, heic, bundle, flickr, pins, gpx, yfcc
}

nonisolated(unsafe) private var target: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        FileHandle.standardError.write(Data("FUZZ_TARGET must be one of \(FuzzTarget.allCases.map(\.rawValue))\n".utf8))
        exit(2)
    }
    return target
}()

nonisolated(unsafe) private var yfccParsers: [YFCCLayout: YFCCRowParser] = [:]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    switch target {
    case .exif:
        _ = try? ExifReader().read(MemoryBytes(data: data))
    case .heic:
        if ImageKind.isHEIF(data.prefix(64)) {
            _ = try? ExifReader().read(HEIFFile(data: data))
        }
    case .bundle:
        if let records = try? BundleFile.records(in: data, named: "fuzz.json") {
            for record in records { _ = String(describing: record) }
        } else {
            _ = BundleFile.whereMalformed(data)
        }
    case .flickr:
        if let response = try? JSONDecoder().decode(FlickrResponse.self, from: FlickrResponse.unwrappingJSONP(data)) {
            for photo in response.photos?.photo ?? [] {
                _ = photo.sourcePhoto(buildingURLs: true)
                _ = photo.sourcePhoto(buildingURLs: false)
            }
        }
    case .pins:
        if let text = PinsFile.decode(data) {
            _ = PinsFile.parse(text, name: "fuzz.csv") { (name) throws(AlbumError) -> PlaceMatches in
                // The place index is not fuzzed here: a name resolves when it is short.
                guard name.count < 8 else { throw .notFound("no place named \(name)") }
                return PlaceMatches(
                    query: name, candidates: [PlaceCandidate(name: name, coordinate: try Coordinate(latitude: 1, longitude: 2))], total: 1)
            }
        }
    case .gpx:
        if let track = try? GPXTrack.parse(data, file: "fuzz.gpx") {
            for time in [-1e12, 0, 1.7e9, 1e12] { _ = track.position(at: time, maxGap: 300) }
        }
    case .yfcc:
        fuzzYFCC(data)
    }
    return 0
}

private func fuzzYFCC(_ data: Data) {
    let lines = data.split(separator: 0x0A, omittingEmptySubsequences: false)
    guard let first = lines.first else { return }
    guard let layout = first.withUnsafeBytes({ try? YFCCLayout.detect(firstLine: $0, file: "fuzz.tsv") }) else { return }
    var parser = yfccParsers[layout] ?? YFCCRowParser(layout: layout)
    for line in lines {
        line.withUnsafeBytes { raw in
            if case .photo(let row) = parser.parse(raw) {
                _ = YFCCText.decoded(row.title)
                _ = YFCCText.decoded(row.owner)
                _ = YFCCText.isoDate(row.takenAt)
            }
        }
    }
    yfccParsers[layout] = parser
}
