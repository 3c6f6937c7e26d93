import Diagnostics

/// Static files a browser runs script in: published as they are, on the site's own origin, they
/// can do anything the site's pages can (read what the site keeps in the browser, register a
/// service worker, show a login form under the site's name), and no escaping of Folio's applies
/// to them. Each is a warning at its path, unless folio.yaml lists it under
/// `static.activeContent` (``StaticSettings``), so that `folio check --strict` in CI fails a pull
/// request that adds one.
package enum ActiveContent {
  /// What a file named `path` with `bytes` is, when a browser can run script in it: an HTML page
  /// (`.html`, `.htm`, `.xhtml`, `.xht`, `.shtml`), an SVG image (`.svg`), a script (`.js`,
  /// `.mjs`), or an XML file that names a stylesheet (`<?xml-stylesheet`: XSLT can make a page
  /// with script); nil for any other file. Extensions are compared without regard to case.
  package static func kind(ofFileAt path: String, bytes: [UInt8]) -> String? {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    switch path[path.index(after: dot)...].lowercased() {
    case "html", "htm", "xhtml", "xht", "shtml": return "an HTML page"
    case "svg": return "an SVG image"
    case "js", "mjs": return "a script"
    case "xml":
      return ByteSearch.contains(stylesheetInstruction, in: bytes) ? "an XML file with a stylesheet" : nil
    default: return nil
    }
  }

  /// A warning for each of `files` (published static files, relative to `Content/`, with their
  /// bytes) that can run script and that `settings` does not list, in path order.
  package static func warnings(
    for files: some Sequence<(path: String, bytes: [UInt8])>, settings: StaticSettings
  ) -> [Diagnostic] {
    var warnings: [(path: String, diagnostic: Diagnostic)] = []
    for (path, bytes) in files {
      guard let kind = kind(ofFileAt: path, bytes: bytes), !settings.allowsActiveContent(at: path) else {
        continue
      }
      let diagnostic = Diagnostic.warning(
        "\(kind), published as it is, can run script in visitors' browsers",
        at: SourceLocation(path: "Content/" + path, line: 1, column: 1),
        hint:
          "if the site means to publish it, list it under static.activeContent in folio.yaml ('\(path)', or a pattern such as '\(pattern(for: path))')"
      )
      warnings.append((path, diagnostic))
    }
    return warnings.sorted { ByteOrder.precedes($0.path, $1.path) }.map(\.diagnostic)
  }

  /// A pattern that lists `path`'s folder (`demos/**`), or its kind of file at the top.
  private static func pattern(for path: String) -> String {
    if let slash = path.lastIndex(of: "/") { return path[..<slash] + "/**" }
    return "*" + (path.lastIndex(of: ".").map { path[$0...] } ?? "")
  }

  private static let stylesheetInstruction = Array("<?xml-stylesheet".utf8)
}
