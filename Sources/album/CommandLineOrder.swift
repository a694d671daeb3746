import ArgumentParser

/// Global options anywhere (issue 31): `album --library X pin list` reads as
/// `album pin list --library X`. argument-parser takes an option only after the command that
/// declares it, so before parsing, the global options found ahead of and between the command
/// words are moved to just after them. On the way, a word where a command is expected that
/// names none is an error that lists the commands there (instead of the parser's "unexpected
/// argument").
enum CommandLineOrder {
    /// The options of `GlobalOptions`, and whether each takes a value.
    static let global: [String: Bool] = ["--library": true, "--json": false, "--files": true, "--lease": true]

    /// `arguments` (without the program name) with the global options moved after the command path.
    /// - Throws: `ValidationError` for a word that is not a command where one is expected.
    static func normalized(_ arguments: [String]) throws -> [String] {
        let arguments = joiningExportKinds(arguments)
        var path: [String] = [], moved: [String] = []
        var command: any ParsableCommand.Type = Album.self
        var i = 0
        scan: while i < arguments.count {
            let word = arguments[i]
            if word == "--" { break scan }
            let name = String(word.prefix { $0 != "=" })
            if let takesValue = global[name] {
                let inline = word.contains("=")
                // A value-taking option without its value is left where it is, for the parser to report.
                if takesValue && !inline && i + 1 >= arguments.count { break scan }
                let count = takesValue && !inline ? 2 : 1
                moved += arguments[i..<(i + count)]
                i += count
                continue
            }
            if word.hasPrefix("-") { break scan }  // the command's own options and arguments follow
            let subcommands = command.configuration.subcommands
            if subcommands.isEmpty || command.configuration.defaultSubcommand != nil { break scan }
            if let next = subcommands.first(where: { Self.names($0).contains(word) }) {
                path.append(word)
                command = next
                i += 1
                continue
            }
            if path.isEmpty && word == "help" { break scan }
            let listed = subcommands.filter { $0.configuration.shouldDisplay }.map { Self.names($0)[0] }
            let here = (["album"] + path).joined(separator: " ")
            throw ValidationError("'\(word)' is not a command of \(here); its commands are \(listed.joined(separator: ", "))")
        }
        return path + moved + Array(arguments[i...])
    }

    /// `export credits` and `export dataset` are the commands `export-credits` and `export-dataset`
    /// (`export` itself takes its format as an argument, which argument-parser cannot mix with
    /// subcommands): the two words become one, wherever global options stand around them.
    static func joiningExportKinds(_ arguments: [String]) -> [String] {
        var words: [Int] = []
        var i = 0
        while i < arguments.count, words.count < 2 {
            let word = arguments[i]
            if word == "--" { break }
            if let takesValue = global[String(word.prefix { $0 != "=" })] {
                i += takesValue && !word.contains("=") ? 2 : 1
                continue
            }
            if word.hasPrefix("-") { break }
            words.append(i)
            i += 1
        }
        guard words.count == 2, arguments[words[0]] == "export", ["credits", "dataset"].contains(arguments[words[1]]) else { return arguments }
        var joined = arguments
        joined[words[0]] = "export-" + arguments[words[1]]
        joined.remove(at: words[1])
        return joined
    }

    /// A command's name, then its aliases.
    private static func names(_ command: any ParsableCommand.Type) -> [String] {
        [command._commandName] + command.configuration.aliases
    }
}
