import AlbumKit
import AlbumModel
import AlbumSources
import ArgumentParser
import Foundation

/// `--source` and `--endpoint`, shared by the commands that talk to a photo source.
struct SourceOptions: ParsableArguments {
    @Option(help: ArgumentHelp("bundle:PATH (a local JSON bundle), flickr (needs $FLICKR_API_KEY) or yfcc:FILE (see album yfcc index).", valueName: "source"))
    var source: String?

    @Option(help: ArgumentHelp("The REST endpoint of a Flickr-compatible source.", valueName: "url"))
    var endpoint: String?

    /// The embedded default: the bundled fixtures, offline.
    static let defaultSource = "bundle:fixtures/bundle"

    /// The source named on the command line, else the one an album was made from, else the default.
    func spec(recorded album: AlbumInfo? = nil) throws -> SourceSpec {
        try Self.resolve(source: source, endpoint: endpoint, recorded: album)
    }

    static func resolve(source: String?, endpoint: String?, recorded album: AlbumInfo?) throws -> SourceSpec {
        if let source { return try SourceSpec.parse(source, endpoint: endpoint) }
        if let album { return try SourceSpec.parse(album.source, endpoint: endpoint ?? album.endpoint) }
        let fallback = try SourceSpec.parse(Self.defaultSource, endpoint: endpoint)
        if case .bundle(let path) = fallback, !FileManager.default.fileExists(atPath: path) {
            throw AlbumError.invalidInput(
                "no --source given and the default bundle \(path) is not in the current folder: "
                    + "give --source bundle:PATH or --source flickr")
        }
        return fallback
    }

    /// Checks the options without touching anything (a usage error never touches the library).
    func validate() throws {
        if let source {
            do { _ = try SourceSpec.parse(source, endpoint: endpoint) } catch { throw ValidationError("\(error)") }
        }
    }
}
