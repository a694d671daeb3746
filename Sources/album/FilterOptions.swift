import AlbumKit
import AlbumModel
import ArgumentParser

/// The search filters of `fetch`, `new-collection` and `search` (issue 30): passed to a source
/// that can filter (Flickr), applied locally otherwise, and always checked again before storing.
struct FilterOptions: ParsableArguments {
    @Option(help: FilterOptions.licenseHelp) var license: String?
    @Option(name: .customLong("taken-after"), help: ArgumentHelp("Only photos taken on or after this local date.", valueName: "YYYY-MM-DD"))
    var takenAfter: String?
    @Option(name: .customLong("taken-before"), help: ArgumentHelp("Only photos taken before this local date.", valueName: "YYYY-MM-DD"))
    var takenBefore: String?
    @Option(help: ArgumentHelp("Only photos with every word in the title, description or tags.", valueName: "words"))
    var text: String?
    @Option(help: ArgumentHelp("Only photos with these tags, comma-separated (see --tag-mode).", valueName: "T,…"))
    var tags: String?
    @Option(name: .customLong("tag-mode"), help: ArgumentHelp("any (default): one of --tags; all: every one.", valueName: "all|any"))
    var tagMode: String?
    @Option(name: .customLong("min-accuracy"), parsing: .unconditional, help: ArgumentHelp("Only positions the source grades at least this precise (1 world … 16 street).", valueName: "N"))
    var minAccuracy: Int?
    @Option(help: ArgumentHelp("photos (the only kind GeoAlbum collects).", valueName: "photos"))
    var media: String?

    /// `--license`, the same on `export dataset`.
    static let licenseHelp = ArgumentHelp(
        "Only these licences: cc (Creative Commons and CC0), cc-by, or Flickr licence ids, comma-separated (0 is All Rights Reserved).",
        valueName: "cc|cc-by|ID,…")

    /// The filter; the error names the option (a usage error, exit 64).
    func filter() throws -> SearchFilter {
        do {
            return try SearchFilter.parse(
                license: license, takenAfter: takenAfter, takenBefore: takenBefore, text: text, tags: tags, tagMode: tagMode,
                minAccuracy: minAccuracy, media: media)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func validate() throws { _ = try filter() }
}
