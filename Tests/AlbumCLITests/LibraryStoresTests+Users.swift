import Foundation
import TestSupport
import Testing

/// `album user …` on both stores (issue 25): passwords from stdin only, argon2id hashes, the
/// first user an admin, the last admin kept.
extension LibraryStoresTests {
    @Test(arguments: StoreKind.all)
    func usersAreAddedListedChangedAndRemoved(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        #expect(try await lib.run(["user", "list"]).stdout == "no users (album serve on loopback is open to this machine)\n")

        let ann = try await lib.run(["user", "add", " Ann@Example.org "], input: "correct horse\n")
        #expect(ann.status == 0 && ann.stdout == "added admin ann@example.org (id 1)\n", "\(ann.stderr)")
        if store == .sqlite {
            // The database now holds password hashes: its owner's alone, and so are its WAL files.
            for file in ["album.sqlite", "album.sqlite-wal", "album.sqlite-shm"] {
                let path = lib.library + "/" + file
                guard FileManager.default.fileExists(atPath: path) || file == "album.sqlite" else { continue }
                let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
                #expect(mode == 0o600, "\(file) has mode \(String(mode, radix: 8))")
            }
        }
        let bob = try await lib.run(["user", "add", "bob@example.org"], input: "battery staple\r\n")
        #expect(bob.stdout == "added user bob@example.org (id 2)\n", "\(bob.stderr)")

        // Bad input: each a one-line error naming it, nothing stored.
        let taken = try await lib.run(["user", "add", "ANN@example.org"], input: "another one\n")
        #expect(taken.status != 0 && taken.stderr == "album: error: a user ann@example.org exists already\n", "\(taken.stderr)")
        let short = try await lib.run(["user", "add", "c@example.org"], input: "short\n")
        #expect(short.stderr == "album: error: the password must be at least 8 characters\n")
        let none = try await lib.run(["user", "add", "c@example.org"])
        #expect(none.stderr == "album: error: no password on stdin: type it at the terminal or pipe one line\n")
        let bad = try await lib.run(["user", "add", "not-an-email"], input: "long enough\n")
        #expect(bad.stderr == "album: error: 'not-an-email' is not an email address (name@host)\n")
        let argument = try await lib.run(["user", "add", "c@example.org", "--password", "long enough"])
        #expect(argument.status != 0 && argument.stderr.contains("--password"), "a password is never an argument")

        let users = try #require(try await lib.json(["user", "list"]) as? [[String: Any]])
        #expect(users.map { $0["email"] as? String } == ["ann@example.org", "bob@example.org"])
        #expect(users.map { $0["admin"] as? Bool } == [true, false])
        #expect(users.allSatisfy { Set($0.keys) == ["id", "email", "admin", "createdAt"] }, "no hash is ever printed")

        let lastAdmin = try await lib.run(["user", "rm", "ann@example.org"])
        #expect(lastAdmin.stderr == "album: error: ann@example.org is the last admin: add another admin first (album user add EMAIL --admin)\n")
        #expect(try await lib.run(["user", "passwd", "bob@example.org"], input: "a new secret\n").stdout
            == "changed the password of bob@example.org; their sessions ended\n")
        #expect(try await lib.run(["user", "passwd", "nobody@example.org"], input: "a new secret\n").stderr
            == "album: error: no user nobody@example.org\n")
        #expect(try await lib.run(["user", "rm", "bob@example.org"]).stdout == "removed user bob@example.org (id 2); their sessions ended\n")
        #expect(try #require(try await lib.json(["user", "list"]) as? [[String: Any]]).count == 1)
        // The last user of all may go; the library is then open again as before.
        #expect(try await lib.run(["user", "rm", "ann@example.org"]).status == 0)
        #expect(try await lib.run(["user", "list"]).stdout.hasPrefix("no users"))
    }
}

extension LibraryStoresTests {
    @Test(arguments: StoreKind.all)
    func theCommandLineActsAsOneUser(_ store: StoreKind) async throws {
        let lib = try StoreLibrary(store, folder: folder)
        _ = try await lib.json(["pin", "add", "--lat", "48.8584", "--lon", "2.2945", "--title", "Before users"])
        let none = try await lib.run(["pin", "list", "--user", "ann@example.org"])
        #expect(none.stderr == "album: error: --user ann@example.org: this library has no users (album user add makes one)\n")
        #expect(try await lib.run(["user", "add", "ann@example.org"], input: "correct horse\n").status == 0)
        #expect(try await lib.run(["user", "add", "bob@example.org"], input: "battery staple\n").status == 0)

        // The first user owns what the library held; the CLI acts as the first admin by default.
        #expect(try #require(try await lib.json(["pin", "list"]) as? [[String: Any]]).map { $0["title"] as? String } == ["Before users"])
        // Bob's own content: empty until he adds some (reading it creates nothing).
        #expect(try #require(try await lib.json(["pin", "list", "--user", "bob@example.org"]) as? [[String: Any]]).isEmpty)
        if store == .sqlite { #expect(!FileManager.default.fileExists(atPath: lib.library + "/users/2/album.sqlite")) }
        let bobs = try #require(try await lib.json(["pin", "add", "--lat", "41.89", "--lon", "12.49", "--title", "Bob's", "--user", "bob@example.org"]) as? [String: Any])
        #expect(bobs["id"] as? Int == 2_000_000_000, "ids never repeat across users: \(bobs)")
        #expect(try #require(try await lib.json(["pin", "list", "--user", "bob@example.org"]) as? [[String: Any]]).map { $0["title"] as? String } == ["Bob's"])
        #expect(try #require(try await lib.json(["pin", "list"]) as? [[String: Any]]).map { $0["title"] as? String } == ["Before users"])
        // Another user's ids are unknown ids.
        #expect(try await lib.run(["pin", "show", "1", "--user", "bob@example.org"]).stderr.contains("no pin with id 1"))
        #expect(try await lib.run(["pin", "rm", "2000000000"]).status != 0)
        #expect(try await lib.run(["pin", "list", "--user", "carol@example.org"]).stderr == "album: error: no user carol@example.org\n")
        // The owner goes last: the next user would inherit the library's own content.
        #expect(try await lib.run(["user", "add", "carol@example.org", "--admin"], input: "a third one\n").status == 0)
        #expect(try await lib.run(["user", "rm", "ann@example.org"]).stderr
            == "album: error: ann@example.org owns the library's own content (the first user): remove the other users first\n")
    }
}
