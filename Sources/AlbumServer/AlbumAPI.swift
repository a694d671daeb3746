import AlbumCore
import AlbumModel
import HTTPTypes
import Hummingbird
import Foundation

/// The requests `album serve` answers: pages, assets, the JSON API, by `AlbumAPI.routes`.
/// Every request goes through `AccessPolicy` first; every answer carries the security headers
/// (`Reply.secure`); errors are JSON under `/api/` and pages with the site's header elsewhere,
/// and never name a file path (`APIError.init(_:hiding:)`).
struct AlbumAPI: HTTPResponder {
    typealias Context = AlbumRequestContext
    let library: Library
    let jobs: FetchJobs
    let policy: AccessPolicy
    let assets: WebAssets
    /// GET answers kept until the library changes.
    let cache: AnswerCache
    /// Set when the server stops: event streams end.
    let stopping: StopSignal
    let table = AlbumAPI.routes
    /// The largest file `POST /api/entries` takes.
    var maxUploadBytes = AlbumAPI.defaultMaxUploadBytes
    /// Where share links are kept and whose they are (nil: this library, without users).
    var shareScope: ShareScope? = nil
    /// Unix seconds for share links (made, expired): the real time unless a test sets another.
    var clock: @Sendable () -> Int64 = AlbumWebServer.Settings.realClock
    /// Idempotency claims' timeout, and the fault run's exit (`Faults`).
    var faults = Faults()

    func respond(to request: Request, context: Context) async throws -> Response {
        let path = request.uri.path
        let hasBody = request.headers[.contentLength].map { $0 != "0" } ?? (request.headers[.transferEncoding] != nil)
        let verdict = policy.check(
            method: request.method.rawValue, path: path, host: request.head.authority, origin: request.headers[.origin],
            authorization: request.headers[.authorization], cookie: request.headers[.cookie],
            contentType: request.headers[.contentType], hasBody: hasBody)
        if case .deny(let status, let code, let message) = verdict {
            return failure(APIError(status: status, code: code, message: message), path: path)
        }
        let route: RouteTable.Route, parameters: RouteParameters
        do {
            (route, parameters) = try table.match(request.method, path)
        } catch {
            return failure(error, path: path)
        }
        do {
            let call = Call(request: request, parameters: parameters, query: Query(request.uri))
            if let key = request.headers[Self.idempotencyKey], path.hasPrefix("/api/"), request.method != .get, request.method != .head {
                return try await idempotent(key: key, call: call, route.handler)
            }
            return try await route.handler(self, call)
        } catch let error as APIError {
            return failure(error, path: path)
        } catch let error as AlbumError {
            let answer = APIError(error, hiding: library.folder.path)
            if answer.status >= 500 { Self.log("\(request.method.rawValue) \(path): \(error.description)") }
            return failure(answer, path: path)
        } catch {
            Self.log("\(request.method.rawValue) \(path): \(error)")
            return failure(APIError(status: 500, code: "internal_error", message: "the server could not answer this request (its log says why)"), path: path)
        }
    }

    /// JSON under `/api/` (and for assets), a page elsewhere.
    func failure(_ error: APIError, path: String) -> Response {
        path.hasPrefix("/api/") || path.hasPrefix("/assets/") ? Reply.error(error) : Reply.errorPage(error)
    }

    /// A line on the server's standard error (what a web client is not told).
    static func log(_ line: String) {
        FileHandle.standardError.write(Data(("album serve: " + line + "\n").utf8))
    }

