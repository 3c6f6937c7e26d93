import Diagnostics
import YAML

/// `static:` in folio.yaml: how the files of `Content/` that are not pages are published.
///
/// ```yaml
/// static:
///   activeContent: ['demos/**', 'images/logo.svg']   # PathPattern globs, relative to Content/
/// ```
///
/// Static files are published as they are, so one that a browser runs script in (an HTML page,
/// an SVG image, a script, an XML file with a stylesheet) runs it on the site's origin: each is
/// a warning (``ActiveContent``), and `--strict` in CI fails a pull request that adds one,
/// unless it matches a pattern listed here.
public struct StaticSettings: Sendable, Equatable {
  /// The files that may run script, as patterns relative to `Content/`.
  package var activeContent: [PathPattern] = []

  /// None allowed.
  public init() {}

  /// Whether the static file at `path` (relative to `Content/`) is listed as active content.
  package func allowsActiveContent(at path: String) -> Bool {
    activeContent.contains { $0.matches(path) }
  }

  /// The settings of a `static:` mapping; errors point at the value.
  static func parse(_ value: YAMLValue, in path: String) throws -> StaticSettings {
    guard value.mapping != nil else { throw value.mismatch("a mapping of settings", "static") }
    var settings = StaticSettings()
    for (option, setting) in value.stringEntries {
      switch option {
      case "activeContent":
        let items = setting.array ?? [setting]
        settings.activeContent = try items.map { item in
          let pattern = try item.expectString(option, in: path)
          guard !pattern.isEmpty, !pattern.hasPrefix("/") else {
            throw ContentProblem.patternNotInContent(pattern).error(at: item.location)
          }
          return PathPattern(pattern)
        }
      default:
        throw SiteConfiguration.unknownKey(option, in: value, under: "static", known: known)
      }
    }
    return settings
  }

  /// The settings under `static:`, for suggestions.
  static let known = ["activeContent"]
}
