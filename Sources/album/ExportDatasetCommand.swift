import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

/// `album export dataset`: the photos and their facts as WebDataset shards or a folder tree.
struct ExportDatasetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-dataset", abstract: "The downloaded photos as a dataset: WebDataset tar shards (or folders), with a manifest.",
        discussion: """
            Each sample is the image and a JSON of its id, position, local and UTC time, place, time zone, tags, title,
            owner, licence and URL; without --pin, photos without a position (the unplaced tray) are samples too. manifest.json and SHA256SUMS give the SHA-256 of every file. Photos under All Rights
            Reserved (or no known licence) are left out unless --include-all-rights-reserved. Run it again after an
            interruption: finished shards are kept.
            """,
        shouldDisplay: false)

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The dataset's folder (made if missing).", valueName: "dir")) var out: String
    @Option(help: ArgumentHelp("webdataset (tar shards) or files (a folder a shard).", valueName: "format"))
    var format: String = "webdataset"
    @Option(name: .customLong("shard-size"), parsing: .unconditional, help: ArgumentHelp("Samples a shard.", valueName: "N"))
    var shardSize: Int = 1000
    @Option(help: FilterOptions.licenseHelp) var license: String?
    @Option(help: ArgumentHelp("original or thumbnail.", valueName: "size")) var size: String = "original"
    @Flag(name: .customLong("include-all-rights-reserved"), help: "Also photos under All Rights Reserved or no known licence.")
    var includeAllRightsReserved = false
    @Option(help: Vocabulary.onlyPin) var pin: Int64?
    @Option(parsing: .unconditional, help: ArgumentHelp("Shards written at once, 1-64 (default: the cores, at most 4).", valueName: "N"))
    var concurrency: Int?
    /// The rows read a page at first (pages grow): for the tests of page and shard boundaries.
    @Option(name: .customLong("page-size"), parsing: .unconditional, help: .hidden) var pageSize: Int?
    @OptionGroup var overwrite: OverwriteOptions

    func options() throws -> DatasetOptions {
        var options = DatasetOptions()
        guard let format = DatasetOptions.Format(rawValue: format) else { throw ValidationError("--format '\(format)' is not webdataset or files") }
        guard let size = DatasetOptions.Size(rawValue: size) else { throw ValidationError("--size '\(size)' is not original or thumbnail") }
        guard (1...1_000_000).contains(shardSize) else { throw ValidationError("--shard-size \(shardSize) must be 1-1000000") }
        if let pageSize, !(1...1_000_000).contains(pageSize) { throw ValidationError("--page-size \(pageSize) must be 1-1000000") }
        if let concurrency {
            guard (1...64).contains(concurrency) else { throw ValidationError("--concurrency \(concurrency) must be 1-64") }
            options.concurrency = concurrency
        }
        (options.format, options.size, options.shardSize) = (format, size, shardSize)
        if let license {
            do { options.licenseIds = try SearchFilter.licenses(license) } catch { throw ValidationError(error.description) }
            if options.licenseIds?.contains(License.allRightsReservedId) == true && !includeAllRightsReserved {
                throw ValidationError("--license '\(license)' names 0 (All Rights Reserved): give --include-all-rights-reserved too")
            }
        }
        options.includeAllRightsReserved = includeAllRightsReserved
        options.force = overwrite.force
        return options
    }

    func validate() throws { _ = try options() }

    func run() async throws {
        let options = try options()
        let output = overwrite.output(out, library: global)
        try output.check(folder: true)
        // Shards are written while the photos are read (decision 0135): the export runs inside
        // the library's use.
        let report = try await global.withLibrary(.reading) { [pin, pageSize] library in
            let export = DatasetExport(folder: output.url, options: options, library: library.folder.path)
            let pages = try await library.researchPhotoPages(pinId: pin, pageSize: pageSize ?? ResearchPhotoPages.firstPage)
            return try await export.write { () async throws(AlbumError) in try await pages.next() }
        }
        if global.json { return try Output.json(DatasetReportJSON(report: report)) }
        var line = "wrote \(Output.count(report.samples, "sample")) in \(report.shards) \(options.format == .webdataset ? "shard" : "folder")\(report.shards == 1 ? "" : "s") to \(report.folder)"
        if report.reusedShards > 0 { line += " (\(report.reusedShards) kept from an earlier run)" }
        Output.line(line)
        if report.leftOutByLicense > 0 { Output.line("  left out by licence: \(report.leftOutByLicense)") }
        if report.leftOutNoFile > 0 { Output.line("  left out with no \(options.size.rawValue) file: \(report.leftOutNoFile)") }
    }
}

/// `{folder, samples, shards, reusedShards, leftOutByLicense, leftOutNoFile, bytes}`.
struct DatasetReportJSON: Encodable {
    let report: DatasetReport
    enum Key: String, CodingKey { case folder, samples, shards, reusedShards, leftOutByLicense, leftOutNoFile, bytes }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(report.folder, forKey: .folder)
        try c.encode(report.samples, forKey: .samples)
        try c.encode(report.shards, forKey: .shards)
        try c.encode(report.reusedShards, forKey: .reusedShards)
        try c.encode(report.leftOutByLicense, forKey: .leftOutByLicense)
        try c.encode(report.leftOutNoFile, forKey: .leftOutNoFile)
        try c.encode(report.bytes, forKey: .bytes)
    }
}