    /// Every page and API route.
    static let routes: RouteTable = {
        var r = RouteTable()
        // Pages.
        r.get("/") { api, _ in Reply.html(try await Pages.map(region: api.library.region(), basemap: api.assets.basemap != nil, tiles: api.assets.tiles, vector: api.assets.vectorBasemap)) }
        r.get("/pins/{pin}") { api, call in
            let album = try await api.albumJSON(call.id("pin"))
            return Reply.html(Pages.album(album, tags: try await api.library.ownTags(of: .pin(call.id("pin"))).map(\.value)))
        }
        r.get("/login") { api, call in api.login(call) }
        r.get("/places") { api, _ in try await api.placesPage() }
        r.get("/trips") { api, _ in try await api.tripsPage() }
        r.get("/trips/{number}") { api, call in try await api.tripPage(call.word("number")) }
        r.get("/reminders") { api, _ in Reply.html(Pages.reminders(try await api.library.reminders(), pins: try await api.library.pins())) }
        r.get("/places/new") { api, _ in Reply.html(Pages.newPlace(basemap: api.assets.basemap != nil)) }
        r.get("/timeline") { api, call in try await api.timelinePage(call.query) }
        r.get("/diary") { api, call in try await api.diaryPage(call.query) }
        r.get("/entries/{entry}") { api, call in try await api.entryPage(call.id("entry")) }
        r.get("/summary") { api, call in try await api.summaryPage(call.query) }
        r.get("/tags") { api, _ in Reply.html(Pages.tags(try await api.library.tags())) }
        r.get("/search") { api, call in try await api.searchPage(call.query) }
        r.get("/assets/{name*}") { api, call in try api.asset(call.word("name"), call.request) }
        r.get("/favicon.ico") { _, call in try StaticAssets.shared.response("favicon.svg", call.request) }
        // The API.
        r.get("/api/openapi.json") { _, _ in Reply.json(Data(OpenAPIDocument.json.utf8)) }
        r.get("/api/pins") { api, call in try await api.cached(call) { JSONOut.encode(try await api.library.pins().map(PinJSON.init)) } }
        r.post("/api/pins") { api, call in try await api.createPin(call) }
        r.get("/api/map/pins") { api, call in try await api.cached(call) { MapPins.json(try await api.library.pins()) } }
        r.get("/api/pins/{pin}") { api, call in Reply.json(JSONOut.encode(PinJSON(pin: try await api.library.pin(id: call.id("pin"))))) }
        r.put("/api/pins/{pin}") { api, call in try await api.changePin(call.id("pin"), call) }
        r.delete("/api/pins/{pin}") { api, call in Reply.json(JSONOut.encode(PinJSON(pin: try await api.library.removePin(id: call.id("pin"))))) }
        r.get("/api/pins/{pin}/photos") { api, call in try await api.albumData(call.id("pin")).response }
        r.get("/api/pins/{pin}/events") { api, call in try await api.events(call.id("pin")) }
        r.post("/api/pins/{pin}/new-collection") { api, call in try await api.newCollection(call.id("pin")) }
        r.post("/api/pins/{pin}/share") { api, call in try await api.sharePin(call.id("pin"), call) }
        r.get("/api/pins/{pin}/shares") { api, call in try await api.shareLinks(pinId: call.id("pin")) }
        r.get("/api/pins/{pin}/tags") { api, call in try await api.ownTags(.pin(call.id("pin"))) }
        r.post("/api/pins/{pin}/tags") { api, call in try await api.changeOwnTags(.pin(call.id("pin")), call) }
        r.get("/api/pins/{pin}/plan") { api, call in try await api.plan(call.id("pin")) }
        r.put("/api/pins/{pin}/plan") { api, call in try await api.setPlan(call.id("pin"), call) }
        r.delete("/api/pins/{pin}/plan") { api, call in try await api.removePlan(call.id("pin")) }
        r.get("/api/photos/{photo}/tags") { api, call in try await api.ownTags(.photo(call.id("photo"))) }
        r.post("/api/photos/{photo}/tags") { api, call in try await api.changeOwnTags(.photo(call.id("photo")), call) }
        r.get("/api/shares") { api, _ in try await api.shareLinks() }
        r.delete("/api/shares/{share}") { api, call in try await api.revokeShare(call.id("share")) }
        r.get("/api/photos/{photo}") { api, call in Reply.json(JSONOut.encode(PhotoJSON(photo: try await api.library.photo(id: call.id("photo"))))) }
        r.delete("/api/photos/{photo}") { api, call in
            Reply.json(JSONOut.encode(PhotoJSON(photo: try await api.library.removePhoto(id: call.id("photo")))))
        }
        r.get("/api/media/{photo}") { api, call in try await api.media(call.id("photo"), size: call.query["size"]) }
        // On a library with users `FrontResponder` answers these (LoginRoutes); without users there is no one to log in.
        for route in ["login", "refresh", "logout"] {
            r.post("/api/auth/\(route)") { _, _ in
                throw APIError(status: 401, code: "unauthorized", message: "this library has no users (album user add makes one)")
            }
        }
        r.get("/api/region") { api, _ in
            guard let region = try await api.library.region() else { return Reply.json(Data("null".utf8)) }
            return Reply.json(JSONOut.encode(RegionJSON(region: region)))
        }
        r.put("/api/region") { api, call in try await api.setRegion(call) }
        r.get("/api/entries") { api, call in
            try await api.cached(call) {
                if let type = call.query["type"], type != "photo" { return try await api.entriesOfKind(type, call.query) }
                return try await api.entries(call.query)
            }
        }
        // A JSON body is a note, a song or a check-in; any other is an upload (multipart/form-data).
        r.post("/api/entries") { api, call in
            AccessPolicy.isJSON(call.request.headers[.contentType]) ? try await api.addEntry(call) : try await api.upload(call)
        }
        r.get("/api/changes") { api, call in try await api.changes(call.query) }
        r.get("/api/entries/{entry}") { api, call in try await api.entry(call.id("entry")) }
        r.put("/api/entries/{entry}") { api, call in try await api.changeEntry(call.id("entry"), call) }
        r.delete("/api/entries/{entry}") { api, call in try await api.removeEntry(call.id("entry")) }
        r.get("/api/entries/{entry}/media") { api, call in try await api.entryMedia(call.id("entry"), call.request) }
        r.get("/api/summaries/{kind}") { api, call in try await api.cached(call) { try await api.summary(call.word("kind"), call.query) } }
        r.get("/api/summaries/{kind}/card") { api, call in try await api.card(call.word("kind"), call.query) }
        r.get("/api/memories/card") { api, call in try await api.memoriesCard(call.query) }
        r.get("/api/tags") { api, call in try await api.cached(call) { try await api.tags() } }
        r.get("/api/search") { api, call in try await api.cached(call) { try await api.search(call.query) } }
        r.get("/api/basemap/{z}/{x}/{y}") { api, call in try api.basemapTile(call) }
        r.get("/api/reminders") { api, _ in try await api.reminders() }
        r.post("/api/reminders") { api, call in try await api.addReminder(call) }
        r.get("/api/reminders/{reminder}") { api, call in try await api.reminder(call.id("reminder")) }
        r.put("/api/reminders/{reminder}") { api, call in try await api.changeReminder(call.id("reminder"), call) }
        r.post("/api/reminders/{reminder}/done") { api, call in try await api.completeReminder(call.id("reminder")) }
        r.post("/api/reminders/{reminder}/snooze") { api, call in try await api.snoozeReminder(call.id("reminder"), call) }
        r.post("/api/reminders/{reminder}/reply") { api, call in try await api.replyToReminder(call.id("reminder"), call) }
        r.delete("/api/reminders/{reminder}") { api, call in try await api.removeReminder(call.id("reminder")) }
        return r
    }()

