import AlbumAccounts
import AlbumModel
import AlbumPostgres
import AlbumSeam
import AlbumStore
import Foundation

extension Library {
    /// The first id of user `userId`'s partition: ids never repeat across a library's users.
    public static func firstId(ofPartition userId: Int64) -> Int64 { userId * 1_000_000_000 }

    /// The content of `user` (decision 0046): the library itself for its owner (the first
    /// user), else the user's partition, made on first use: a folder library's `DIR/users/ID/`
    /// (a folder library of its own), a PostgreSQL library's schema `user_ID` with its files
    /// in `FILES/users/ID/`. Close it when done (it is not `self`, unless the owner's).
    /// With `.reading`, a folder library's partition that does not exist yet reads as empty and
    /// is not made.
    public func partition(for user: UserAccount, ownerId: Int64, access: LibraryAccess = .writing) async throws(AlbumError) -> Library {
        guard user.id != ownerId else { return self }
        let folder = self.folder.appendingPathComponent("users", isDirectory: true).appendingPathComponent(String(user.id), isDirectory: true)
        if sqlite != nil {
            if access == .reading, !FileManager.default.fileExists(atPath: folder.appendingPathComponent("album.sqlite").path) {
                return try await Library.openForReading(at: folder)
            }
            let library = try await Library.openForWriting(at: folder)
            try await BlockingPool.shared.run { () throws(AlbumError) in
                try library.database.startIds(at: Self.firstId(ofPartition: user.id))
            }
            return library
        }
        #if PostgreSQL
        if let store = store as? PostgresStore {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw .io("cannot create the files folder of user \(user.id)", subject: .file(folder.path), cause: .of(error))
            }
            var location = store.location
            location.files = folder
            location.schema = "user_\(user.id)"
            let library = try await Library.openShared(location, leaseSeconds: store.leaseSeconds, connections: 4)
            try await (library.store as? PostgresStore)?.startIds(at: Self.firstId(ofPartition: user.id))
            return library
        }
        #endif
        throw LibraryStoreFeature.unsupported("a user's partition", in: store.name)
    }

    /// The library a command works on as the user `email` (`--user`), else as the first admin:
    /// that user's partition, or the library itself for its owner and on a library without users.
    /// - Throws: `AlbumError.notFound` for an unknown `email`; `.invalidInput` for `--user` on a
    ///   library without users.
    public func acting(as email: String?, access: LibraryAccess) async throws(AlbumError) -> Library {
        let all = try await store.users()
        guard let owner = all.first else {
            if let email { throw .invalidInput("--user \(email): this library has no users (album user add makes one)") }
            return self
        }
        let user: UserAccount
        if let email { user = try await users.require(email) } else { user = all.first(where: \.isAdmin) ?? owner }
        return try await partition(for: user, ownerId: owner.id, access: access)
    }

    /// The user `--user EMAIL` names, else the first admin; nil on a library without users.
    public func actingUser(_ email: String?) async throws(AlbumError) -> UserAccount? {
        let all = try await store.users()
        guard let owner = all.first else {
            if let email { throw .invalidInput("--user \(email): this library has no users (album user add makes one)") }
            return nil
        }
        if let email { return try await users.require(email) }
        return all.first(where: \.isAdmin) ?? owner
    }

    /// The library's owner (its first user), whose content is the library itself.
    public func owner() async throws(AlbumError) -> UserAccount? { try await store.users().first }
}
