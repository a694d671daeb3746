import AlbumAccounts
import AlbumModel
import AlbumStore
import Foundation
import Synchronization
import TestSupport
import Testing

/// Logging in, refresh-token rotation, reuse detection, revocation and the failed-login limits,
/// on a real SQLite library in a temporary folder, with the clock in the test's hands.
@Suite struct AccountsTests {
    let folder = TemporaryFolder("accounts")

    final class TestClock: Sendable {
        let seconds = Atomic<Int64>(1_800_000_000)
        var now: Int64 { seconds.load(ordering: .relaxed) }
        func advance(_ by: Int64) { seconds.add(by, ordering: .relaxed) }
    }

    /// Accounts on a fresh library with ann (admin) and bob; minimal argon2id limits (tests only).
    func make(limits: LoginLimits = LoginLimits()) async throws -> (Accounts, TestClock) {
        let database = try AlbumDatabase(path: folder.child("album-\(UUID().uuidString.prefix(6)).sqlite").path)
        let directory = UserDirectory(store: database.store, hasher: .minimal)
        _ = try await directory.add(email: "ann@example.org", password: "correct horse", isAdmin: false)
        _ = try await directory.add(email: "bob@example.org", password: "battery staple", isAdmin: false)
        let clock = TestClock()
        let key = try SigningKey.loadOrCreate(in: folder.url)
        return (Accounts(directory: directory, key: key, limits: limits, clock: { clock.now }), clock)
    }

    @Test func passwordsAreArgon2idAndVerifyOnlyTheRightOne() throws {
        let hash = try PasswordHasher.minimal.hash("correct horse")
        #expect(hash.hasPrefix("$argon2id$v=19$"))
        #expect(try PasswordHasher.minimal.hash("correct horse") != hash, "a fresh salt every time")
        #expect(PasswordHasher.verify("correct horse", against: hash))
        #expect(!PasswordHasher.verify("correct horsE", against: hash))
        #expect(!PasswordHasher.verify("correct horse", against: "not a hash"))
    }

    @Test func theSigningKeyIsMadeOnceWithMode0600() throws {
        let key = try SigningKey.loadOrCreate(in: folder.url)
        #expect(try SigningKey.loadOrCreate(in: folder.url) == key)
        let path = folder.child(SigningKey.fileName).path
        let mode = try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        chmod(path, 0o644)
        #expect(throws: AlbumError.self) { try SigningKey.loadOrCreate(in: folder.url) }
    }

    /// Processes starting together on a new library: every one gets the one key, whole (a reader
    /// once could see the file before its 32 bytes were written).
    @Test func startsTogetherAgreeOnOneWholeKey() async throws {
        for round in 0..<20 {
            let dir = folder.child("race-\(round)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let keys = try await withThrowingTaskGroup(of: TokenKey.self) { group in
                for _ in 0..<6 { group.addTask { try SigningKey.loadOrCreate(in: dir) } }
                return try await group.reduce(into: [TokenKey]()) { $0.append($1) }
            }
            #expect(Set(keys).count == 1 && keys.count == 6, "round \(round)")
            let left = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            #expect(left == [SigningKey.fileName], "no temporary file left: \(left)")
        }
    }

