import AlbumModel
import Foundation
import TestSupport
import Testing

/// Processes that run, are killed or stopped, and hold claims or leases, on both stores: workers
/// and resumes here, reminders' due runs (+Plans) and transcriptions (+Voice). A suite of its own
/// (with its own PostgreSQL server) because its tests mostly wait, for leases and for slow
/// servers, and can wait beside the other suites' tests.
@Suite(.libraryStores, .serialized)
struct LibraryStoresWorkerTests: LibraryStoresSuite {
    let folder = TemporaryFolder("stores-workers")

    @Test(arguments: StoreKind.all)
    func resumeTakesOverAKilledProcesssClaims(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        let server = try StoreLibrary.imageServer(delay: .milliseconds(1500))
        let queued = try await lib.fetch(try await lib.source(8, server: server), perPage: 8, extra: ["--queue-only"])
        #expect(queued["downloaded"] as? Int == 0)
        #expect(try await lib.status()["placeholder"] == 8)

        let doomed = try lib.start(["resume", "--concurrency", "4"])
        try await StoreLibrary.waitForRequests(server, 4)
        kill(doomed.0.processIdentifier, SIGKILL)
        _ = try await StoreLibrary.wait(doomed)
        let held = try await lib.status()
        #expect((held["downloading"] ?? 0) >= 1, "\(held)")

        // A dead process's claims: SQLite sees the process gone, PostgreSQL its lease (2 s) run out.
        if store == .postgres { try await Task.sleep(for: .seconds(3)) }
        let resumed = try await lib.run(["resume", "--concurrency", "8", "--json"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(try await lib.status() == ["placeholder": 0, "downloading": 0, "downloaded": 8, "failed": 0, "imported": 0])
        let counts = Dictionary(server.requests.map { ($0.path, 1) }, uniquingKeysWith: +)
        #expect(counts.count == 8 && counts.values.allSatisfy { $0 <= 2 }, "\(counts)")
    }

    @Test(arguments: StoreKind.all)
    func aWorkerStoppedBySIGTERMPutsItsPhotosBack(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        let server = try StoreLibrary.imageServer(delay: .seconds(30))
        _ = try await lib.fetch(try await lib.source(6, server: server), perPage: 6, extra: ["--queue-only"])

        let worker = try lib.start(["worker", "--follow", "--concurrency", "3", "--json"])
        try await StoreLibrary.waitForRequests(server, 2)
        #expect((try await lib.status()["downloading"] ?? 0) >= 2)
        kill(worker.0.processIdentifier, SIGTERM)
        #expect(try await StoreLibrary.wait(worker) == 0)
        #expect(worker.0.terminationReason == .exit)
        // Back in the queue at once: no lease to wait for, no dead process to find.
        #expect(try await lib.status() == ["placeholder": 6, "downloading": 0, "downloaded": 0, "failed": 0, "imported": 0])
    }
}
