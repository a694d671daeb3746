import AlbumModel
import Foundation
import Synchronization

/// Encoded answers to GET requests, kept while the library's version stays the same.
///
/// Every answer depends on the library only, so one version number covers them all: an answer
/// made at version V is served while the library is still at V, and the first request that sees
/// a newer version drops every kept answer. The version is read before the answer is made, so a
/// commit landing meanwhile can only make the kept answer newer than its version, never older;
/// `LibraryVersion` also moves on commits of other `album` processes.
final class AnswerCache: Sendable {
    private struct State {
        var version: LibraryVersion?
        var answers: [String: Data] = [:]
        var bytes = 0
    }

    private let state = Mutex(State())
    /// Answers larger than this are not kept; past `maxBytes` in all, the cache starts again.
    let maxAnswerBytes: Int
    let maxBytes: Int

    init(maxAnswerBytes: Int = 8 << 20, maxBytes: Int = 64 << 20) {
        self.maxAnswerBytes = maxAnswerBytes
        self.maxBytes = maxBytes
    }

    /// The answer kept under `key` at `version`, else `make()`'s, kept when `keep(answer)` says so.
    func answer(
        _ key: String, at version: LibraryVersion, make: () async throws -> Data, keep: (Data) async -> Bool = { _ in true }
    ) async throws -> Data {
        if let kept = lookup(key, at: version) { return kept }
        let data = try await make()
        if data.count <= maxAnswerBytes, await keep(data) { store(data, key, at: version) }
        return data
    }

    func lookup(_ key: String, at version: LibraryVersion) -> Data? {
        state.withLock { $0.version == version ? $0.answers[key] : nil }
    }

    func store(_ data: Data, _ key: String, at version: LibraryVersion) {
        state.withLock { state in
            if state.version != version {
                // Versions only grow, but two requests may race: keep the one seen last.
                state = State(version: version)
            }
            if state.bytes + data.count > maxBytes { state = State(version: version) }
            state.bytes += data.count - (state.answers[key]?.count ?? 0)
            state.answers[key] = data
        }
    }

    /// Answers kept now (for tests).
    var count: Int { state.withLock { $0.answers.count } }
}