    // MARK: Pins and albums

    func createPin(_ call: Call) async throws -> Response {
        let body = try await call.body()
        // Every field is checked before anything is stored.
        let coordinate = try body.coordinate(), fetch = try body.bool("fetch") ?? true
        let title = try body.string("title"), note = try body.string("note", maxLength: 5000)
        // A sync client's own id of the pin (decision 0077): sent again, the first pin is answered (200).
        if let clientId = try Self.clientId(body) {
            let (pin, created) = try await library.addPin(at: coordinate, title: title, note: note, clientId: clientId)
            if fetch && created { await jobs.start(.fetch, pinId: pin.id) }
            return Reply.json(JSONOut.encode(PinJSON(pin: pin)), status: created ? .created : .ok)
        }
        let pin = try await library.addPin(at: coordinate, title: title, note: note)
        if fetch { await jobs.start(.fetch, pinId: pin.id) }
        return Reply.json(JSONOut.encode(PinJSON(pin: pin)), status: .created)
    }

    /// `PUT /api/pins/{pin}`: moves the pin (`latitude` and `longitude`; its album, which belonged
    /// to the old place, is fetched again unless `fetch` is false, as `album pin move`) and/or
    /// changes its `title` and `note` (as `album pin edit`: null or "" clears one, an absent one is
    /// left as it is). Every field is checked before anything is stored.
    func changePin(_ pinId: Int64, _ call: Call) async throws -> Response {
        let body = try await call.body()
        let moves = body.fields["latitude"] != nil || body.fields["longitude"] != nil
        let coordinate = moves ? try body.coordinate() : nil
        let fetch = try body.bool("fetch") ?? true
        let title: String?? = body.fields["title"] == nil ? nil : .some(try body.string("title"))
        let note: String?? = body.fields["note"] == nil ? nil : .some(try body.string("note", maxLength: 5000))
        guard moves || title != nil || note != nil else {
            throw APIError.badRequest("nothing to change: give latitude and longitude, title or note")
        }
        var pin = try await library.pin(id: pinId)
        if let coordinate {
            guard await !jobs.isRunning(pinId) else {
                throw APIError(status: 409, code: "downloading", message: "pin \(pinId) is downloading; move it when it is done")
            }
            pin = try await library.movePin(id: pinId, to: coordinate)
        }
        if title != nil || note != nil { pin = try await library.editPin(id: pinId, title: title, note: note) }
        if moves && fetch { await jobs.start(.refetch, pinId: pinId) }
        return Reply.json(JSONOut.encode(PinJSON(pin: pin)))
    }

