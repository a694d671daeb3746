import AlbumAccounts
import AlbumCore
import AlbumModel
import Foundation

/// What `album serve` needs on a library with users (issue 25): the accounts (logins, tokens,
/// limits) and how to open another user's content (decision 0046: each user but the library's
/// first has a partition of their own).
public struct ServerAccounts: Sendable {
    public let accounts: Accounts
    /// The library's first user: their content is the library itself.
    public let ownerId: Int64
    /// Opens a user's partition (not called for the owner).
    public let openPartition: @Sendable (UserAccount) async throws(AlbumError) -> Library
    /// The fetch environment of a pin of a given library (`album serve`'s `--source`).
    public let makeEnvironment: @Sendable (Library) -> EnvironmentFactory

    public init(
        accounts: Accounts, ownerId: Int64, openPartition: @escaping @Sendable (UserAccount) async throws(AlbumError) -> Library,
        makeEnvironment: @escaping @Sendable (Library) -> EnvironmentFactory
    ) {
        self.accounts = accounts
        self.ownerId = ownerId
        self.openPartition = openPartition
        self.makeEnvironment = makeEnvironment
    }
}

/// One `AlbumAPI` per user, each over that user's library with its own fetches and answer
/// cache: the owner's is the server's own; another user's is opened on their first request and
/// kept until the server stops. Every route, page, media URL, event stream, search, summary and
/// export a user reaches goes through their own API, so nothing of another user's is in reach.
actor UserAPIs {
    let root: AlbumAPI
    let setup: ServerAccounts
    private var opened: [Int64: Task<AlbumAPI, any Error>] = [:]

    init(root: AlbumAPI, setup: ServerAccounts) {
        self.root = root
        self.setup = setup
    }

    func api(for user: UserAccount) async throws -> AlbumAPI {
        if user.id == setup.ownerId { return root }
        if let task = opened[user.id] { return try await task.value }
        let root = root, setup = setup
        let task = Task { () throws -> AlbumAPI in
            let library = try await setup.openPartition(user)
            let jobs = FetchJobs(library: library, makeEnvironment: setup.makeEnvironment(library), options: root.jobs.options)
            return AlbumAPI(
                library: library, jobs: jobs, policy: root.policy, assets: root.assets,
                cache: AnswerCache(maxAnswerBytes: root.cache.maxAnswerBytes), stopping: root.stopping,
                maxUploadBytes: root.maxUploadBytes, shareScope: ShareScope(library: root.library, userId: user.id), clock: root.clock,
                faults: root.faults)
        }
        opened[user.id] = task
        do {
            return try await task.value
        } catch {
            opened[user.id] = nil
            throw error
        }
    }

    /// Every partition's API opened so far (not the root's).
    func partitions() async -> [AlbumAPI] {
        var apis: [AlbumAPI] = []
        for task in opened.values { if let api = try? await task.value { apis.append(api) } }
        return apis
    }
}
