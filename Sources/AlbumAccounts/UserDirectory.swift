import AlbumModel
import AlbumSeam
import Foundation

/// Adding, listing, removing users and changing passwords (`album user …`): the checks and the
/// hashing; the rows are the store's (`AccountStore`).
public struct UserDirectory: Sendable {
    public let store: any AccountStore
    public let hasher: PasswordHasher

    public init(store: any AccountStore, hasher: PasswordHasher = .interactive) {
        self.store = store
        self.hasher = hasher
    }

    /// Adds a user. The first user of a library is an admin whether or not `isAdmin` says so:
    /// someone must manage the others.
    /// - Throws: `AlbumError.invalidInput` for a malformed email, a short password or a taken email.
    public func add(email: String, password: String, isAdmin: Bool) async throws(AlbumError) -> UserAccount {
        let email = try AccountEmail.normalized(email)
        try AccountEmail.checkPassword(password)
        let hash = try await hashed(password)
        let first = try await store.users().isEmpty
        return try await store.addUser(email: email, passwordHash: hash, isAdmin: isAdmin || first)
    }

    public func list() async throws(AlbumError) -> [UserAccount] { try await store.users() }

    /// The user with this email. - Throws: `AlbumError.notFound` naming it.
    public func require(_ email: String) async throws(AlbumError) -> UserAccount {
        let normal = try AccountEmail.normalized(email)
        guard let user = try await store.user(email: normal) else { throw .notFound("no user \(normal)") }
        return user
    }

    /// Removes a user and ends their sessions.
    /// - Throws: `AlbumError.notFound`; `.invalidInput` for the last admin while others remain
    ///   (nobody could manage them) — the last user of all may go.
    @discardableResult
    public func remove(_ email: String) async throws(AlbumError) -> UserAccount {
        let user = try await require(email)
        let users = try await store.users()
        if user.isAdmin, users.count > 1, !users.contains(where: { $0.isAdmin && $0.id != user.id }) {
            throw .invalidInput("\(user.email) is the last admin: add another admin first (album user add EMAIL --admin)")
        }
        // The first user's content is the library itself (decision 0046): the next user would inherit it.
        if users.first?.id == user.id, users.count > 1 {
            throw .invalidInput("\(user.email) owns the library's own content (the first user): remove the other users first")
        }
        try await store.removeUser(id: user.id)
        return user
    }

    /// Sets a new password; every session of the user ends.
    public func setPassword(_ email: String, password: String, now: Int64) async throws(AlbumError) -> UserAccount {
        let user = try await require(email)
        try AccountEmail.checkPassword(password)
        try await store.setPasswordHash(userId: user.id, hash: try await hashed(password), now: now)
        return user
    }

    /// The first admin: whom the CLI acts as on a library with users unless `--user` says.
    public func firstAdmin() async throws(AlbumError) -> UserAccount? {
        try await store.users().first(where: \.isAdmin)
    }

    /// Hashing takes ~0.1 s and 64 MiB: on the blocking pool, off Swift's cooperative threads.
    func hashed(_ password: String) async throws(AlbumError) -> String {
        let hasher = hasher
        return try await BlockingPool.shared.run { () throws(AlbumError) -> String in try hasher.hash(password) }
    }
}
