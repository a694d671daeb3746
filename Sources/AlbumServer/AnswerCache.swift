import AlbumModel
import Hummingbird
import Foundation
import Synchronization

/// Encoded answers to GET requests, kept while the library's version stays the same.
///
/// Every answer depends on the library only, so one version number covers them all: an answer
/// made at version V is served while the library is still at V, and the first request that sees
/// a newer version drops every kept answer. The version is read before the answer is made, so a
/// commit landing meanwhile can only make the kept answer newer than its version, never older;
/// `LibraryVersion` also moves on commits of other `album` processes. A kept answer is the whole
/// response, headers included (`Answer`): a hit builds nothing.
final class AnswerCache: Sendable {
    /// An answer's bytes (the event stream compares them) and its response, built once.
    struct Answer: Sendable {
        let data: Data
        let response: Response

        init(_ data: Data) {
            self.data = data
            response = Reply.json(data)
        }

        /// Bytes of another type (a card's PNG).
        init(_ data: Data, type: String) {
            self.data = data
            response = Reply.bytes(data, type: type)
        }
    }

    private struct State {
        var version: LibraryVersion?
        var answers: [String: Answer] = [:]
        var bytes = 0
        /// Values a page is drawn from (a period's summary), by key: small, at most `maxValues`.
        var values: [String: any Sendable] = [:]
    }

    /// How many values (`value(_:at:make:)`) are kept at once; past it, the values start again.
    static let maxValues = 256

    private let state = Mutex(State())
    /// How many answers and values were made rather than found kept (for tests: a kept card is
    /// not drawn again).
    private let madeCount = Atomic<Int>(0)
    /// Answers larger than this are not kept; past `maxBytes` in all, the cache starts again.
    let maxAnswerBytes: Int
    let maxBytes: Int

    /// - Parameter maxAnswerBytes: below 0, nothing is kept (`album serve --no-answer-cache`,
    ///   to measure what an answer costs to make).
    init(maxAnswerBytes: Int = 8 << 20, maxBytes: Int = 64 << 20) {
        self.maxAnswerBytes = maxAnswerBytes
        self.maxBytes = maxBytes
    }

    /// The answer kept under `key` at `version`, else `make()`'s, kept when `keep(answer)` says so.
    /// `type` is the answer's Content-Type when it is not JSON.
    func answer(
        _ key: String, at version: LibraryVersion, type: String? = nil, make: () async throws -> Data,
        keep: (Data) async -> Bool = { _ in true }
    ) async throws -> Answer {
        if let kept = lookup(key, at: version) { return kept }
        let data = try await make()
        madeCount.add(1, ordering: .relaxed)
        let answer = type.map { Answer(data, type: $0) } ?? Answer(data)
        if answer.data.count <= maxAnswerBytes, await keep(answer.data) { store(answer, key, at: version) }
        return answer
    }

    /// The value kept under `key` at `version`, else `make()`'s, kept: what a page is drawn from
    /// when the page itself cannot be kept whole (it names who is signed in), under the same
    /// rule as the answers (dropped when the library changes). Not kept with `maxAnswerBytes` < 0.
    func value<T: Sendable>(_ key: String, at version: LibraryVersion, make: () async throws -> T) async throws -> T {
        // Unwrapped before the cast: a missing key cast to an optional T would be a kept nil.
        let kept: (any Sendable)? = state.withLock { $0.version == version ? $0.values[key] : nil }
        if let kept, let value = kept as? T { return value }
        let value = try await make()
        madeCount.add(1, ordering: .relaxed)
        guard maxAnswerBytes >= 0 else { return value }
        state.withLock { state in
            if state.version != version { state = State(version: version) }
            if state.values.count >= Self.maxValues { state.values = [:] }
            state.values[key] = value
        }
        return value
    }

    func lookup(_ key: String, at version: LibraryVersion) -> Answer? {
        state.withLock { $0.version == version ? $0.answers[key] : nil }
    }

    func store(_ answer: Answer, _ key: String, at version: LibraryVersion) {
        state.withLock { state in
            if state.version != version {
                // Versions only grow, but two requests may race: keep the one seen last.
                state = State(version: version)
            }
            let size = answer.data.count
            if state.bytes + size > maxBytes { state = State(version: version) }
            state.bytes += size - (state.answers[key]?.data.count ?? 0)
            state.answers[key] = answer
        }
    }

    /// After a write no kept answer depends on (the map region): the answers kept at `before`
    /// stay valid at `after` when the write was the only change in between — no other
    /// connection committed and this connection changed exactly `rows` rows. Anything else
    /// (a fetch committing meanwhile) leaves the cache to empty itself as usual.
    func carry(from before: LibraryVersion, to after: LibraryVersion, rows: Int64) {
        guard after.others == before.others, after.own == before.own + rows else { return }
        state.withLock { state in
            if state.version == before { state.version = after }
        }
    }

    /// Answers kept now (for tests).
    var count: Int { state.withLock { $0.answers.count } }
    /// Answers and values made so far, rather than found kept (for tests).
    var made: Int { madeCount.load(ordering: .relaxed) }
    /// Values kept now (for tests).
    var valueCount: Int { state.withLock { $0.values.count } }
}
