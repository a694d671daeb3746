import AlbumKit
import AlbumModel
import ArgumentParser
import Foundation

/// The `album` command: parse, call AlbumKit, print, exit.
@main
struct Album: AsyncParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "album",
        abstract: "Build photo albums around places on the map.",
        discussion: Album.discussion,
        version: version,
        subcommands: [
            PinCommand.self, RegionCommand.self, FetchCommand.self, NewCollectionCommand.self, PhotosCommand.self,
            PhotoCommand.self, StatusCommand.self, ResumeCommand.self, VerifyCommand.self, SearchCommand.self, ExifCommand.self,
            ThumbCommand.self, ThumbsCommand.self, ImportCommand.self,
            ExportCommand.self, ExportCreditsCommand.self, ExportDatasetCommand.self,
            DupesCommand.self,
            ServeCommand.self,
            PlanCommand.self, PlansCommand.self, RemindCommand.self, DueCommand.self,
            TimelineCommand.self, TagCommand.self, TagsCommand.self, FindCommand.self, SummaryCommand.self,
            NoteCommand.self, SongCommand.self, CheckInCommand.self, EntriesCommand.self, EntryCommand.self,
            TranscribeCommand.self, TranscriptCommand.self, MoodCommand.self,
            TripsCommand.self, TripCommand.self, HomeCommand.self, MemoriesCommand.self,
            YFCCCommand.self,
            PlacesCommand.self,
            WorkerCommand.self,
            UserCommand.self, ShareCommand.self, SyncCommand.self,
        ]
    )

    /// The global options and the environment, which no subcommand's help lists on its own.
    static var discussion: String {
        #if PostgreSQL
        let library = """
              --library <dir>     The library: a folder, or postgres://USER@HOST/DB
                                  (default: $ALBUM_DATABASE_URL, $ALBUM_LIBRARY, ./cache).
              --json              Print one JSON document on stdout.
              --files <dir>       With a postgres:// library: its photo files' folder.
              --lease <seconds>   With a postgres:// library: a claim's life (1-3600).
            """
        let environment = """
              ALBUM_DATABASE_URL  A postgres:// library when --library is not given.
              ALBUM_LIBRARY       The library folder when neither is given.
            """
        #else
        let library = """
              --library <dir>     The library folder (default: $ALBUM_LIBRARY, else ./cache).
              --json              Print one JSON document on stdout.
            """
        let environment = """
              ALBUM_LIBRARY       The library folder when --library is not given.
            """
        #endif
        return """
            Global options, taken by every command before or after its name:
            \(library)

            Environment:
            \(environment)
              FLICKR_API_KEY      The key of --source flickr.
              ALBUM_PLACES        Another GeoNames file (album places --help).
              ALBUM_ZONES         Another zone map (album places --help).

            Each command's options: album help COMMAND, or man album-COMMAND.


            """ + Attribution.text
    }

    /// Runs the command; every failure ends as one line on stderr and a non-zero exit.
    static func main() async {
        // A closed stdout is an EPIPE that `Output.toStdout` ends quietly, the same in every build
        // (SwiftNIO and the commands `album due` runs ignore SIGPIPE anyway).
        signal(SIGPIPE, SIG_IGN)
        // The Swift runtime reads the arguments from /proc/self/cmdline; without /proc (a bare
        // chroot or container) there are none, not even the program's name, and the command would
        // silently be `album` with no arguments: its help and exit 0.
        if CommandLine.arguments.isEmpty {
            Output.toStderr(Data("album: error: cannot read the command line: /proc is not mounted\n".utf8))
            Foundation.exit(2)
        }
        do {
            let arguments = Self.arguments()
            var command: any ParsableCommand
            if let hot = HotCommand.parse(arguments) {
                command = hot
            } else {
                command = try parseAsRoot(CommandLineOrder.normalized(arguments))
            }
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

    /// The arguments after the program's name, each as `RawPath` spells it: a file name that
    /// is not UTF-8 keeps its bytes (`CommandLine.arguments` would replace them with U+FFFD, and
    /// the file would not be found).
    static func arguments() -> [String] {
        (1..<Int(CommandLine.argc)).compactMap { i in CommandLine.unsafeArgv[i].map { RawPath.string(cString: $0) } }
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
