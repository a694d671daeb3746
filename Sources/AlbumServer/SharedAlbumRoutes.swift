import AlbumCore
import AlbumModel
import Foundation
import Hummingbird

/// `/s/TOKEN`: a shared album, read-only, for anyone with the link (decision 0047): the pin's page
/// (`GET /s/TOKEN`), and its photos' thumbnails and originals (`GET /s/TOKEN/media/ID[?size=thumb]`),
/// nothing else. A token that is unknown, expired or revoked, and any other path under it, is 404.
struct SharedAlbumRoutes {
    let root: AlbumAPI
    let users: UserAPIs?

    func answer(_ request: Request, path: String) async -> Response {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst(2)  // "", "s"
        let notFound = Reply.errorPage(APIError.notFound("this link is not valid: it may have expired or been revoked"))
        guard request.method == .get, let token = parts.first.map(String.init) else { return notFound }
        do {
            let now = root.clock()
            guard let link = try await root.library.sharedAlbum(token: token, now: now), let api = try await api(for: link.userId) else {
                return notFound
            }
            let rest = Array(parts.dropFirst())
            if rest.isEmpty || rest == [""] {
                let pin = try await api.library.pin(id: link.pinId)
                let photos = try await api.library.photos(pinId: link.pinId)
                return Reply.html(SharedAlbumPage.html(pin: pin, photos: photos, base: "/s/\(token)"))
            }
            guard rest.count == 2, rest[0] == "media", let id = Int64(rest[1]), id > 0 else { return notFound }
            guard try await api.library.photo(id: id).pinId == link.pinId else { return notFound }
            return try await api.media(id, size: Query(request.uri)["size"])
        } catch let error as APIError {
            return Reply.errorPage(error)
        } catch {
            return notFound
        }
    }

    /// The API of the link's owner: the library's own for a library without users or its owner.
    private func api(for userId: Int64?) async throws -> AlbumAPI? {
        guard let userId else { return users == nil ? root : nil }
        guard let users else { return nil }
        guard let user = try await users.setup.accounts.directory.store.user(id: userId) else { return nil }
        return try await users.api(for: user)
    }
}

/// The page of a shared album: its title, note and photos, no script, no links to the rest of the site.
enum SharedAlbumPage {
    static func html(pin: Pin, photos: [Photo], base: String) -> String {
        let title = pin.title ?? "Pin \(pin.id)"
        let shown = photos.filter { $0.state == .downloaded && $0.thumbnail != nil }
        let items = shown.map { photo in
            "<li><a href=\"\(base)/media/\(photo.id)\"><img src=\"\(base)/media/\(photo.id)?size=thumb\" alt=\"\(MarkupText.escape(photo.title ?? ""))\" loading=\"lazy\"></a></li>"
        }.joined(separator: "\n")
        return PageHead.html(title + " · GeoAlbum", map: false, assets: "/assets/") + """
            <body>
            <main class="shared-album">
            <h1>\(MarkupText.escape(title))</h1>
            \(pin.note.map { "<p>\(MarkupText.escape($0))</p>" } ?? "")
            <p class="meta">\(shown.count) photo\(shown.count == 1 ? "" : "s"), shared read-only</p>
            <ul class="photos">
            \(items)
            </ul>
            </main>
            </body>
            </html>

            """
    }
}
