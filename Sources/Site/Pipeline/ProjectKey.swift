import BuildCache
import Foundation
import SiteComponents
import SiteContent

/// The key of what every page is rendered with besides its own file: the settings files, the
/// options of the run that change a page's content (``BuildContext``), the link card titles, and
/// what the features render with from outside the project (``SiteFeature/cacheKeyText(_:)``:
/// the installed highlighter and KaTeX) when the site uses them. Part of every ``PageStage`` key, so a
/// changed setting renders every page again (the settings are not split by which pages read
/// them: a stale page is a wrong site, a re-rendered one only a slower build).
enum ProjectKey {
  /// The digest of what `configuration` (read through `files`) and the run's `context` render
  /// pages with.
  static func digest(
    of configuration: SiteConfiguration, files: SiteFiles, context: BuildContext
  ) throws -> ContentDigest {
    var parts: [ContentDigest] = [ContentDigest(of: "pages \(PageStage.format)")]
    for path in configuration.settingsFiles {
      parts.append(ContentDigest(of: path))
      parts.append(ContentDigest(of: try files.readIfPresent(path) ?? []))
    }
    parts.append(ContentDigest(of: context.cacheKeyText))
    let titles = context.linkTitles.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    parts.append(ContentDigest(of: titles.map { $0.key + "\t" + $0.value }.joined(separator: "\n")))
    // What outside the project the features render with (the installed highlighter's
    // definitions, KaTeX's version), when the settings use them.
    for feature in SiteFeatures.all {
      if let text = feature.cacheKeyText(configuration) { parts.append(ContentDigest(of: text)) }
    }
    return ContentDigest(combining: parts)
  }

  /// What wrote a cache file: this executable (its size and modification time), so a cache is
  /// never read by a Folio built from other code, even one with the same version number.
  static let writer: String = {
    var info = stat()
    let identity =
      stat("/proc/self/exe", &info) == 0
      ? "\(info.st_size)-\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)" : "unknown"
    return "folio \(identity), pages \(PageStage.format)"
  }()
}
