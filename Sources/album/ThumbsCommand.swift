import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

/// `--thumbnails eager|lazy`, shared by fetch, worker and import (decision 0072).
struct ThumbnailsOption: ParsableArguments {
    @Option(help: ArgumentHelp(
        "eager: make each photo's thumbnail as it is stored; lazy: store the original and "
            + "make the thumbnail on first use (serve, export html, the card) or with `album thumbs`.",
        valueName: "eager|lazy"))
    var thumbnails: ThumbnailMode = .eager
}

extension ThumbnailMode: ExpressibleByArgument {}

/// `album thumbs`: makes the thumbnails that lazy fetches, workers and imports left for later.
struct ThumbsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thumbs",
        abstract: "Make the thumbnails that `--thumbnails lazy` left for later.",
        discussion: """
            Photos fetched, worked or imported with --thumbnails lazy are stored without their \
            thumbnail; `album serve`, `export html` and the card make one on first use. This makes \
            all that are still missing, the pool's threads side by side, and clears their mark. A \
            photo whose original cannot be read or decoded is named and keeps its mark (exit 1).
            """)

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let report = try await global.withLibrary(.writing) { library in try await library.makePendingThumbnails() }
        for failure in report.failures { Output.error("photo \(failure.photoId): \(failure.error)") }
        if global.json {
            try Output.json(ThumbsJSON(made: report.made, present: report.present, failed: report.failures.map(\.photoId)))
        } else {
            Output.line("\(Output.count(report.made, "thumbnail")) made, \(report.present) already there, \(report.failures.count) failed")
        }
        if !report.failures.isEmpty { throw ExitCode(1) }
    }
}

/// `{made, present, failed: [photo id]}`.
struct ThumbsJSON: Encodable {
    let made, present: Int
    let failed: [Int64]
}
