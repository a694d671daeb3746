import AlbumModel
import Dispatch
import Foundation

/// The shards of one export, written `workers` at a time (decisions 0132, 0135) while the photos
/// are still being read: the reader hands each shard's photos over as soon as it has them
/// (`add`), and each thread takes the next shard not yet taken — waiting for it if it is not in
/// yet — and writes it whole (its samples' JSON, its tar, its SHA-256) with a `TarWriter` of its
/// own. A shard's bytes are its samples' alone. A shard in place is recorded in the state file
/// at once, under the lock, in the order shards finish; the export rewrites the state in shard
/// order at its end, so the bytes are the same however the threads ran. After a failure no new
/// shard is taken; the shards already in place stay recorded (a resumed export keeps them), and
/// the failure of the lowest shard is thrown (a failed read before it).
final class ShardWriting: @unchecked Sendable {
    typealias Outcome = (done: DatasetExport.Finished, reused: Bool)
    /// A shard's photos: runs of the pages they were read in.
    typealias Photos = [ArraySlice<ResearchPhoto>]

    private let export: DatasetExport
    private let previous: [String: DatasetExport.Finished]
    private let threads = DispatchGroup()

    /// What the threads and the reader share, under `condition`: each shard's photos (emptied
    /// when taken), whether the reader is done, the next shard to take, the outcomes so far, the
    /// first failures.
    private let condition = NSCondition()
    private var parts: [Photos] = []
    private var closed = false
    private var next = 0
    private var outcomes: [Outcome?] = []
    private var failure: (index: Int, error: AlbumError)?
    private var readFailure: AlbumError?

    init(export: DatasetExport, previous: [String: DatasetExport.Finished]) {
        self.export = export
        self.previous = previous
    }

    /// Starts `workers` threads of their own; they wait for shards. Not Dispatch's: on Linux
    /// Swift's tasks run on Dispatch's pool, as wide as the cores, and the reader's task would
    /// hold one of its threads (one writer while the rows are read).
    func start(workers: Int) {
        for _ in 0..<max(1, workers) {
            threads.enter()
            Thread { [self] in
                work()
                threads.leave()
            }.start()
        }
    }

    /// Whether shards are still wanted (none failed).
    var wanted: Bool { locked { failure == nil } }

    /// The next shard's photos, in order.
    func add(_ part: Photos) {
        locked {
            parts.append(part)
            outcomes.append(nil)
        }
        condition.signal()
    }

    /// No more shards: the reader is done, or failed with `failing`.
    func close(failing: AlbumError? = nil) {
        locked {
            closed = true
            readFailure = failing
        }
        condition.broadcast()
    }

    /// Waits for the threads (after `close`); the shards' outcomes in shard order.
    func finish() async throws(AlbumError) -> [Outcome] {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            threads.notify(queue: .global()) { done.resume() }
        }
        return try ended()
    }

    private func ended() throws(AlbumError) -> [Outcome] {
        condition.lock()
        defer { condition.unlock() }
        if let readFailure { throw readFailure }
        if let failure { throw failure.error }
        return outcomes.compactMap { $0 }
    }

    private func work() {
        while let (index, part) = take() {
            let name = export.options.format == .webdataset ? DatasetExport.shardName("shard-", index) : DatasetExport.shardName("part-", index)
            do throws(AlbumError) {
                let outcome = try export.shard(index, part, previous: previous[name])
                condition.lock()
                defer { condition.unlock() }
                if !outcome.reused { try export.appendState(outcome.done) }
                outcomes[index] = outcome
            } catch {
                locked { if failure.map({ index < $0.index }) ?? true { failure = (index, error) } }
                condition.broadcast()
            }
        }
    }

    /// The next shard to write and its photos, once the reader has them; nil when none is left,
    /// or one failed.
    private func take() -> (Int, Photos)? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if failure != nil || readFailure != nil { return nil }
            if next < parts.count {
                defer { parts[next] = []; next += 1 }
                return (next, parts[next])
            }
            if closed { return nil }
            condition.wait()
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }
}
