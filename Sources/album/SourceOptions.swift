import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

/// `--source` and `--endpoint`, shared by the commands that talk to a photo source.
struct SourceOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "bundle:PATH (a local JSON bundle), bundle:https://HOST/photos (the same JSON on the web) or flickr "
            + "(needs $FLICKR_API_KEY), or yfcc:FILE (the YFCC100M dataset; see album yfcc index). Default: \(DefaultBundle.helpText).", valueName: "source"))
    var source: String?

    @Option(help: ArgumentHelp("The REST endpoint of a Flickr-compatible source.", valueName: "url"))
    var endpoint: String?

    /// The source named on the command line, else the one an album was made from, else the default.
    func spec(recorded album: AlbumInfo? = nil) throws -> SourceSpec {
        try Self.resolve(source: source, endpoint: endpoint, recorded: album)
    }

    static func resolve(source: String?, endpoint: String?, recorded album: AlbumInfo?) throws -> SourceSpec {
        if let source { return try SourceSpec.parse(source, endpoint: endpoint) }
        if let album { return try SourceSpec.parse(album.source, endpoint: endpoint ?? album.endpoint) }
        guard let path = DefaultBundle.path else {
            throw AlbumError.invalidInput(
                "no --source given and the default bundle is not installed (looked in "
                    + DefaultBundle.candidates.joined(separator: " and ") + "): run `make install`, or give --source bundle:PATH or --source flickr")
        }
        return try SourceSpec.parse("bundle:\(path)", endpoint: endpoint)
    }

    /// Checks the options without touching anything (a usage error never touches the library).
    func validate() throws {
        if let source {
            do { _ = try SourceSpec.parse(source, endpoint: endpoint) } catch { throw ValidationError("\(error)") }
        }
    }
}

/// `--radius-km`: greater than 0 for every source, at most the source's own limit (Flickr 32 km).
func checkRadius(_ radiusKm: Double, for spec: SourceSpec) throws {
    do { try spec.checkRadius(radiusKm) } catch { throw ValidationError(error.description) }
}

/// The part of `--radius-km` checked before any source is known.
func checkRadiusIsPositive(_ radiusKm: Double) throws {
    guard radiusKm.isFinite, radiusKm > 0 else { throw ValidationError("--radius-km \(radiusKm) must be > 0") }
}
