import AlbumModel
import Dispatch
import Synchronization

/// The shards of one export, written `workers` at a time (decision 0132): a shard's bytes are
/// its samples' alone, so each thread takes the next shard not yet taken and writes it whole
/// (its samples' JSON, its tar, its SHA-256) with a `TarWriter` of its own. A shard in place is
/// recorded in the state file at once, under the lock, in the order shards finish; the export
/// rewrites the state in shard order at its end, so the bytes are the same however the threads
/// ran. After a failure no new shard is taken; the shards already in place stay recorded (a
/// resumed export keeps them), and the failure of the lowest shard is thrown.
final class ShardWriting: Sendable {
    typealias Outcome = (done: DatasetExport.Finished, reused: Bool)

    private let export: DatasetExport
    private let photos: [ResearchPhoto]
    /// The indices in `photos` of the photos exported, in order.
    private let chosen: [Int]
    private let shardSize: Int
    private let previous: [String: DatasetExport.Finished]

    /// What the threads share: the next shard to take, the outcomes so far, the first failure.
    private struct Shared {
        var next = 0
        var finished = 0
        var outcomes: [Outcome?]
        var failure: (index: Int, error: AlbumError)?
    }
    private let shared = Mutex(Shared(outcomes: []))

    init(export: DatasetExport, photos: [ResearchPhoto], chosen: [Int], shardSize: Int, previous: [String: DatasetExport.Finished]) {
        self.export = export
        self.photos = photos
        self.chosen = chosen
        self.shardSize = shardSize
        self.previous = previous
    }

    /// Writes (or keeps) shards 0..<shards on `workers` threads; returns their outcomes in shard
    /// order. `progress` is called under the lock, one call at a time.
    func run(shards: Int, workers: Int, progress: @Sendable (Int, Int) -> Void) throws(AlbumError) -> [Outcome] {
        shared.withLock { $0 = Shared(outcomes: Array(repeating: nil, count: shards)) }
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, shards))) { _ in
            while let index = take() {
                let part = chosen[(index * shardSize)..<min(chosen.count, (index + 1) * shardSize)].map { photos[$0] }
                let name = export.options.format == .webdataset ? DatasetExport.shardName("shard-", index) : DatasetExport.shardName("part-", index)
                do throws(AlbumError) {
                    let outcome = try export.shard(index, part, previous: previous[name])
                    try shared.withLock { (state) throws(AlbumError) in
                        if !outcome.reused { try export.appendState(outcome.done) }
                        state.outcomes[index] = outcome
                        state.finished += 1
                        progress(state.finished, shards)
                    }
                } catch {
                    shared.withLock { state in
                        if state.failure.map({ index < $0.index }) ?? true { state.failure = (index, error) }
                    }
                }
            }
        }
        return try shared.withLock { (state) throws(AlbumError) in
            if let failure = state.failure { throw failure.error }
            return state.outcomes.compactMap { $0 }
        }
    }

    /// The next shard to write, or nil when none is left or one failed.
    private func take() -> Int? {
        shared.withLock { state in
            guard state.failure == nil, state.next < state.outcomes.count else { return nil }
            defer { state.next += 1 }
            return state.next
        }
    }
}
