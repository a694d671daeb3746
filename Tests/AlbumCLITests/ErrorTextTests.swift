import Foundation
import Testing
import TestSupport

/// Issue 22: the store's "no photo with id 3" carried the database path (which the server sent
/// to web clients), and on a missing library the CLI said `:memory:`.
@Suite struct ErrorTextTests {
    let folder = TemporaryFolder("error-text")

    @Test func aMissingLibraryIsNamedByItsPathNeverMemory() throws {
        let library = folder.child("nonexistent").path
        for (arguments, expected) in [
            (["tag", "add", "photo:1", "x"], "album: error: no photo with id 1 in \(library)/album.sqlite (no library there yet)\n"),
            (["tag", "add", "pin:2", "x"], "album: error: no pin with id 2 in \(library)/album.sqlite (no library there yet)\n"),
            (["tag", "add", "--day", "2023-01-01", "x"], "album: error: no photo or entry is dated 2023-01-01 (local date)\n"),
            (["photo", "place", "3", "--pin", "1"], "album: error: no photo with id 3 in \(library)/album.sqlite (no library there yet)\n"),
        ] {
            let run = try AlbumProcess.run(arguments + ["--library", library])
            #expect(run.status != 0)
            #expect(run.stderr == expected, "\(arguments)")
            #expect(!run.stderr.contains(":memory:"), "\(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: library))
    }
}
