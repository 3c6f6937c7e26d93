import MathRendering

/// What one run of the build renders pages with besides folio.yaml and the pages themselves:
/// the choices of the command line (`--drafts`, `--base-url`, the checks `folio check` and
/// `folio serve` ask for) and what the run read from Folio's own folder (the link cache's
/// titles). Kept apart from ``SiteContent/SiteConfiguration``, which is what folio.yaml says,
/// so that a setting and a run option are never confused: the same project built by `folio
/// build` and `folio check` has one configuration and two contexts.
///
/// Every field that changes a page's rendering is in ``cacheKeyText``, which the build cache's
/// key digests: a field added here and left out there would publish pages rendered with the
/// old value.
public struct BuildContext: Sendable {
  /// Whether pages marked `draft: true` are built (`--drafts`).
  public var includesDrafts = false
  /// The base URL the run publishes at instead of folio.yaml's (`--base-url`, or the preview
  /// server's address), as given; the session checks it and applies it to the configuration's
  /// `baseURL`, from which every URL is written.
  public var baseURL: String? = nil
  /// Whether a link's `#anchor` must name an element of the page it leads to (reported as
  /// warnings): pages then record their elements' ids as they are rendered. `folio check` and
  /// `folio serve` check anchors; `folio build` checks only that every link leads to a page or
  /// file, which keeps a large build's link check to one lookup per link.
  public var checksAnchors = false
  /// Whether a site without a base URL (neither folio.yaml's `baseURL` nor this run's) is a
  /// warning, once a build: `folio build`, which publishes the pages, their feeds and sitemap
  /// without canonical links and with `http://localhost/` in them. `folio serve` always has its
  /// own address; `folio check` and library builds stay quiet about it.
  public var warnsWithoutBaseURL = false
  /// Whether pages record their http and https links, images and bookmarks with their places,
  /// for `folio check --external`. Off for builds, which never touch the network.
  public var collectsExternalLinks = false
  /// What renders formulas to MathML: the one KaTeX process of this process
  /// (``MathRenderer/shared``) unless given another, as tests do.
  public var mathRenderer = MathRenderer.shared
  /// The titles of the pages link cards show, by URL, from the link cache `folio check
  /// --external` keeps in `.folio/` (`LinkCacheFile`): read once per full build, not a setting.
  package var linkTitles: [String: String] = [:]
  /// Whether each book's PDF is made with Chromium this run (`folio build --pdf`), besides
  /// folio.yaml's `books.pdf`. Not in ``cacheKeyText``: it changes no page, only which files
  /// the books step writes.
  public var makesBookPDFs = false

  /// A context with these choices and the others at their defaults (a plain `folio build`).
  public init(includesDrafts: Bool = false, baseURL: String? = nil) {
    self.includesDrafts = includesDrafts
    self.baseURL = baseURL
  }

  /// The run options that change a page's rendering, one `name=value` a line, for the build
  /// cache's key. The link titles are digested apart (they are many); a math renderer other
  /// than the shared one (a test's) is named by its identity, so its pages never meet a real
  /// run's in a cache.
  package var cacheKeyText: String {
    var lines = [
      "baseURL=\(baseURL ?? "")", "drafts=\(includesDrafts)", "anchors=\(checksAnchors)",
      "external=\(collectsExternalLinks)",
    ]
    if mathRenderer !== MathRenderer.shared { lines.append("math=\(ObjectIdentifier(mathRenderer))") }
    return lines.joined(separator: "\n")
  }
}
