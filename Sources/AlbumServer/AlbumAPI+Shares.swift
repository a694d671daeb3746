import AlbumCore
import AlbumModel
import AlbumSeam
import Foundation
import Hummingbird

/// Where a server's share links are kept and whose they are (decision 0047): the library itself
/// keeps every user's links; `userId` is the caller (nil on a library without users).
struct ShareScope: Sendable {
    let library: Library
    let userId: Int64?
}

/// The share-link routes (decision 0077), over AlbumKit's (`album share pin|list|rm`): the
/// caller's own links only; another user's link or pin is a 404.
extension AlbumAPI {
    /// The links' library and owner: the one set at start, else this library without users.
    var shares: ShareScope { shareScope ?? ShareScope(library: library, userId: nil) }

    /// `POST /api/pins/{pin}/share` `{expiresIn}` (seconds, 60…31,622,400; default a week):
    /// 201 with the link and its `path` (`/s/TOKEN`), shown this once.
    func sharePin(_ pinId: Int64, _ call: Call) async throws -> Response {
        _ = try await library.pin(id: pinId)  // another user's or no pin: 404 before the body is judged
        let body = try await call.body()
        let seconds = try Self.wholeNumber(body, "expiresIn") ?? 7 * 86_400
        guard Library.shareSeconds.contains(seconds) else {
            throw APIError.badRequest("expiresIn \(seconds) must be 60-31622400 seconds (1 minute to 366 days)")
        }
        let made = try await shares.library.share(pinId: pinId, seconds: seconds, userId: shares.userId, content: library, now: clock())
        return Reply.json(JSONOut.encode(ShareLinkJSON(made.link, path: made.path, now: clock())), status: .created)
    }

    /// `GET /api/shares` (every link of the caller's) and `GET /api/pins/{pin}/shares` (a pin's), newest first.
    func shareLinks(pinId: Int64? = nil) async throws -> Response {
        if let pinId { _ = try await library.pin(id: pinId) }
        let now = clock()
        let links = try await shares.library.shareLinks(userId: shares.userId).filter { pinId == nil || $0.pinId == pinId }
        return Reply.json(JSONOut.encode(links.map { ShareLinkJSON($0, path: nil, now: now) }))
    }

    /// `DELETE /api/shares/{share}`: the link stops opening at once (again: nothing changes).
    func revokeShare(_ id: Int64) async throws -> Response {
        let now = clock()
        return Reply.json(JSONOut.encode(ShareLinkJSON(try await shares.library.revokeShare(id: id, userId: shares.userId, now: now), path: nil, now: now)))
    }
}

/// `{id, pinId, createdAt, expiresAt, revoked, expired, path}` (as `album share list --json`,
/// with `expired`); `path` only when just made.
struct ShareLinkJSON: Encodable {
    let id: Int64
    let pinId: Int64
    let createdAt: String
    let expiresAt: String
    let revoked: Bool
    let expired: Bool
    let path: String?

    init(_ link: ShareLink, path: String?, now: Int64) {
        id = link.id
        pinId = link.pinId
        createdAt = Self.date(link.createdAt)
        expiresAt = Self.date(link.expiresAt)
        revoked = link.revokedAt != nil
        expired = link.expiresAt <= now
        self.path = path
    }

    static func date(_ seconds: Int64) -> String { Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(.iso8601) }

    enum Key: String, CodingKey { case id, pinId, createdAt, expiresAt, revoked, expired, path }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(id, forKey: .id)
        try c.encode(pinId, forKey: .pinId)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(expiresAt, forKey: .expiresAt)
        try c.encode(revoked, forKey: .revoked)
        try c.encode(expired, forKey: .expired)
        try c.encode(path, forKey: .path)
    }
}