    @Test func accessTokensAreSignedAndExpire() throws {
        let key = TokenKey(bytes: Array(repeating: 7, count: 32)), other = TokenKey(bytes: Array(repeating: 8, count: 32))
        let token = AccessToken(userId: 3, family: "f1", issuedAt: 100, expiresAt: 200).signed(with: key)
        #expect(try AccessToken.verify(token, key: key, now: 150).userId == 3)
        #expect(throws: AccessToken.Refusal.expired) { try AccessToken.verify(token, key: key, now: 200) }
        #expect(throws: AccessToken.Refusal.badSignature) { try AccessToken.verify(token, key: other, now: 150) }
        // The claims changed (user 3 → 4) with the old signature: refused.
        let parts = token.split(separator: ".")
        let forged = AccessToken(userId: 4, family: "f1", issuedAt: 100, expiresAt: 200).signed(with: other).split(separator: ".")
        #expect(throws: AccessToken.Refusal.badSignature) {
            try AccessToken.verify([parts[0], forged[1], parts[2]].joined(separator: "."), key: key, now: 150)
        }
        // Another algorithm in the header ("none") is not even read.
        let none = "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0." + parts[1] + "."
        #expect(throws: AccessToken.Refusal.malformed) { try AccessToken.verify(none, key: key, now: 150) }
    }

    @Test func loginGivesTokensThatIdentifyTheUser() async throws {
        let (accounts, clock) = try await make()
        let pair = try await accounts.login(email: "Ann@Example.org", password: "correct horse", address: "127.0.0.1")
        #expect(pair.expiresIn == 900 && pair.user.email == "ann@example.org")
        #expect(try await accounts.caller(accessToken: pair.token).user.email == "ann@example.org")
        await #expect(throws: Accounts.Refusal.unauthorized("wrong email or password")) {
            try await accounts.login(email: "ann@example.org", password: "wrong horse", address: "127.0.0.1")
        }
        await #expect(throws: Accounts.Refusal.unauthorized("wrong email or password")) {
            try await accounts.login(email: "nobody@example.org", password: "correct horse", address: "127.0.0.1")
        }
        clock.advance(900)
        await #expect(throws: Accounts.Refusal.self) { try await accounts.caller(accessToken: pair.token) }
    }

    @Test func refreshRotatesAndReuseRevokesTheWholeFamily() async throws {
        let (accounts, _) = try await make()
        let first = try await accounts.login(email: "ann@example.org", password: "correct horse", address: "a")
        let second = try await accounts.refresh(first.refreshToken)
        #expect(second.refreshToken != first.refreshToken)
        let third = try await accounts.refresh(second.refreshToken)
        #expect(try await accounts.caller(accessToken: third.token).user.email == "ann@example.org")

        // Another login of the same user is another family: untouched by what follows.
        let other = try await accounts.login(email: "ann@example.org", password: "correct horse", address: "a")

        // The first token again (a thief's copy): refused, and the family is revoked, the
        // legitimate latest refresh token and its access tokens with it.
        await #expect(throws: Accounts.Refusal.unauthorized(
            "the refresh token was used already: every session of this login is revoked, log in again")) {
            try await accounts.refresh(first.refreshToken)
        }
        await #expect(throws: Accounts.Refusal.self) { try await accounts.refresh(third.refreshToken) }
        await #expect(throws: Accounts.Refusal.self) { try await accounts.caller(accessToken: third.token) }
        #expect(try await accounts.caller(accessToken: other.token).user.email == "ann@example.org")
        #expect(try await accounts.refresh(other.refreshToken).user.email == "ann@example.org")
    }

    @Test func logoutAndPasswordChangeEndSessions() async throws {
        let (accounts, clock) = try await make()
        let pair = try await accounts.login(email: "bob@example.org", password: "battery staple", address: "a")
        #expect(try await accounts.logout(token: pair.refreshToken))
        await #expect(throws: Accounts.Refusal.self) { try await accounts.caller(accessToken: pair.token) }
        await #expect(throws: Accounts.Refusal.self) { try await accounts.refresh(pair.refreshToken) }
        #expect(try await accounts.logout(token: "not a token") == false)

        let session = try await accounts.startSession(email: "bob@example.org", password: "battery staple", address: "a")
        #expect(try await accounts.caller(sessionToken: session.token).user.email == "bob@example.org")
        let api = try await accounts.login(email: "bob@example.org", password: "battery staple", address: "a")
        _ = try await accounts.directory.setPassword("bob@example.org", password: "a new secret", now: clock.now)
        await #expect(throws: Accounts.Refusal.self) { try await accounts.caller(sessionToken: session.token) }
        await #expect(throws: Accounts.Refusal.self) { try await accounts.caller(accessToken: api.token) }
        await #expect(throws: Accounts.Refusal.self) { try await accounts.refresh(api.refreshToken) }
        #expect(try await accounts.login(email: "bob@example.org", password: "a new secret", address: "a").user.email == "bob@example.org")

        // A removed user's tokens stop at once.
        let last = try await accounts.login(email: "bob@example.org", password: "a new secret", address: "a")
        try await accounts.directory.remove("bob@example.org")
        await #expect(throws: Accounts.Refusal.self) { try await accounts.caller(accessToken: last.token) }
    }

    @Test func failedLoginsAreLimitedPerAccountAndPerAddress() async throws {
        let (accounts, clock) = try await make()
        for _ in 0..<5 {
            await #expect(throws: Accounts.Refusal.unauthorized("wrong email or password")) {
                try await accounts.login(email: "ann@example.org", password: "guess", address: "10.0.0.1")
            }
        }
        // The sixth try within the minute is refused before the password is looked at, even the right one,
        // and from another address too (the account's limit).
        await #expect(throws: Accounts.Refusal.tooManyAttempts(retryAfter: 60)) {
            try await accounts.login(email: "ann@example.org", password: "correct horse", address: "10.0.0.2")
        }
        // Bob from a fresh address is not affected; bob from the blocked address is (the address's limit).
        #expect(try await accounts.login(email: "bob@example.org", password: "battery staple", address: "10.0.0.3").user.email == "bob@example.org")
        await #expect(throws: Accounts.Refusal.tooManyAttempts(retryAfter: 60)) {
            try await accounts.login(email: "bob@example.org", password: "battery staple", address: "10.0.0.1")
        }
        clock.advance(30)
        await #expect(throws: Accounts.Refusal.tooManyAttempts(retryAfter: 30)) {
            try await accounts.login(email: "ann@example.org", password: "correct horse", address: "10.0.0.2")
        }
        clock.advance(30)
        #expect(try await accounts.login(email: "ann@example.org", password: "correct horse", address: "10.0.0.2").user.email == "ann@example.org")
    }

    @Test func limitsAreAPlainValue() {
        let limits = LoginLimits(limit: 2, window: 10, maxKeys: 2)
        var state = LoginLimits.State()
        limits.fail("a", in: &state, now: 0)
        #expect(limits.wait("a", in: state, now: 1) == nil)
        limits.fail("a", in: &state, now: 4)
        #expect(limits.wait("a", in: state, now: 5) == 5)
        #expect(limits.wait("a", in: state, now: 10) == nil)
        limits.fail("b", in: &state, now: 20)
        limits.fail("c", in: &state, now: 21)
        limits.fail("d", in: &state, now: 22)
        #expect(limits.wait("d", in: state, now: 22) == nil)
    }
}

extension AccountsTests {
    @Test func shareLinksExpireAndAreRevoked() async throws {
        let database = try AlbumDatabase(path: folder.child("shares.sqlite").path)
        let store = database.store
        let link = try await store.addShareLink(userId: nil, pinId: 3, hash: "h1", createdAt: 100, expiresAt: 200)
        #expect(try await store.liveShareLink(hash: "h1", now: 199) == link)
        #expect(try await store.liveShareLink(hash: "h1", now: 200) == nil, "expired")
        #expect(try await store.liveShareLink(hash: "h2", now: 150) == nil)
        _ = try await store.addShareLink(userId: nil, pinId: 4, hash: "h2", createdAt: 100, expiresAt: 900)
        #expect(try await store.shareLinks(userId: nil).map(\.pinId) == [4, 3])
        #expect(try await store.revokeShareLink(id: link.id + 1, userId: 7, now: 150) == nil, "another user's")
        #expect(try await store.revokeShareLink(id: link.id + 1, userId: nil, now: 150)?.revokedAt == 150)
        #expect(try await store.liveShareLink(hash: "h2", now: 151) == nil, "revoked")
    }
}
