import AlbumCore
import AlbumModel
import Foundation
import HTTPTypes
import Hummingbird

/// Entries on the API (issue 26): `GET /api/entries?type=note|song|audio|place` (the timeline's
/// photos stay `type=photo` or no type), one entry, and a sound's file with HTTP range requests
/// so that a player seeks.
extension AlbumAPI {
    /// `GET /api/entries?type=K&from&to&tag&page&pageSize`: `{total, page, pageSize, entries}`.
    func entriesOfKind(_ type: String, _ query: Query) async throws -> Data {
        let kind: EntryKind
        do { kind = try EntryKind(naming: type) } catch { throw APIError.badRequest("type '\(type)' must be photo, note, song, audio or place") }
        // The timeline's parameters, read and checked as the photos' are (one document describes
        // both: `pin=false` is a 400 here too, and `from` after `to` matches nothing); `by`,
        // `asOf` and `kind` page photos only, but a malformed one is refused all the same.
        let photos = try Self.apiFilter(query)
        _ = try Self.grouping(query)
        if let text = query["kind"] {
            do { _ = try TimelineKinds(naming: text, option: "kind") } catch { throw APIError.badRequest(error.detail.description) }
        }
        let filter = EntryFilter(kind: kind, from: photos.from, to: photos.to, tag: photos.tag, pinId: photos.pinId)
        let page = try Self.integer(query, "page") ?? 1
        let pageSize = try Self.integer(query, "pageSize") ?? 100
        do {
            let list = try await library.entries(filter, page: page, pageSize: pageSize)
            return JSONOut.encode(EntryListJSON(list, page: page, pageSize: pageSize, media: .served))
        } catch {
            throw Self.renamingOptions(error)
        }
    }

    /// `GET /api/entries/{entry}`.
    func entry(_ id: Int64) async throws -> Response {
        Reply.json(JSONOut.encode(EntryJSON(entry: try await library.entry(id: id), media: .served)))
    }

    /// `GET /api/entries/{entry}/media`: the sound's file; with `Range: bytes=a-b` (one range)
    /// its part, 206 with `Content-Range`; 416 for a range past the end.
    func entryMedia(_ id: Int64, _ request: Request) async throws -> Response {
        let entry = try await library.entry(id: id)
        guard let clip = entry.content.clip else { throw APIError.notFound("entry \(id) has no sound file") }
        guard let data = try? Data(contentsOf: library.url(forStoredPath: clip.file), options: .alwaysMapped) else {
            throw APIError.notFound("entry \(id)'s sound file is missing")
        }
        var extra: HTTPFields = [.acceptRanges: "bytes"]
        let cache = "private, max-age=3600"
        guard let header = request.headers[.range] else {
            return Reply.bytes(data, type: clip.mediaType, cacheControl: cache, extra: extra)
        }
        guard let range = ByteRange.make(header, size: data.count) else {
            extra[.contentRange] = "bytes */\(data.count)"
            return Reply.bytes(Data(), type: clip.mediaType, status: .rangeNotSatisfiable, cacheControl: cache, extra: extra)
        }
        extra[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(data.count)"
        return Reply.bytes(data.subdata(in: range.lowerBound..<range.upperBound + 1), type: clip.mediaType,
                           status: .partialContent, cacheControl: cache, extra: extra)
    }
}

/// One byte range of a `Range` header (`bytes=0-99`, `bytes=100-`, `bytes=-500`), clamped to the
/// size; nil when it cannot be satisfied (or names several ranges, which this server does not serve).
enum ByteRange {
    static func make(_ header: String, size: Int) -> ClosedRange<Int>? {
        guard header.hasPrefix("bytes="), size > 0 else { return nil }
        let spec = header.dropFirst(6).trimmingCharacters(in: .whitespaces)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return nil }
        let first = spec[..<dash], last = spec[spec.index(after: dash)...]
        if first.isEmpty {
            guard let suffix = Int(last), suffix > 0 else { return nil }
            return max(0, size - suffix)...(size - 1)
        }
        guard let start = Int(first), start >= 0, start < size else { return nil }
        if last.isEmpty { return start...(size - 1) }
        guard let end = Int(last), end >= start else { return nil }
        return start...min(end, size - 1)
    }
}
