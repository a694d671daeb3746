#if PostgreSQL
import Foundation
import TestSupport
import Testing

/// `@Suite(.postgresServer)`: one real PostgreSQL server for the suite, started before its first
/// test and stopped after its last; each test makes its own database with `Postgres.database()`.
struct PostgresServerTrait: SuiteTrait, TestScoping {
    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let server = try PostgresServer.start()
        defer { server.stop() }
        try await Postgres.$server.withValue(server) { try await function() }
    }
}

extension Trait where Self == PostgresServerTrait {
    static var postgresServer: Self { Self() }
}

enum Postgres {
    @TaskLocal static var server: PostgresServer?

    /// The suite's server. - Throws when the suite lacks `.postgresServer`.
    static func current() throws -> PostgresServer {
        guard let server else { throw MissingServer() }
        return server
    }

    /// A new, empty database on the suite's server: its URL.
    static func database() throws -> String { try current().createDatabase() }
}
#endif

#if PostgreSQL
struct MissingServer: Error, CustomStringConvertible {
    var description: String { "the suite has no .postgresServer trait" }
}
#endif
