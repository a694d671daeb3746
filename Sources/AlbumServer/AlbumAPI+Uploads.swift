import AlbumCore
import AlbumModel
import Foundation
import HTTPTypes
import Hummingbird

/// Uploads (issue 25, item 5; decision 0061): `POST /api/entries` with a `multipart/form-data`
/// body whose `file` part is a photo (JPEG, HEIC) or a sound. The part is streamed to a `.part`
/// file in a folder of its own under `FILES/.uploads/` (never whole in memory, refused past the
/// cap), renamed when complete, then imported through the import's own steps into the caller's
/// library (`Library.importUpload`). The folder is removed whatever happens: a failed upload
/// stores nothing. `Idempotency-Key` makes a retry answer the first upload's answer.
extension AlbumAPI {
    /// `{kind, created, photo, entry}`: the photo or the sound's entry, the other null.
    struct UploadJSON: Encodable {
        let kind: String
        let created: Bool
        let photo: PhotoJSON?
        let entry: EntryJSON?

        enum Key: String, CodingKey { case kind, created, photo, entry }

        /// Every key always present, null when it does not apply (the JSON contract).
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(kind, forKey: .kind)
            try c.encode(created, forKey: .created)
            try c.encode(photo, forKey: .photo)
            try c.encode(entry, forKey: .entry)
        }
    }

    /// The largest file an upload takes.
    static let defaultMaxUploadBytes = 256 << 20

    /// `POST /api/entries`.
    func upload(_ call: Call) async throws -> Response {
        guard let boundary = MultipartReader.boundary(call.request.headers[.contentType]) else {
            throw APIError(status: 415, code: "unsupported_media_type",
                           message: "an upload is multipart/form-data (with a boundary) and a part named file")
        }
        let cap = maxUploadBytes
        if let length = call.request.headers[.contentLength].flatMap(Int.init), length > cap + 64 * 1024 {
            throw Self.tooLarge(cap)
        }
        let uploads = library.folder.appendingPathComponent(".uploads", isDirectory: true)
        await UploadFolders.sweep(uploads)  // what a killed server left there a day ago or more
        let folder = uploads.appendingPathComponent(AccessPolicy.randomHex(bytes: 16), isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw AlbumError.storage("cannot make an upload folder", subject: .file(folder.path), cause: .of(error))
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let (file, name) = try await receive(call.request.body, boundary: boundary, into: folder, cap: cap)
        let outcome: UploadOutcome
        do {
            outcome = try await library.importUpload(file, name: name, maxBytes: cap, systemZone: TimeZone.current.identifier)
        } catch {
            throw Self.refusal(error, folder: library.folder.path)
        }
        let answer: UploadJSON
        switch outcome {
        case .photo(let photo, let created):
            answer = UploadJSON(kind: "photo", created: created, photo: PhotoJSON(photo: photo), entry: nil)
        case .entry(let entry, let created):
            answer = UploadJSON(kind: entry.kind.rawValue, created: created, photo: nil, entry: EntryJSON(entry: entry, media: .served))
        }
        return Reply.json(JSONOut.encode(answer), status: outcome.created ? .created : .ok)
    }

    /// A file the import did not store, as the answer says it: 415 for what is not an image or
    /// a sound, 422 for one that is but cannot be read (corrupt, truncated); else the error itself.
    static func refusal(_ error: AlbumError, folder: String) -> any Error {
        guard case .invalidInput(let detail) = error else { return error }
        let message = APIError.withoutPaths(detail.description, folder: folder)
        let unsupported = message.contains("not an image") || message.contains("unsupported")
        return APIError(status: unsupported ? 415 : 422, code: unsupported ? "unsupported_file" : "unreadable_file", message: message)
    }

    static let truncated = APIError(
        status: 400, code: "truncated_upload", message: "the upload was cut off before its end (nothing was stored; send it again)")

    static func tooLarge(_ cap: Int) -> APIError {
        APIError(status: 413, code: "upload_too_large", message: "the file is larger than the \(cap)-byte upload cap")
    }

    /// Streams the body's `file` part to `NAME.part` in `folder`, then renames it to `NAME`.
    /// - Returns: the complete file and the name the client gave it (made safe).
    /// - Throws: `APIError` 400 for a malformed or cut-off body, a missing or repeated file part
    ///   or another field; 413 past `cap`.
    private func receive(_ body: RequestBody, boundary: String, into folder: URL, cap: Int) async throws -> (URL, String) {
        var reader = MultipartReader(boundary: boundary)
        var sink: FileHandle?
        var name: String?
        var partFile: URL?
        var written = 0
        defer { try? sink?.close() }
        do {
            for try await chunk in body {
                try reader.feed(chunk, onPart: { head in
                    guard head.name == "file" else {
                        throw APIError.badRequest("unknown field '\(AccessPolicy.shown(head.name))': an upload has one part, file")
                    }
                    guard name == nil else { throw APIError.badRequest("more than one file part: upload one file per request") }
                    guard let filename = head.filename else { throw APIError.badRequest("the file part has no filename") }
                    let safe = Self.safeName(filename)
                    name = safe
                    let url = folder.appendingPathComponent(safe + ".part")
                    guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]),
                          let handle = FileHandle(forWritingAtPath: url.path)
                    else { throw AlbumError.storage("cannot write an upload", subject: .file(url.path)) }
                    (sink, partFile) = (handle, url)
                }, onData: { bytes in
                    written += bytes.count
                    guard written <= cap else { throw Self.tooLarge(cap) }
                    do { try sink?.write(contentsOf: bytes) } catch { throw AlbumError.storage("cannot write an upload", subject: .file(folder.path), cause: .of(error)) }
                }, onPartEnd: {
                    try sink?.close()
                    sink = nil
                })
            }
        } catch let error as APIError {
            throw error
        } catch let error as AlbumError {
            throw error
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw Self.tooLarge(cap)
        } catch {
            // The body itself failed: the client went away or the connection broke mid-stream.
            throw Self.truncated
        }
        guard reader.isComplete else { throw Self.truncated }
        guard let name, let partFile else { throw APIError.badRequest("no file part: an upload has one part, file, with a filename") }
        guard written > 0 else { throw APIError(status: 415, code: "unsupported_file", message: "\(name): not an image (empty file)") }
        let complete = folder.appendingPathComponent(name)
        guard rename(partFile.path, complete.path) == 0 else { throw AlbumError.storage("cannot finish an upload", subject: .file(partFile.path)) }
        return (complete, name)
    }

    /// A client's file name as a name in the upload folder: its last component (after `/` or
    /// `\`), without control characters or leading dots, at most 100 characters; `upload` when
    /// nothing is left.
    static func safeName(_ filename: String) -> String {
        let last = filename.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        var clean = String(String.UnicodeScalarView(last.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
        while clean.hasPrefix(".") { clean.removeFirst() }
        clean = clean.trimmingCharacters(in: .whitespaces)
        if clean.count > 100 {
            let ext = (clean as NSString).pathExtension
            clean = String(clean.prefix(ext.isEmpty || ext.count > 10 ? 100 : 99 - ext.count)) + (ext.isEmpty || ext.count > 10 ? "" : "." + ext)
        }
        return clean.isEmpty ? "upload" : clean
    }
}
