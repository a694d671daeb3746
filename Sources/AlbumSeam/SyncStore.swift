import AlbumModel

/// What sync needs from a library's store (issue 25, decision 0061): the change log a client
/// pulls with a cursor, and the answers of requests made with an `Idempotency-Key`, so that a
/// retried request is applied once. Both are per library, so per user's partition.
public protocol SyncStore: Sendable {
    /// Claims `key` for a request (`fingerprint`: its method and path), or says what became of
    /// it: answered before (the answer to replay), being answered now, or used for another
    /// request. A claim older than `staleAfter` seconds with no answer (its server died) is
    /// taken over. Answers older than a week are forgotten.
    func claimRequest(key: String, fingerprint: String, now: Int64, staleAfter: Int64) async throws(AlbumError) -> RequestClaim
    /// Keeps the answer of a claimed request.
    func finishRequest(key: String, status: Int, answer: String) async throws(AlbumError)
    /// Gives up a claim whose request failed: the key may be used again, nothing was stored.
    func releaseRequest(key: String) async throws(AlbumError)
    /// Changes after `seq`, oldest first, at most `limit`. Every change committed before the
    /// call with a seq above the cursor is in it or in a later page: the cursor never skips one.
    func changes(after seq: Int64, limit: Int) async throws(AlbumError) -> [ChangeRecord]
    /// Stores a pin a sync client pushed, with the client's own id (decision 0077), unless a pin
    /// with that id is there: then that pin (`created` false), nothing stored. The check and the
    /// insert are one transaction: a retry never makes a second pin, whatever became of the
    /// first request's answer.
    func addPin(at coordinate: Coordinate, title: String?, note: String?, clientId: String) async throws(AlbumError) -> (pin: Pin, created: Bool)
    /// A pin's or a photo's own tags, sorted (a photo's without its pin's; decision 0092).
    /// - Throws: `AlbumError.notFound` for an unknown pin or photo, `.invalidInput` for a day.
    func ownTags(of target: TagTarget) async throws(AlbumError) -> [TagName]
}

/// What `claimRequest` found.
public enum RequestClaim: Sendable, Equatable {
    /// The caller answers the request, then `finishRequest` or `releaseRequest`.
    case claimed
    /// Answered before: this status and JSON answer.
    case answered(status: Int, answer: String)
    /// Another request with this key is being answered now.
    case inProgress
    /// The key was used for another request (this fingerprint).
    case otherRequest(String)
}

/// One row of the change log: an entity put (made or changed: fetch it) or removed.
public struct ChangeRecord: Sendable, Hashable {
    public var seq: Int64
    /// `pin`, `photo`, `entry`, `reminder` or `plan` (a plan's id is its pin's).
    public var entity: String
    public var entityId: Int64
    /// `put` or `remove`.
    public var op: String
    /// Unix seconds, by the store's clock.
    public var at: Int64

    public init(seq: Int64, entity: String, entityId: Int64, op: String, at: Int64) {
        self.seq = seq
        self.entity = entity
        self.entityId = entityId
        self.op = op
        self.at = at
    }
}
