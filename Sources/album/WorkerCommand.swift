import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

/// `album worker`: downloads the queued photos of a library, beside other workers.
struct WorkerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worker",
        abstract: "Download the queued photos of a library, beside any number of other workers.",
        discussion: """
            Takes photos of every pin from the queue (`fetch --queue-only` fills it) and downloads \
            them as a fetch does. On a PostgreSQL library, workers on any machine share the queue: \
            claims are `FOR UPDATE SKIP LOCKED` with a lease the worker renews while it works, and \
            a worker that dies leaves its photos to be taken over once their lease (--lease) runs \
            out; on a folder library, workers of one machine share it. Runs until no photo is left \
            (or, with --follow, until stopped); SIGTERM or SIGINT stops it and puts the photos it \
            holds back in the queue. A PostgreSQL library is \
            `--library postgres://USER@HOST[:PORT]/DB?files=/shared/dir`, or ALBUM_DATABASE_URL with \
            --files DIR; see docs/scale.md.
            """)

    @OptionGroup var global: GlobalOptions
    @Option(parsing: .unconditional, help: Vocabulary.concurrency) var concurrency: Int = 8
    @Flag(help: "Keep waiting for new photos when the queue is empty.") var follow = false
    @OptionGroup var thumbnails: ThumbnailsOption

    func validate() throws {
        guard (1...64).contains(concurrency) else { throw ValidationError("--concurrency \(concurrency) must be 1-64") }
    }

    func run() async throws {
        var worker = try Library.workerEnvironment(maxConnectionsPerHost: concurrency)
        worker.thumbnails = thumbnails.thumbnails
        let environment = worker
        let (concurrency, follow) = (self.concurrency, self.follow)
        // The voice diary's queue too (issue 32): after the photos, or beside them every 30 s with
        // --follow. An engine that cannot run is a line, not the worker's failure.
        let engine = try Transcriber.chosen(command: nil, timeout: nil, environment: ProcessInfo.processInfo.environment)
        let (report, left, voice) = try await global.withLibrary(.writing, connections: concurrency + 2) { library in
            let transcripts = follow ? Task {
                while !Task.isCancelled {
                    _ = try? await library.transcribe(with: engine)
                    try? await Task.sleep(for: .seconds(30))
                }
            } : nil
            let report = try await WorkerSignals.cancellingOnStop {
                try await library.work(concurrency: concurrency, follow: follow, environment: environment)
            }
            transcripts?.cancel()
            var voice: Result<TranscribeReport, AlbumError>?
            if !follow {
                do throws(AlbumError) { voice = .success(try await library.transcribe(with: engine)) } catch { voice = .failure(error) }
            }
            return (report, try await library.status().photos.remaining, voice)
        }
        if global.json { return try Output.json(WorkerJSON(report: report, remaining: left, voice: voice)) }
        Output.line("\(Output.count(report.downloaded, "photo")) downloaded (\(report.bytes) bytes), \(report.failed) failed, "
            + "\(report.dropped) dropped as duplicates; \(left) left in the queue")
        switch voice {
        case .success(let voice) where !voice.done.isEmpty || !voice.failed.isEmpty:
            Output.line("\(Output.count(voice.done.count, "voice clip")) transcribed, \(voice.failed.count) failed")
        case .failure(let error): Output.line("voice clips not transcribed: \(error.description)")
        default: break
        }
    }
}

/// `{downloaded, failed, dropped, bytes, remaining, transcribed, transcriptsFailed}`: what this
/// worker did, and what is left for all.
struct WorkerJSON: Encodable {
    let downloaded, failed, dropped: Int
    let bytes: Int64
    let remaining: Int
    let transcribed, transcriptsFailed: Int
    init(report: WorkerReport, remaining: Int, voice: Result<TranscribeReport, AlbumError>? = nil) {
        (downloaded, failed, dropped, bytes, self.remaining) = (report.downloaded, report.failed, report.dropped, report.bytes, remaining)
        let done = (try? voice?.get()) ?? TranscribeReport()
        (transcribed, transcriptsFailed) = (done.done.count, done.failed.count)
    }
}

/// SIGTERM and SIGINT stop a worker cleanly: its task is cancelled, so it gives back the photos
/// it holds (`downloading → placeholder`) instead of leaving them to a lease or a dead process.
enum WorkerSignals {
    /// Runs `body` in a task that SIGTERM or SIGINT cancels.
    static func cancellingOnStop<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let task = Task { try await body() }
        let sources = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { task.cancel() }
            source.resume()
            return source
        }
        defer {
            for source in sources { source.cancel() }
            for number in [SIGTERM, SIGINT] { signal(number, SIG_DFL) }
        }
        return try await withTaskCancellationHandler { try await task.value } onCancel: { task.cancel() }
    }
}
