/// The `Content-Type` for a file, chosen by its extension.
enum MediaType {
  /// The header value for `path`, with `charset=utf-8` on every text type so that browsers never
  /// guess an encoding (Folio writes UTF-8 only).
  static func forPath(_ path: some StringProtocol) -> String {
    let name = path.split(separator: "/").last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return binary }
    let fileExtension = name[name.index(after: dot)...].lowercased()
    if let type = textTypes[fileExtension] { return type + "; charset=utf-8" }
    return binaryTypes[fileExtension] ?? binary
  }

  /// The type for unknown extensions; with `nosniff`, browsers download such files.
  static let binary = "application/octet-stream"

  private static let textTypes: [String: String] = [
    "html": "text/html",
    "htm": "text/html",
    "css": "text/css",
    "js": "text/javascript",
    "mjs": "text/javascript",
    "json": "application/json",
    "map": "application/json",
    "webmanifest": "application/manifest+json",
    "xml": "application/xml",
    "rss": "application/rss+xml",
    "atom": "application/atom+xml",
    "xsl": "application/xslt+xml",
    "svg": "image/svg+xml",
    "txt": "text/plain",
    "md": "text/markdown",
    "markdown": "text/markdown",
    "csv": "text/csv",
    "ics": "text/calendar",
    "yaml": "application/yaml",
    "yml": "application/yaml",
  ]

  private static let binaryTypes: [String: String] = [
    "png": "image/png",
    "jpg": "image/jpeg",
    "jpeg": "image/jpeg",
    "gif": "image/gif",
    "webp": "image/webp",
    "avif": "image/avif",
    "ico": "image/vnd.microsoft.icon",
    "bmp": "image/bmp",
    "woff": "font/woff",
    "woff2": "font/woff2",
    "ttf": "font/ttf",
    "otf": "font/otf",
    "pdf": "application/pdf",
    "epub": "application/epub+zip",
    "zip": "application/zip",
    "gz": "application/gzip",
    "wasm": "application/wasm",
    "mp3": "audio/mpeg",
    "ogg": "audio/ogg",
    "wav": "audio/wav",
    "mp4": "video/mp4",
    "webm": "video/webm",
  ]
}
