import Foundation

/// The site's files as Chromium sees them: `http://folio.invalid/PATH` is the file at `PATH` in
/// the map (output paths, relative, without a leading slash), and nothing else exists.
///
/// `.invalid` is reserved (RFC 2606): the name can never resolve, so a request that slipped past
/// the interception could not reach anyone either.
struct MemoryFiles {
  /// The origin every page and file is served from.
  static let origin = "http://folio.invalid"

  /// Output path → bytes.
  let files: [String: [UInt8]]

  /// The answer to one request: the file's bytes and type, or nil to refuse it.
  func response(for url: String) -> (body: [UInt8], contentType: String)? {
    guard let path = Self.path(of: url), let body = files[path] else { return nil }
    return (body, Self.contentType(of: path))
  }

  /// The output path a URL on the origin names (percent-decoded, without query or fragment,
  /// `index.html` for a folder), or nil for any other URL.
  static func path(of url: String) -> String? {
    guard let components = URLComponents(string: url), components.scheme == "http",
      components.host == "folio.invalid", components.port == nil, components.user == nil,
      components.password == nil,
      let decoded = components.percentEncodedPath.removingPercentEncoding
    else { return nil }
    return outputPath(decoded)
  }

  /// The output path of a site path such as `/book/` or `/book/print.html`, or nil if it does
  /// not start with `/`.
  static func outputPath(_ sitePath: String) -> String? {
    guard sitePath.hasPrefix("/") else { return nil }
    let relative = String(sitePath.dropFirst())
    return relative.isEmpty || relative.hasSuffix("/") ? relative + "index.html" : relative
  }

  /// The `Content-Type` of a file from its extension; `application/octet-stream` when unknown.
  static func contentType(of path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = name.lastIndex(of: ".") else { return "application/octet-stream" }
    switch name[name.index(after: dot)...].lowercased() {
    case "html", "htm": return "text/html; charset=utf-8"
    case "css": return "text/css; charset=utf-8"
    case "js", "mjs": return "text/javascript; charset=utf-8"
    case "json": return "application/json"
    case "svg": return "image/svg+xml"
    case "png": return "image/png"
    case "jpg", "jpeg": return "image/jpeg"
    case "gif": return "image/gif"
    case "webp": return "image/webp"
    case "avif": return "image/avif"
    case "woff2": return "font/woff2"
    case "woff": return "font/woff"
    case "ttf": return "font/ttf"
    case "otf": return "font/otf"
    default: return "application/octet-stream"
    }
  }
}