    /// `GET /places`: the travel book, each pin with its plan's dates.
    func placesPage() async throws -> Response {
        let plans = try await library.plans(now: Date(), upcoming: false, systemZone: TimeZone.current.identifier)
        let byPin = Dictionary(plans.map { ($0.plan.pin.id, $0.plan) }, uniquingKeysWith: { a, _ in a })
        return Reply.html(Pages.places(try await library.pins(), plans: byPin))
    }

    /// The answer to a GET request that depends on the library only, from the cache while the
    /// library has not changed since it was made.
    func cached(_ call: Call, make: () async throws -> Data) async throws -> Response {
        let key = call.path + "?" + (call.request.uri.query ?? "")
        return try await cache.answer(key, at: try await library.version(), make: make).response
    }

    /// A pin's album as JSON, from the cache while neither the library nor whether this server is
    /// fetching for the pin changed. An answer whose making started a fetch (`albumJSON`) is not kept.
    func albumData(_ pinId: Int64) async throws -> AnswerCache.Answer {
        let version = try await library.version()
        let running = await jobs.isRunning(pinId)
        let problem = await jobs.failure(pinId) ?? ""
        let jobs = jobs
        return try await cache.answer(
            "album/\(pinId)/\(running)/\(problem)", at: version, make: { JSONOut.encode(try await albumJSON(pinId)) },
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
        let problem = running ? nil : await jobs.failure(pinId)
        return AlbumJSON(pin: pin, hasAlbum: hasAlbum, downloading: running || active, problem: problem, photos: photos)
    }

    func newCollection(_ pinId: Int64) async throws -> Response {
        _ = try await library.pin(id: pinId)
        guard try await library.album(pinId: pinId) != nil else { throw APIError(status: 409, code: "no_album", message: "pin \(pinId) has no album yet") }
        guard await jobs.start(.newCollection, pinId: pinId) else {
            throw APIError(status: 409, code: "downloading", message: "pin \(pinId) is downloading; try again when it is done")
        }
        return Reply.json(JSONOut.encode(try await albumJSON(pinId)), status: .accepted)
    }

    /// Server-sent events for the pin's album (`AlbumEventSource`), until the client goes away,
    /// the pin is removed or the server stops.
    func events(_ pinId: Int64) async throws -> Response {
        _ = try await library.pin(id: pinId)
        let api = self, stopping = stopping
        let source = AlbumEventSource(stopping: stopping) { () async -> Data? in
            try? await api.albumData(pinId).data
        }
        let body = ResponseBody { writer in
            while let chunk = try await source.next() {
                try await writer.write(ByteBuffer(bytes: chunk))
            }
            try await writer.finish(nil)
        }
        var headers: HTTPFields = [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store", .xAccelBuffering: "no"]
        Reply.secure(&headers)
        return Response(status: .ok, headers: headers, body: body)
    }

    func setRegion(_ call: Call) async throws -> Response {
        let body = try await call.body()
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
    func media(_ photoId: Int64, size: String?) async throws -> Response {
        guard size == nil || size == "thumb" else { throw APIError.badRequest("size '\(size ?? "")' must be thumb (or absent: the original)") }
        let thumb = size == "thumb"
        let photo = try await library.photo(id: photoId)
        guard let stored = thumb ? photo.thumbnail : photo.file else {
            throw APIError.notFound("photo \(photoId) has no \(thumb ? "thumbnail" : "file") yet (\(photo.state.name))")
        }
        // A thumbnail a lazy fetch or import left for later is made now, once (decision 0072).
        let url = thumb ? try await library.thumbnailFile(of: photo) ?? library.url(forStoredPath: stored) : library.url(forStoredPath: stored)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw APIError.notFound("photo \(photoId)'s file is missing: run `album verify --repair`")
        }
        return Reply.bytes(data, type: WebAssets.contentType(forName: url.lastPathComponent), cacheControl: "private, max-age=3600")
    }

    func asset(_ name: String, _ request: Request) throws -> Response {
        let day = "max-age=86400"
        switch name {
        case "countries.geojson": return Reply.bytes(Self.countries, type: "application/geo+json", cacheControl: day)
        case "cities.json": return Reply.bytes(try Self.cities.get(), type: "application/json", cacheControl: day)
        default:
            if let response = try StaticAssets.shared.responseIfKnown(name, request) { return response }
            guard let url = assets.files[name], let data = FileManager.default.contents(atPath: url.path) else {
                throw APIError.notFound("no asset \(name)")
            }
            return Reply.bytes(data, type: WebAssets.contentType(forName: name), cacheControl: day)
        }
    }

    /// `GET /api/basemap/{z}/{x}/{y}`: a tile of the vector basemap (`VectorBasemap`, drawn by
    /// map.js), the same bytes for a year (the file's version is in its ETag and the page's URL).
    func basemapTile(_ call: Call) throws -> Response {
        guard let basemap = assets.vectorBasemap else {
            throw APIError.notFound("no vector basemap on this server (make basemap writes it; album serve --tiles uses a tile server instead)")
        }
        var numbers: [Int] = []
        for name in ["z", "x", "y"] {
            let text = call.parameters.words[name] ?? ""
            guard let value = Int(text), value >= 0, value < 1 << 30 else { throw APIError.notFound("no basemap tile \(name) '\(text)'") }
            numbers.append(value)
        }
        let key = VectorBasemap.Key(z: numbers[0], x: numbers[1], y: numbers[2])
        guard let data = try basemap.tile(key) else {
            let zooms = basemap.zooms.sorted().map(String.init).joined(separator: ", ")
            throw APIError.notFound("no basemap tile \(key.z)/\(key.x)/\(key.y) (zooms \(zooms); x below 2^(z+1), y below 2^z)")
        }
        return Reply.bytes(data, type: "application/octet-stream", cacheControl: "public, max-age=31536000, immutable",
                           extra: [.eTag: "\"\(basemap.version)\""])
    }

    /// Natural Earth's country outlines (`Countries`), encoded once.
    static let countries = Data(Countries.geojson.utf8)
    /// The city layer's places (`CityDots`), read once, at the first map zoomed in far enough.
    static let cities = Result { () throws(AlbumError) -> Data in try CityDots.json() }

    /// `GET /login?code=CODE`: the one-time URL printed at start sets the token cookie.
    func login(_ call: Call) -> Response {
        guard let token = policy.token, let code = call.query["code"], policy.redeem(code: code) else {
            return Reply.errorPage(APIError(status: 401, code: "unauthorized", message: "this login link is not valid (or was used already)"))
        }
        return Reply.bytes(Data(), type: "text/plain", status: .seeOther, extra: [
            .location: "/", .setCookie: "\(AccessPolicy.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict",
        ])
    }
}
