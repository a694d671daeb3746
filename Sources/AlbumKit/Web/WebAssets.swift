import AlbumModel
import Foundation

/// The browser files GeoAlbum's pages use, all from Debian packages so pages work offline:
/// Leaflet and its marker-cluster plugin (`libjs-leaflet`, `libjs-leaflet.markercluster`, in
/// `/usr/share/javascript/leaflet`), and NASA's Blue Marble `earth.jpg` from `xplanet-images`, a
/// 2048×1024 equirectangular image drawn as the basemap.
public struct WebAssets: Sendable {
    /// `/usr/share/javascript/leaflet` (or `$ALBUM_LEAFLET_DIR`).
    public let leafletFolder: URL
    /// `/usr/share/xplanet/images/earth.jpg` (or `$ALBUM_BASEMAP`), nil when not installed.
    public let basemap: URL?

    /// The files a page links, by the name pages use (`/assets/<name>`), mapped to where they are.
    public let files: [String: URL]
    /// `album serve --tiles`: the map's tiles come from this server instead of `basemap`.
    public var tiles: TileServer? = nil
    /// GSHHG's coastlines, lakes, rivers and borders over `basemap` (`make basemap`; decision 0097).
    public var vectorBasemap: VectorBasemap? = nil

    /// Names of the Leaflet files every map page loads.
    public static let leafletNames = [
        "leaflet.js", "leaflet.css", "leaflet.markercluster.js", "MarkerCluster.css", "MarkerCluster.Default.css",
        "images/marker-icon.png", "images/marker-icon-2x.png", "images/marker-shadow.png",
        "images/layers.png", "images/layers-2x.png",
    ]

    /// Finds the installed files.
    /// - Throws: `AlbumError.io` naming the missing file and the Debian package that has it.
    public static func system(environment: [String: String] = ProcessInfo.processInfo.environment) throws(AlbumError) -> WebAssets {
        let leaflet = URL(fileURLWithPath: environment["ALBUM_LEAFLET_DIR"] ?? "/usr/share/javascript/leaflet", isDirectory: true)
        var files: [String: URL] = [:]
        for name in leafletNames {
            var url = leaflet.appendingPathComponent(name)
            // The minified build when the package has it: a third of the script to parse.
            let minified = leaflet.appendingPathComponent(name.replacingOccurrences(of: ".js", with: ".min.js"))
            if name.hasSuffix(".js"), FileManager.default.fileExists(atPath: minified.path) { url = minified }
            guard FileManager.default.fileExists(atPath: url.path) else {
                let package = name.lowercased().contains("cluster") ? "libjs-leaflet.markercluster" : "libjs-leaflet"
                throw .io("\(url.path) is missing: install Debian's \(package)")
            }
            files[name] = url
        }
        let earth = URL(fileURLWithPath: environment["ALBUM_BASEMAP"] ?? "/usr/share/xplanet/images/earth.jpg")
        let basemap = FileManager.default.fileExists(atPath: earth.path) ? earth : nil
        if let basemap { files["earth.jpg"] = basemap }
        return WebAssets(leafletFolder: leaflet, basemap: basemap, files: files)
    }

    /// The content type of an asset or page file, by extension.
    public static func contentType(forName name: String) -> String {
        switch (name as NSString).pathExtension.lowercased() {
        case "js": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "png": "image/png"
        case "svg": "image/svg+xml"
        case "jpg", "jpeg": "image/jpeg"
        case "heic": "image/heic"
        case "html": "text/html; charset=utf-8"
        case "json": "application/json"
        default: "application/octet-stream"
        }
    }
}
