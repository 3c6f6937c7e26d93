/// The theme compiled into Folio, so `folio` works in any folder. A site's own `Templates/`
/// overrides it file by file.
public enum DefaultTheme {
  /// The Mustache templates, by name without extension (`page`, `partials/header`).
  public static var templates: [String: String] {
    var result: [String: String] = [:]
    for (path, text) in files where path.hasSuffix(".mustache") {
      result[String(path.dropLast(".mustache".count))] = text
    }
    return result
  }

  /// The static assets, by path relative to `assets/`.
  public static var assets: [String: String] {
    var result: [String: String] = [:]
    for (path, text) in files where path.hasPrefix("assets/") {
      result[String(path.dropFirst("assets/".count))] = text
    }
    return result
  }
}
