import AlbumModel
import AlbumPlaces
import ArgumentParser
import Foundation

/// The `album` command: parse, call AlbumKit, print, exit.
@main
struct Album: AsyncParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "album",
        abstract: "Build photo albums around places on the map.",
        discussion: Attribution.text,
        version: version,
        subcommands: [
            PinCommand.self, RegionCommand.self, FetchCommand.self, NewCollectionCommand.self, PhotosCommand.self,
            PhotoCommand.self, StatusCommand.self, ResumeCommand.self, VerifyCommand.self, SearchCommand.self, ExifCommand.self,
            ThumbCommand.self, ImportCommand.self,
            ExportCommand.self,
            ServeCommand.self,
            PlanCommand.self, PlansCommand.self, RemindCommand.self, DueCommand.self,
            TimelineCommand.self, TagCommand.self, TagsCommand.self, FindCommand.self, SummaryCommand.self,
            YFCCCommand.self,
            PlacesCommand.self,
            WorkerCommand.self,
        ]
    )

    /// Runs the command; every failure ends as one line on stderr and a non-zero exit.
    static func main() async {
        // A closed stdout is an EPIPE that `Output.toStdout` ends quietly, the same in every build
        // (SwiftNIO and the commands `album due` runs ignore SIGPIPE anyway).
        signal(SIGPIPE, SIG_IGN)
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            placeWarning()
        } catch {
            fail(error)
        }
    }

    /// Every command that needed place names and could not load them says so, once, after its
    /// output (a command that failed says only its error).
    static func placeWarning() {
        guard let problem = Places.problem else { return }
        Output.toStderr(Data("album: warning: place names unavailable: \(problem)\n".utf8))
    }

    static func fail(_ error: any Error) -> Never {
        if let error = error as? ExitCode {
            if error.rawValue == 0 { placeWarning() }
            Foundation.exit(error.rawValue)
        }
        let code = exitCode(for: error)
        if code == .success || error is CleanExit {
            exit(withError: error)  // --help and --version print to stdout
        }
        let message: String
        if let error = error as? AlbumError {
            message = error.description
        } else {
            let first = Self.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            // The parser's own messages ("Missing expected argument …") start lower-case like ours.
            let chars = Array(first)
            message = chars.count > 1 && chars[0].isUppercase && chars[1].isLowercase ? chars[0].lowercased() + String(chars.dropFirst()) : first
        }
        Output.error(message)
        Foundation.exit(code == .failure || error is AlbumError ? 1 : code.rawValue)
    }
}
