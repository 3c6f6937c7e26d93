/// The theme compiled into Folio, so `folio` works in any folder. A site's own `Templates/`
/// overrides it file by file.
public enum DefaultTheme {
  /// The Content-Security-Policy the theme's pages carry in a `<meta http-equiv>` (written out
  /// in `Templates/base.mustache`, before any script or stylesheet; a test keeps the two equal),
  /// so that a published page is protected on a host that cannot send headers (GitHub Pages):
  /// scripts, styles, fonts, fetches and frames only from the site's own origin, never inline;
  /// images also from any https host and `data:` URLs (Markdown's `![](https://…)`); no
  /// plug-ins; no `<base>` or form that leads elsewhere. `frame-ancestors` is not in it: a meta
  /// policy cannot set it.
  public static let contentSecurityPolicy =
    "default-src 'self'; img-src 'self' https: data:; object-src 'none'; base-uri 'self'; form-action 'self'"

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
