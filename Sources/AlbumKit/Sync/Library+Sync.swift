import AlbumModel
import AlbumSeam
import Foundation

extension Library {
    /// Claims an `Idempotency-Key` for a request (`SyncStore.claimRequest`); a claim with no
    /// answer after `staleAfter` seconds (its server died mid-request) is taken over.
    public func claimRequest(key: String, fingerprint: String, now: Date = Date(), staleAfter: Int64 = 120) async throws(AlbumError) -> RequestClaim {
        try await store.claimRequest(key: key, fingerprint: fingerprint, now: Int64(now.timeIntervalSince1970), staleAfter: staleAfter)
    }

    /// Keeps a claimed request's answer, to replay it to a retry.
    public func finishRequest(key: String, status: Int, answer: String) async throws(AlbumError) {
        try await store.finishRequest(key: key, status: status, answer: answer)
    }

    /// Gives up a claim (the request failed and stored nothing).
    public func releaseRequest(key: String) async throws(AlbumError) { try await store.releaseRequest(key: key) }

    /// At most `limit` changes after the cursor `seq`, oldest first (decision 0061), and whether more follow.
    /// - Throws: `AlbumError.invalidInput` for a negative cursor or a limit out of 1…1000.
    public func changes(after seq: Int64, limit: Int = 500) async throws(AlbumError) -> (changes: [ChangeRecord], more: Bool) {
        guard seq >= 0 else { throw .invalidInput("since \(seq) must be 0 or more") }
        guard (1...1000).contains(limit) else { throw .invalidInput("limit \(limit) must be between 1 and 1000") }
        let rows = try await store.changes(after: seq, limit: limit + 1)
        return (Array(rows.prefix(limit)), rows.count > limit)
    }

    /// Adds a pin a sync client pushed with its own id, or answers the pin that id made before
    /// (`SyncStore.addPin(…clientId:)`, decision 0077); a new one is named with its place.
    public func addPin(at coordinate: Coordinate, title: String?, note: String?, clientId: String) async throws(AlbumError) -> (pin: Pin, created: Bool) {
        let (pin, created) = try await store.addPin(at: coordinate, title: title, note: note, clientId: clientId)
        guard created else { return (pin, false) }
        try await nameNewPlaces()
        return (try await store.requirePin(id: pin.id), true)
    }

    /// A pin's or a photo's own tags, sorted (a photo's without its pin's): what sync sends and
    /// `GET /api/pins/{pin}/tags` answers (decision 0092).
    public func ownTags(of target: TagTarget) async throws(AlbumError) -> [TagName] { try await store.ownTags(of: target) }

    /// Adds and removes a pin's or a photo's own tags in one call, then answers its tags (the
    /// two are each one transaction: a retry with the same lists changes nothing more).
    public func changeOwnTags(of target: TagTarget, add: [TagName], remove: [TagName]) async throws(AlbumError) -> [TagName] {
        if case .day = target { throw .invalidInput("a day has no tags of its own: its photos have") }
        if !add.isEmpty { _ = try await store.addTags(add, to: target) }
        if !remove.isEmpty { _ = try await store.removeTags(remove, from: target) }
        return try await store.ownTags(of: target)
    }
}
