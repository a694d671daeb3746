import AlbumModel
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `AlbumError.Detail`: text alone renders as before; a subject and a cause render in one line
/// and stay readable as values.
@Suite struct AlbumErrorTests {
    @Test func textAloneRendersAsItIs() {
        let value = 91.0
        let error: AlbumError = .invalidInput("latitude \(value) is outside [-90, 90]")
        #expect(error.description == "latitude 91.0 is outside [-90, 90]")
        #expect(error.subject == nil && error.cause == nil)
        let text = "built at run time"
        #expect(AlbumError.io(text).description == text)
    }

    @Test func aFileSubjectLeadsAndAnErrnoEnds() {
        let error: AlbumError = .io("cannot open", subject: .file("/tmp/a b.jpg"), cause: .errno(Errno(ENOENT)))
        #expect(error.description == "/tmp/a b.jpg: cannot open: No such file or directory")
        #expect(error.detail.message == "cannot open")
        #expect(error.detail.reason == "cannot open: No such file or directory")
        #expect(error.subject == .file("/tmp/a b.jpg"))
        #expect(error.cause == .errno(Errno(ENOENT)))
        // Equal to the same line written as text: tests that compare messages keep passing.
        #expect(error == .io("/tmp/a b.jpg: cannot open: No such file or directory"))
        #expect(error != .invalidInput("/tmp/a b.jpg: cannot open: No such file or directory"))
    }

    @Test func aCurlCauseEndsWithItsCode() {
        let error: AlbumError = .source("Couldn't connect to server", subject: .url("http://127.0.0.1:9/x"), cause: .curl(7))
        #expect(error.description == "http://127.0.0.1:9/x: Couldn't connect to server (curl error 7)")
    }

    @Test func idsAndTheDatabaseAreNamedByTheMessage() {
        let error: AlbumError = .notFound("no pin with id 42 in /lib/album.sqlite", subject: .pin(42))
        #expect(error.description == "no pin with id 42 in /lib/album.sqlite")
        #expect(error.subject == .pin(42))
        let locked: AlbumError = .database("database is locked (in /lib/album.sqlite)", subject: .database("/lib/album.sqlite"), cause: .sqlite(517))
        #expect(locked.description == "database is locked (in /lib/album.sqlite)")
        #expect(locked.cause?.sqlitePrimaryCode == 5)
        #expect(AlbumError.source("the server answered HTTP 404", cause: .httpStatus(404)).description == "the server answered HTTP 404")
    }

    @Test func aboutKeepsASubjectAlreadyNamed() {
        let named: AlbumError = .io("cannot read", subject: .file("a.jpg"), cause: .errno(Errno(EIO)))
        #expect(named.about(.file("b.jpg")).subject == .file("a.jpg"))
        let plain: AlbumError = .invalidInput("not a JPEG")
        let about = plain.about(.file("b.jpg"))
        #expect(about.description == "b.jpg: not a JPEG")
        guard case .invalidInput = about else { Issue.record("kind changed: \(about)"); return }
    }

    /// Issue 9 item 4: a wrapping error (a download stopped by a full disk) keeps the inner
    /// error whole: its subject and cause are still values, and the line reads outer: inner.
    @Test func aWrappedErrorKeepsTheInnerSubjectAndCause() {
        let full: AlbumError = .storage("cannot write", subject: .file("/lib/originals/ab/x.jpg"), cause: .errno(Errno(ENOSPC)))
        let stopped = full.wrapped("download of pin 3 stopped", subject: .pin(3))
        guard case .storage(let detail) = stopped else { Issue.record("kind changed: \(stopped)"); return }
        #expect(stopped.description == "download of pin 3 stopped: /lib/originals/ab/x.jpg: cannot write: \(Errno(ENOSPC))")
        #expect(detail.message == "download of pin 3 stopped", "the outer message is not joined with the inner's")
        #expect(detail.inner?.subject == .file("/lib/originals/ab/x.jpg"))
        #expect(stopped.subject == .pin(3))
        #expect(stopped.subjects == [.pin(3), .file("/lib/originals/ab/x.jpg")])
        #expect(stopped.cause == .errno(Errno(ENOSPC)), "the cause is the inner error's")
        #expect(detail.chain.count == 2)

        // A wrapper with no subject of its own reports the inner one; `about` gives it one.
        let plain = full.wrapped("worker stopped")
        #expect(plain.subject == .file("/lib/originals/ab/x.jpg"))
        #expect(plain.about(.pin(9)).subjects == [.pin(9), .file("/lib/originals/ab/x.jpg")])
        // A file subject on the wrapper leads the line, as any file subject does.
        let line = AlbumError.io(AlbumError.Detail("cannot remake", subject: .file("a.jpg"), wrapping: full.detail))
        #expect(line.description == "a.jpg: cannot remake: /lib/originals/ab/x.jpg: cannot write: \(Errno(ENOSPC))")
        #expect(line.detail.reason == "cannot remake: /lib/originals/ab/x.jpg: cannot write: \(Errno(ENOSPC))")
    }
}

/// Issue 22: the text of "not found" errors reaches web clients: it names no library.
@Suite struct NotFoundTextTests {
    @Test func theStoresTextNamesNoPathAndTheCLIAddsIt() {
        #expect(AlbumError.noPhoto(3, in: "/srv/lib/album.sqlite").description == "no photo with id 3")
        #expect(AlbumError.noPin(4, in: "/srv/lib/album.sqlite").description == "no pin with id 4")
        #expect(AlbumError.noReminder(5, in: ":memory:").description == "no reminder with id 5")
        #expect(AlbumError.noPhoto(3).named(in: "/lib/album.sqlite").description == "no photo with id 3 in /lib/album.sqlite")
        #expect(AlbumError.noPhoto(3).named(in: "/lib/album.sqlite").subject == .photo(3))
        // Any other error is left as it is.
        let other = AlbumError.notFound("no photo was taken on 2024-01-01 (local date)")
        #expect(other.named(in: "/lib") == other)
    }
}
