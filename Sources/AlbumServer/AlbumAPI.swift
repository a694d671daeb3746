import AlbumKit
import AlbumModel
import FlyingFox
import Foundation

/// The requests `album serve` answers: pages, assets, the JSON API. Every answer goes through
/// `AlbumAPI.secure` (security headers), every request through `AccessPolicy` first.
struct AlbumAPI: HTTPHandler {
    let library: Library
    let jobs: FetchJobs
    let policy: AccessPolicy
    let assets: WebAssets
    /// GET answers kept until the library changes.
    let cache: AnswerCache

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let method = request.method.rawValue
        let hasBody = request.headers[.contentLength].map { $0 != "0" } ?? (request.headers[.transferEncoding] != nil)
        let verdict = policy.check(
            method: method, path: request.path, host: request.headers[.host], origin: request.headers[HTTPHeader("Origin")],
            authorization: request.headers[.authorization], cookie: request.headers[.cookie],
            contentType: request.headers[.contentType], hasBody: hasBody)
        if case .deny(let status, let code, let message) = verdict {
            return Reply.error(APIError(status: status, code: code, message: message))
        }
        do {
            return try await route(request, method: method)
        } catch let error as APIError {
            return Reply.error(error)
        } catch let error as AlbumError {
            return Reply.error(APIError(error))
        } catch {
            return Reply.error(APIError(status: 500, code: "internal_error", message: "\(error)"))
        }
    }

    private func route(_ request: HTTPRequest, method: String) async throws -> HTTPResponse {
        let parts = request.path.split(separator: "/").map(String.init)
        func id(_ text: String, _ what: String) throws(APIError) -> Int64 {
            guard let value = Int64(text), value > 0 else { throw .notFound("no \(what) \(text)") }
            return value
        }
        switch (method, parts.count) {
        case ("GET", 0): return Reply.html(try await Pages.map(region: library.region(), basemap: assets.basemap != nil))
        case ("GET", 2) where parts[0] == "pins":
            let pinId = try id(parts[1], "pin")
            return Reply.html(Pages.album(try await albumJSON(pinId)))
        case ("GET", _) where parts.first == "assets": return try asset(parts.dropFirst().joined(separator: "/"))
        case ("GET", 1) where parts[0] == "login": return login(request)
        case ("GET", 1) where parts[0] == "timeline": return try await timelinePage(request.query)
        case ("GET", 1) where parts[0] == "summary": return try await summaryPage(request.query)
        case ("GET", 1) where parts[0] == "tags": return Reply.html(Pages.tags(try await library.tags()))
        case ("GET", 1) where parts[0] == "search": return try await searchPage(request.query)
        default: break
        }
        guard parts.first == "api" else { throw APIError.notFound("no page \(request.path)") }
        let api = Array(parts.dropFirst())
        switch (method, api.count) {
        case ("GET", 1) where api[0] == "openapi.json": return Reply.json(Data(OpenAPIDocument.json.utf8))
        case ("GET", 1) where api[0] == "pins": return try await cached(request) { JSONOut.encode(try await library.pins().map(PinJSON.init)) }
        case ("GET", 2) where api[0] == "map" && api[1] == "pins": return try await cached(request) { MapPins.json(try await library.pins()) }
        case ("POST", 1) where api[0] == "pins": return try await createPin(request)
        case ("GET", 2) where api[0] == "pins": return Reply.json(JSONOut.encode(PinJSON(pin: try await library.pin(id: id(api[1], "pin")))))
        case ("PUT", 2) where api[0] == "pins": return try await movePin(id(api[1], "pin"), request)
        case ("DELETE", 2) where api[0] == "pins":
            let pin = try await library.removePin(id: id(api[1], "pin"))
            return Reply.json(JSONOut.encode(PinJSON(pin: pin)))
        case ("GET", 3) where api[0] == "pins" && api[2] == "photos":
            return try await albumData(id(api[1], "pin")).response
        case ("GET", 3) where api[0] == "pins" && api[2] == "events": return try await events(id(api[1], "pin"))
        case ("POST", 3) where api[0] == "pins" && api[2] == "new-collection":
            let pinId = try id(api[1], "pin")
            _ = try await library.pin(id: pinId)
            guard try await library.album(pinId: pinId) != nil else { throw APIError(status: 409, code: "no_album", message: "pin \(pinId) has no album yet") }
            guard await jobs.start(.newCollection, pinId: pinId) else {
                throw APIError(status: 409, code: "downloading", message: "pin \(pinId) is downloading; try again when it is done")
            }
            return Reply.json(JSONOut.encode(try await albumJSON(pinId)), status: .accepted)
        case ("DELETE", 2) where api[0] == "photos":
            let photo = try await library.removePhoto(id: id(api[1], "photo"))
            return Reply.json(JSONOut.encode(PhotoJSON(photo: photo)))
        case ("GET", 2) where api[0] == "media": return try await media(id(api[1], "photo"), thumb: request.query["size"] == "thumb")
        case ("GET", 1) where api[0] == "region":
            guard let region = try await library.region() else { return Reply.json(Data("null".utf8)) }
            return Reply.json(JSONOut.encode(RegionJSON(region: region)))
        case ("PUT", 1) where api[0] == "region": return try await setRegion(request)
        case ("GET", 1) where api[0] == "entries": return try await cached(request) { try await entries(request.query) }
        case ("GET", 2) where api[0] == "summaries": return try await cached(request) { try await summary(api[1], request.query) }
        case ("GET", 3) where api[0] == "summaries" && api[2] == "card": return try await card(api[1], request.query)
        case ("GET", 1) where api[0] == "tags": return try await cached(request) { try await tags() }
        case ("GET", 1) where api[0] == "search": return try await cached(request) { try await search(request.query) }
        default:
            throw APIError.notFound("no API route \(method) \(request.path)")
        }
    }

    // MARK: Pins and albums

    private func createPin(_ request: HTTPRequest) async throws -> HTTPResponse {
        let body = try JSONBody(try await request.bodyData)
        let coordinate = try body.coordinate()
        let pin = try await library.addPin(at: coordinate, title: try body.string("title"), note: try body.string("note", maxLength: 5000))
        if try body.bool("fetch") ?? true { await jobs.start(.fetch, pinId: pin.id) }
        return Reply.json(JSONOut.encode(PinJSON(pin: pin)), status: .created)
    }

    private func movePin(_ pinId: Int64, _ request: HTTPRequest) async throws -> HTTPResponse {
        let body = try JSONBody(try await request.bodyData)
        let coordinate = try body.coordinate()
        guard await !jobs.isRunning(pinId) else {
            throw APIError(status: 409, code: "downloading", message: "pin \(pinId) is downloading; move it when it is done")
        }
        let pin = try await library.movePin(id: pinId, to: coordinate)
        if try body.bool("fetch") ?? true { await jobs.start(.refetch, pinId: pinId) }
        return Reply.json(JSONOut.encode(PinJSON(pin: pin)))
    }

    /// The answer to a GET request that depends on the library only, from the cache while the
    /// library has not changed since it was made.
    func cached(_ request: HTTPRequest, make: () async throws -> Data) async throws -> HTTPResponse {
        let key = request.path + "?" + request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        return try await cache.answer(key, at: try await library.version(), make: make).response
    }

    /// A pin's album as JSON, from the cache while neither the library nor whether this server is
    /// fetching for the pin changed. An answer whose making started a fetch (`albumJSON`) is not kept.
    func albumData(_ pinId: Int64) async throws -> AnswerCache.Answer {
        let version = try await library.version()
        let running = await jobs.isRunning(pinId)
        let jobs = jobs
        return try await cache.answer(
            "album/\(pinId)/\(running)", at: version, make: { JSONOut.encode(try await albumJSON(pinId)) },
            keep: { _ in await jobs.isRunning(pinId) == running })
    }

    /// The album now. Photos left as placeholders with no process working on them (a killed
    /// fetch) are picked up again, as `album resume` would.
    func albumJSON(_ pinId: Int64) async throws -> AlbumJSON {
        let pin = try await library.pin(id: pinId)
        let photos = try await library.photos(pinId: pinId)
        let hasAlbum = try await library.album(pinId: pinId) != nil
        var running = await jobs.isRunning(pinId)
        let active = photos.contains { $0.state == .downloading }
        if !running, !active, photos.contains(where: { $0.state == .placeholder }) {
            running = await jobs.start(.resume, pinId: pinId) || running
        }
        return AlbumJSON(pin: pin, hasAlbum: hasAlbum, downloading: running || active, photos: photos)
    }

    private func events(_ pinId: Int64) async throws -> HTTPResponse {
        _ = try await library.pin(id: pinId)
        let api = self
        let source = AlbumEventSource { () async -> Data? in
            try? await api.albumData(pinId).data
        }
        let body = HTTPBodySequence(from: PullByteSequence(next: { try await source.next() }))
        return Reply.secure(HTTPResponse(
            statusCode: .ok,
            headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store", HTTPHeader("X-Accel-Buffering"): "no"],
            body: body))
    }

    private func setRegion(_ request: HTTPRequest) async throws -> HTTPResponse {
        let body = try JSONBody(try await request.bodyData)
        let center = try body.coordinate()
        let region: Region
        do {
            region = try Region(center: center, spanLatitude: try body.number("spanLatitude"), spanLongitude: try body.number("spanLongitude"))
        } catch let error as AlbumError {
            throw APIError.badRequest(error.description.replacingOccurrences(of: "span-lat", with: "spanLatitude")
                .replacingOccurrences(of: "span-lon", with: "spanLongitude"))
        }
        // The region is where the map was left, not album data: no kept answer depends on it, so
        // saving it (on every map move) keeps them when it was the only write meanwhile.
        let before = try await library.version()
        try await library.setRegion(region)
        cache.carry(from: before, to: try await library.version(), rows: 1)
        return Reply.json(JSONOut.encode(RegionJSON(region: region)))
    }

    // MARK: Files

    /// A photo's original or thumbnail, by id only: the path comes from the library, never the client.
    private func media(_ photoId: Int64, thumb: Bool) async throws -> HTTPResponse {
        let photo = try await library.photo(id: photoId)
        guard let stored = thumb ? photo.thumbnail : photo.file else {
            throw APIError.notFound("photo \(photoId) has no \(thumb ? "thumbnail" : "file") yet (\(photo.state.name))")
        }
        let url = library.url(forStoredPath: stored)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw APIError.notFound("photo \(photoId)'s file is missing: run `album verify --repair`")
        }
        return Reply.bytes(data, type: WebAssets.contentType(forName: url.lastPathComponent), cacheControl: "private, max-age=3600")
    }

    private func asset(_ name: String) throws -> HTTPResponse {
        let day = "max-age=86400"
        switch name {
        case "countries.geojson": return Reply.bytes(Self.countries, type: "application/geo+json", cacheControl: day)
        case "cities.json": return Reply.bytes(try Self.cities.get(), type: "application/json", cacheControl: day)
        case "album.css", "map.js", "album.js", "cities.js":
            let text = [
                "album.css": PageStyle.css, "map.js": Scripts.map, "album.js": Scripts.album, "cities.js": CityDots.script,
            ][name] ?? ""
            return Reply.bytes(Data(text.utf8), type: WebAssets.contentType(forName: name), cacheControl: "no-cache")
        default:
            guard let url = assets.files[name], let data = FileManager.default.contents(atPath: url.path) else {
                throw APIError.notFound("no asset \(name)")
            }
            return Reply.bytes(data, type: WebAssets.contentType(forName: name), cacheControl: day)
        }
    }

    /// Natural Earth's country outlines (`Countries`), encoded once.
    static let countries = Data(Countries.geojson.utf8)
    /// The city layer's places (`CityDots`), read once, at the first map zoomed in far enough.
    static let cities = Result { () throws(AlbumError) -> Data in try CityDots.json() }

    /// `GET /login?code=CODE`: the one-time URL printed at start sets the token cookie.
    private func login(_ request: HTTPRequest) -> HTTPResponse {
        guard let token = policy.token, let code = request.query["code"], policy.redeem(code: code) else {
            return Reply.error(APIError(status: 401, code: "unauthorized", message: "this login link is not valid (or was used already)"))
        }
        var headers = HTTPHeaders()
        headers[.location] = "/"
        headers[.setCookie] = "\(AccessPolicy.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"
        return Reply.secure(HTTPResponse(statusCode: .seeOther, headers: headers, body: Data()))
    }
}
