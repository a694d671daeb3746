import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

/// `album worker`: downloads the queued photos of a library on PostgreSQL, beside other workers.
struct WorkerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worker",
        abstract: "Download the queued photos of a PostgreSQL library, beside any number of other workers.",
        discussion: """
            Claims photos of every pin with `FOR UPDATE SKIP LOCKED` and a lease it renews while it \
            works; a worker that dies leaves its photos to be taken over once their lease runs out. \
            Runs until no photo is left (or, with --follow, until stopped). \
            The library is `--library postgres://USER@HOST[:PORT]/DB?files=/shared/dir`, or \
            ALBUM_DATABASE_URL with --files DIR; see docs/scale.md.
            """)

    @OptionGroup var global: GlobalOptions
    @Option(parsing: .unconditional, help: "Photos downloaded at once (1-64).") var concurrency: Int = 8
    @Flag(help: "Keep waiting for new photos when the queue is empty.") var follow = false
    @Option(name: .customLong("lease"), parsing: .unconditional, help: ArgumentHelp(
        "How long a claim holds a photo without renewal, in seconds (5-3600): a dead worker's photos wait this long.",
        valueName: "seconds"))
    var leaseSeconds: Double = 120

    func validate() throws {
        guard (1...64).contains(concurrency) else { throw ValidationError("--concurrency \(concurrency) must be 1-64") }
        guard leaseSeconds.isFinite, leaseSeconds >= 1, leaseSeconds <= 3600 else {
            throw ValidationError("--lease \(leaseSeconds) must be 1-3600 seconds")
        }
    }

    func run() async throws {
        #if PostgreSQL
        let environment = try SharedLibrary.workerEnvironment(maxConnectionsPerHost: concurrency)
        let done = try await global.withShared(leaseSeconds: leaseSeconds, connections: concurrency + 2) { shared in
            let report = try await shared.work(concurrency: concurrency, follow: follow, environment: environment)
            return (report, try await shared.store.stateCounts().remaining)
        }
        guard let (report, left) = done else {
            throw ValidationError("album worker works on a PostgreSQL library: give --library postgres://USER@HOST/DB?files=DIR or ALBUM_DATABASE_URL")
        }
        if global.json { return try Output.json(WorkerJSON(report: report, remaining: left)) }
        Output.line("\(Output.count(report.downloaded, "photo")) downloaded (\(report.bytes) bytes), \(report.failed) failed, "
            + "\(report.dropped) dropped as duplicates; \(left) left in the queue")
        #else
        try global.refuseSharedLibrary()
        throw ValidationError("album worker works on a PostgreSQL library, and this album was built without PostgreSQL: "
            + "build it with `swift build --traits PostgreSQL` (see docs/scale.md)")
        #endif
    }
}

#if PostgreSQL
/// `{downloaded, failed, dropped, bytes, remaining}`: what this worker did, and what is left for all.
struct WorkerJSON: Encodable {
    let downloaded, failed, dropped: Int
    let bytes: Int64
    let remaining: Int
    init(report: WorkerReport, remaining: Int) {
        (downloaded, failed, dropped, bytes, self.remaining) = (report.downloaded, report.failed, report.dropped, report.bytes, remaining)
    }
}
#endif
