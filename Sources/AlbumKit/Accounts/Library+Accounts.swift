import AlbumAccounts
import AlbumModel
import AlbumSeam
import Foundation

extension Library {
    /// The library's users (`album user …`), hashed with argon2id (decision 0046).
    public var users: UserDirectory { UserDirectory(store: store) }

    /// Whether the library has users: then `album serve` asks for a login, and the CLI acts as one.
    public func hasUsers() async throws(AlbumError) -> Bool { try await !store.users().isEmpty }

    /// Logging in and tokens for `album serve`, with the library's signing key (`auth.key` in
    /// its files folder, made once, mode 0600).
    public func accounts(limits: LoginLimits = LoginLimits()) throws(AlbumError) -> Accounts {
        Accounts(directory: users, key: try SigningKey.loadOrCreate(in: folder), limits: limits)
    }
}
