import Foundation

extension LoopbackServer {
    /// A server that answers GET /PATH with the file PATH under `folder` (`..` refused), and
    /// `/photos` (the `/photos` API's own path) with the folder's `photos.json`; 404 otherwise.
    public static func serving(folder: URL) throws -> LoopbackServer {
        let root = folder.standardizedFileURL.path
        return try LoopbackServer { request in
            var path = request.path.removingPercentEncoding ?? request.path
            if path == "/photos" { path = "/photos.json" }
            guard !path.split(separator: "/").contains(".."),
                let body = FileManager.default.contents(atPath: root + path)
            else { return .text("not found", status: 404) }
            let type = path.hasSuffix(".json") ? "application/json" : path.hasSuffix(".jpg") ? "image/jpeg" : "application/octet-stream"
            return .respond(status: 200, headers: ["Content-Type": type], body: body)
        }
    }
}
