import AlbumAccounts
import AlbumFiles
import AlbumModel
import AlbumSeam
import Foundation

extension Library {
    /// The library's users (`album user …`), hashed with argon2id (decision 0046).
    public var users: UserDirectory { UserDirectory(store: store) }

    /// Adds a user (`album user add`). A folder library's database then holds password hashes and
    /// session-token hashes: it and its WAL files become readable by their owner only (0600).
    public func addUser(email: String, password: String, isAdmin: Bool) async throws(AlbumError) -> UserAccount {
        let user = try await users.add(email: email, password: password, isAdmin: isAdmin)
        try keepDatabasePrivate()
        return user
    }

    /// Sets a user's password and ends their sessions (`album user passwd`); the database is kept
    /// private as `addUser` says (a library whose users were added before that rule gets it here).
    public func setPassword(_ email: String, password: String, now: Int64) async throws(AlbumError) -> UserAccount {
        let user = try await users.setPassword(email, password: password, now: now)
        try keepDatabasePrivate()
        return user
    }

    /// Mode 0600 for a folder library's `album.sqlite` and its `-wal`/`-shm` (SQLite gives files
    /// it creates later the database's mode). PostgreSQL's rows are the server's to guard.
    func keepDatabasePrivate() throws(AlbumError) {
        guard isFolderLibrary else { return }
        let database = Self.databasePath(in: folder)
        for path in [database, database + "-wal", database + "-shm"] {
            if chmod(path, 0o600) != 0, errno != ENOENT {
                throw AtomicFile.failure("cannot make the database private", path, errno)
            }
        }
    }

    /// Whether the library has users: then `album serve` asks for a login, and the CLI acts as one.
    public func hasUsers() async throws(AlbumError) -> Bool { try await !store.users().isEmpty }

    /// Logging in and tokens for `album serve`, with the library's signing key (`auth.key` in
    /// its files folder, made once, mode 0600).
    public func accounts(limits: LoginLimits = LoginLimits()) throws(AlbumError) -> Accounts {
        Accounts(directory: users, key: try SigningKey.loadOrCreate(in: folder), limits: limits)
    }
}
