import AlbumAccounts
import AlbumModel
import AlbumSeam
import Foundation

/// A share link just made: the token is shown this once (only its hash is stored).
public struct NewShareLink: Sendable {
    public let link: ShareLink
    public let token: String
    /// `/s/TOKEN`: the path to append to the server's address.
    public var path: String { "/s/\(token)" }
}

extension Library {
    /// Shares a pin's album read-only for `seconds` (decision 0047), as `email` (`--user`; default:
    /// the first admin; none on a library without users). Call it on the library itself, not a partition.
    /// - Throws: `AlbumError.notFound` for a pin the user does not have; `.invalidInput` for a
    ///   duration outside 1 minute to 1 year.
    public func share(pinId: Int64, seconds: Int64, as email: String?, now: Int64) async throws(AlbumError) -> NewShareLink {
        guard Self.shareSeconds.contains(seconds) else { throw .invalidInput("--for must be between 1 minute and 1 year") }
        let user = try await actingUser(email)
        let content = try await acting(as: email, access: .reading)
        do {
            let made = try await share(pinId: pinId, seconds: seconds, userId: user?.id, content: content, now: now)
            if content !== self { await content.close() }
            return made
        } catch {
            if content !== self { await content.close() }
            throw error
        }
    }

    /// How long a link may last: 1 minute to 1 year (366 days).
    public static let shareSeconds: ClosedRange<Int64> = 60...(366 * 86_400)

    /// Shares `content`'s pin (the user's own library: the partition, or this library for its
    /// owner) as `userId` (nil on a library without users), as a server does for its caller.
    /// Call it on the library itself, which keeps the links.
    /// - Throws: `AlbumError.notFound` for a pin `content` does not have.
    public func share(pinId: Int64, seconds: Int64, userId: Int64?, content: Library, now: Int64) async throws(AlbumError) -> NewShareLink {
        guard Self.shareSeconds.contains(seconds) else { throw .invalidInput("a share link lasts 1 minute to 1 year") }
        _ = try await content.pin(id: pinId)
        let token = Sodium.randomHex(bytes: 32)
        let link = try await store.addShareLink(
            userId: userId, pinId: pinId, hash: ShareToken.digest(token), createdAt: now, expiresAt: now + seconds)
        return NewShareLink(link: link, token: token)
    }

    /// The share links of `email` (default: the first admin), newest first.
    public func shareLinks(as email: String?) async throws(AlbumError) -> [ShareLink] {
        try await store.shareLinks(userId: try await actingUser(email)?.id)
    }

    /// The share links of user `userId` (nil: a library without users), newest first.
    public func shareLinks(userId: Int64?) async throws(AlbumError) -> [ShareLink] {
        try await store.shareLinks(userId: userId)
    }

    /// Revokes a share link of `email`'s. - Throws: `AlbumError.notFound` naming the id.
    public func revokeShare(id: Int64, as email: String?, now: Int64) async throws(AlbumError) -> ShareLink {
        try await revokeShare(id: id, userId: try await actingUser(email)?.id, now: now)
    }

    /// Revokes a share link of user `userId`'s (revoking one again changes nothing).
    /// - Throws: `AlbumError.notFound` naming the id, for a link that is not theirs.
    public func revokeShare(id: Int64, userId: Int64?, now: Int64) async throws(AlbumError) -> ShareLink {
        guard let link = try await store.revokeShareLink(id: id, userId: userId, now: now) else {
            throw .notFound("no share link \(id)")
        }
        return link
    }

    /// The live link of a token with the library (the owner's, or a partition) that holds its pin;
    /// nil for an unknown, expired or revoked token.
    public func sharedAlbum(token: String, now: Int64) async throws(AlbumError) -> ShareLink? {
        guard token.count == 64, token.allSatisfy(\.isHexDigit) else { return nil }
        return try await store.liveShareLink(hash: ShareToken.digest(token), now: now)
    }
}
