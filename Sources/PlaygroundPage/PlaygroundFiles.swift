/// The playground's page as the files it is written in (`Page/`), embedded into the binary
/// when it is built (SwiftPM's `embedInCode`): no framework, no build step, and no inline
/// script or style, so the page's Content-Security-Policy can forbid both.
public enum PlaygroundFiles {
    public struct File: Sendable {
        /// Where it is served: `/`, `/playground.js`, ...
        public let path: String
        public let contentType: String
        public let bytes: [UInt8]
    }

    public static let all: [File] = [
        File(path: "/", contentType: "text/html; charset=utf-8", bytes: PackageResources.index_html),
        File(path: "/playground.js", contentType: "text/javascript; charset=utf-8", bytes: PackageResources.playground_js),
        File(path: "/playground.css", contentType: "text/css; charset=utf-8", bytes: PackageResources.playground_css),
        File(path: "/favicon.svg", contentType: "image/svg+xml", bytes: PackageResources.favicon_svg),
        // Browsers ask for it whatever the page links; an SVG answers as well.
        File(path: "/favicon.ico", contentType: "image/svg+xml", bytes: PackageResources.favicon_svg),
    ]
}
