import SiteContent

/// What a set of changed files means for the site: the pure classification behind incremental
/// rebuilds (Zola's `ChangeKind`). Paths are relative to the project folder.
public struct RebuildPlan: Hashable, Sendable {
  /// `folio.yaml` (or a label file, `i18n/<code>.yaml`) changed: everything is rebuilt.
  public var reloadsConfiguration = false
  /// A layout or partial changed: every page is laid out again (content HTML is reused).
  public var reloadsTemplates = false
  /// Markdown files under `Content/` that were added, changed or removed (relative to `Content/`).
  public var pages: Set<String> = []
  /// Other files under `Content/` (relative to `Content/`): copied or removed one by one.
  public var staticFiles: Set<String> = []
  /// Files under `Templates/assets/` (relative to it): copied one by one.
  public var assets: Set<String> = []

  /// A plan that does nothing.
  public init() {}

  /// Whether nothing needs rebuilding.
  public var isEmpty: Bool {
    !reloadsConfiguration && !reloadsTemplates && pages.isEmpty && staticFiles.isEmpty && assets.isEmpty
  }

  /// Whether only stylesheets changed, so browsers can swap them without reloading.
  public var changesOnlyStylesheets: Bool {
    !reloadsConfiguration && !reloadsTemplates && pages.isEmpty && staticFiles.isEmpty
      && !assets.isEmpty && assets.allSatisfy { $0.hasSuffix(".css") }
  }

  /// Classifies changed paths (relative to the project folder). Hidden files, editors'
  /// droppings (``EditorDropping``: the files a build skips too) and files outside the watched
  /// folders are ignored.
  public static func plan(for paths: some Sequence<String>) -> RebuildPlan {
    var plan = RebuildPlan()
    for path in paths {
      let components = path.split(separator: "/")
      guard let name = components.last,
        !components.contains(where: { $0.hasPrefix(".") }), !EditorDropping.isDropping(name)
      else { continue }
      // The labels of `i18n/<code>.yaml` are read with folio.yaml, as part of the settings.
      if path == "folio.yaml" || path == "i18n" || (path.hasPrefix("i18n/") && name.hasSuffix(".yaml")) {
        plan.reloadsConfiguration = true
      } else if path.hasPrefix("Templates/shortcodes/") {
        // The shortcode partials are read with the settings (pages are rendered with them).
        if name.hasSuffix(".mustache") { plan.reloadsConfiguration = true }
      } else if path.hasPrefix("Templates/assets/") {
        plan.assets.insert(String(path.dropFirst("Templates/assets/".count)))
      } else if path.hasPrefix("Templates/") {
        if name.hasSuffix(".mustache") || name.hasSuffix(".html") { plan.reloadsTemplates = true }
      } else if path.hasPrefix("Content/") {
        let relative = String(path.dropFirst("Content/".count))
        if name.hasSuffix(".md") {
          plan.pages.insert(relative)
        } else if ZennBook.isConfig(relative) {
          // A Zenn book's config.yaml is its section page, and its chapters' order: the site
          // is read again (a Markdown file may have become the book's, or stopped being).
          plan.reloadsConfiguration = true
        } else {
          plan.staticFiles.insert(relative)
        }
      } else if path == "Content" || path == "Templates" {
        // A watched folder itself was replaced: treat as a change to everything in it.
        plan.reloadsConfiguration = true
      }
    }
    return plan
  }
}
