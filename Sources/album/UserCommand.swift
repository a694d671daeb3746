import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

/// `album user add|list|rm|passwd`: the library's accounts (issue 25). Passwords are typed at the
/// terminal (twice, echo off) or piped as one line on stdin; never an argument.
struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Add, list and remove the library's users (who log in to album serve).",
        discussion: "Passwords are read from the terminal, or as one line from stdin; never from an argument.",
        subcommands: [Add.self, List.self, Remove.self, Password.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a user (the first one is an admin).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The user's email address.") var email: String
        @Flag(help: "An admin manages users (the first user always is one).") var admin = false

        func run() async throws {
            let normal = try AccountEmail.normalized(email)
            let password = try PasswordInput.read(prompt: "password for \(normal): ", confirming: true)
            let user = try await global.withLibrary(.writing, asUser: false) { try await $0.addUser(email: normal, password: password, isAdmin: admin) }
            if global.json { return try Output.json(UserJSON(user)) }
            Output.line("added \(user.isAdmin ? "admin" : "user") \(user.email) (id \(user.id))")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Every user, oldest first.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let users = try await global.withLibrary(.reading, asUser: false) { try await $0.users.list() }
            if global.json { return try Output.json(users.map(UserJSON.init)) }
            if users.isEmpty { return Output.line("no users (album serve on loopback is open to this machine)") }
            for user in users { Output.line("\(user.id)  \(user.email)\(user.isAdmin ? "  admin" : "")  since \(user.createdAt.prefix(10))") }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove a user; their sessions end.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The user's email address.") var email: String

        func run() async throws {
            let user = try await global.withLibrary(.writing, asUser: false) { try await $0.users.remove(email) }
            if global.json { return try Output.json(UserJSON(user)) }
            Output.line("removed user \(user.email) (id \(user.id)); their sessions ended")
        }
    }

    struct Password: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "passwd", abstract: "Set a user's password; their sessions end.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The user's email address.") var email: String

        func run() async throws {
            let normal = try AccountEmail.normalized(email)
            // The user must exist before anyone types a password.
            _ = try await global.withLibrary(.reading, asUser: false) { try await $0.users.require(normal) }
            let password = try PasswordInput.read(prompt: "new password for \(normal): ", confirming: true)
            let now = Int64(Date().timeIntervalSince1970)
            let user = try await global.withLibrary(.writing, asUser: false) { try await $0.setPassword(normal, password: password, now: now) }
            if global.json { return try Output.json(UserJSON(user)) }
            Output.line("changed the password of \(user.email); their sessions ended")
        }
    }
}

/// `{id, email, admin, createdAt}`: never the hash.
struct UserJSON: Encodable {
    let id: Int64
    let email: String
    let admin: Bool
    let createdAt: String

    init(_ user: UserAccount) {
        id = user.id
        email = user.email
        admin = user.isAdmin
        createdAt = user.createdAt
    }
}
