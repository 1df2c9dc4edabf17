import Foundation

/// The page's files, compiled into the binary (`embedInCode`): nothing to install beside the
/// executable, no CDN, no build step. The HTML names the token its scripts and styles are loaded with.
enum PageAssets {
  /// One file of the page.
  struct Asset: Sendable {
    let contentType: String
    let bytes: [UInt8]
  }

  /// The placeholder in `index.html` replaced by the session's token.
  static let tokenPlaceholder = "{{token}}"

  /// The files by the path they are served at.
  static let files: [String: Asset] = [
    "/inspector.css": Asset(contentType: "text/css; charset=utf-8", bytes: PackageResources.inspector_css),
    "/connection.js": Asset(contentType: "text/javascript; charset=utf-8", bytes: PackageResources.connection_js),
    "/log.js": Asset(contentType: "text/javascript; charset=utf-8", bytes: PackageResources.log_js),
    "/tree.js": Asset(contentType: "text/javascript; charset=utf-8", bytes: PackageResources.tree_js),
    "/plot.js": Asset(contentType: "text/javascript; charset=utf-8", bytes: PackageResources.plot_js),
    "/coverage.js": Asset(contentType: "text/javascript; charset=utf-8", bytes: PackageResources.coverage_js),
    "/witness.js": Asset(contentType: "text/javascript; charset=utf-8", bytes: PackageResources.witness_js),
    "/chart.js": Asset(contentType: "text/javascript; charset=utf-8", bytes: PackageResources.chart_js),
    "/app.js": Asset(contentType: "text/javascript; charset=utf-8", bytes: PackageResources.app_js),
  ]

  /// The page itself, its references carrying `token`.
  static func index(token: String) -> Asset {
    let html = String(decoding: PackageResources.index_html, as: UTF8.self).replacingOccurrences(of: tokenPlaceholder, with: token)
    return Asset(contentType: "text/html; charset=utf-8", bytes: Array(html.utf8))
  }
}
