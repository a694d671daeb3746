/// The `<head>` of every HTML page: `album serve`'s and the exported gallery's.
public enum PageHead {
    /// From `<!DOCTYPE html>` to `</head>` and its newline.
    /// - Parameters:
    ///   - title: escaped here.
    ///   - map: with the map's stylesheets (Leaflet, marker clusters).
    ///   - assets: where the stylesheets are: `/assets/` when served, `assets/` in a gallery folder.
    ///   - contentSecurityPolicy: as a `<meta>`, for pages opened from `file://` (no headers there).
    public static func html(_ title: String, map: Bool, assets: String, contentSecurityPolicy: String? = nil) -> String {
        let leaflet = map ? """
            <link rel="stylesheet" href="\(assets)leaflet.css">
            <link rel="stylesheet" href="\(assets)MarkerCluster.css">
            <link rel="stylesheet" href="\(assets)MarkerCluster.Default.css">

            """ : ""
        let policy = contentSecurityPolicy.map { "<meta http-equiv=\"Content-Security-Policy\" content=\"\($0)\">\n" } ?? ""
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            \(policy)<title>\(MarkupText.escape(title))</title>
            \(leaflet)<link rel="stylesheet" href="\(assets)album.css">
            </head>

            """
    }
}
