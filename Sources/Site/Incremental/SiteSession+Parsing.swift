import Diagnostics
import Dispatch
import Foundation
import HTMLRendering
import Mustache
import SiteComponents
import SiteContent
import SiteLayout
import Synchronization

/// Parsing pages, settling the facts their links rely on, and patching the kept structure.
extension SiteSession {
  /// Brings the link facts up to date with the pages and files now known, renders again the
  /// pages whose links relied on a fact that changed, and returns their paths.
  ///
  /// After a full parse every page is looked at; after a rebuild, only the pages and static
  /// files `plan` names (a save in serve must not pay for the whole site).
  func settleLinks(_ project: Project, full: Bool, _ plan: RebuildPlan) throws -> Set<String> {
    var actual = cache.links
    var changed: Set<String> = []
    if full {
      // Every page's URL as loaded against the one its path promised: whatever moves a page (a
      // slug, a language, a field added later) shows here, with no list of such fields to keep.
      for (path, page) in pagesByPath {
        let hidden = !options.context.includesDrafts && page.isDraft
        actual.setPage(path, url: hidden ? nil : page.url, changed: &changed)
      }
    } else {
      for path in plan.pages {
        let page = pagesByPath[path].flatMap { options.context.includesDrafts || !$0.isDraft ? $0 : nil }
        actual.setPage(path, url: page?.url, changed: &changed)
      }
      for path in plan.staticFiles {
        actual.setStaticFile(path, exists: staticFiles[path] != nil, changed: &changed)
        // An image's size is written on the pages that show it: a new size is theirs to show.
        let size = staticFiles[path].flatMap { ImageFileSize.read($0, name: path) }
        let isImage = ImageFileSize.isImage(path)
        actual.setImageSize(path, isImage ? size : nil, photo: images.photos[path], changed: &changed)
      }
    }
    cache.links = actual
    guard !changed.isEmpty else { return [] }
    let rendered = cache.all
    let dependents = pagesByPath.compactMap { path, page -> String? in
      let dependencies = rendered[page.sourcePath]?.linkDependencies ?? []
      return dependencies.isDisjoint(with: changed) ? nil : path
    }
    try parse(dependents.sorted(), project)
    return Set(dependents)
  }

  func parse(_ paths: [String], _ project: Project) throws {
    let config = project.configuration
    for path in paths { cache.remove("Content/" + path) }
    // Each page's content is rendered as soon as it is parsed (renderingOnLoad).
    let deferred = DeferredPages()
    let loaded = try project.pageLoader().load(
      paths, from: project.files, each: renderingOnLoad(config, deferring: deferred))
    for (path, page) in loaded { pagesByPath[path] = page }
    renderDeferred(deferred, config)
  }

  /// Renders the pages a feature put off while the others loaded (``SiteFeature/defersRendering(of:configuration:context:)``):
  /// what they wait for was started when they were found, and has had the step to start.
  func renderDeferred(_ deferred: DeferredPages, _ config: SiteConfiguration) {
    let paths = deferred.paths.withLock { $0 }.sorted(by: ByteOrder.precedes)
    guard !paths.isEmpty else { return }
    let render = renderingOnLoad(config)
    let pages = paths.map { pagesByPath[$0] }
    let rendered = ChunkedWork.map(pages.count, chunk: 1) { pages[$0].map(render) }
    for (path, page) in zip(paths, rendered) { pagesByPath[path] = page }
  }

  /// What every page loaded goes through: its content rendered at once, on the loading thread,
  /// and kept in the render cache, the page then holding that instead of its parsed text. A page
  /// whose content fails to render keeps its text and is left out of the cache: the render step
  /// renders it again and reports the error where it always has. Hidden drafts are not rendered.
  ///
  /// With `deferred`, a page a feature would have waiting for something it starts slowly (the
  /// first page with a formula, while KaTeX's process starts) is left unrendered and listed
  /// there, for ``renderDeferred(_:_:)`` at the end of the step.
  func renderingOnLoad(_ config: SiteConfiguration, deferring deferred: DeferredPages? = nil)
    -> @Sendable (Page) -> Page
  {
    let cache = self.cache
    let root = options.projectRoot
    let includesDrafts = options.context.includesDrafts
    let context = cache.context
    // The facts links rest on stay as they are while the pages load: read once, not under the
    // cache's lock once a page.
    let links = cache.links
    return { page in
      if let deferred, includesDrafts || !page.isDraft, page.sourcePath.hasPrefix("Content/"),
        SiteFeatures.all.contains(where: {
          $0.defersRendering(of: page, configuration: config, context: context)
        })
      {
        cache.remove(page.sourcePath)
        deferred.paths.withLock { $0.append(String(page.sourcePath.dropFirst("Content/".count))) }
        return page
      }
      guard includesDrafts || !page.isDraft,
        let rendered = try? RenderedPage(
          page: page, configuration: config, context: context, projectRoot: root, links: links)
      else {
        cache.remove(page.sourcePath)
        return page
      }
      // Replaces any earlier rendering: one lock and one lookup a page.
      cache.set(page.sourcePath, rendered)
      return page.releasingText()
    }
  }

  /// Swaps the changed pages into `site` and returns them with the jobs that show them, when
  /// no change moves anything (``SiteStructure/replace(_:)`` decides, by ``PageShape``);
  /// otherwise returns nil and leaves `site` as it was, for the caller to organise the site
  /// afresh.
  func patch(_ site: inout SiteStructure, changing paths: Set<String>) -> Patch? {
    var replacements: [(old: Page, new: Page)] = []
    for path in paths {
      let old = shownPages[path]
      let new = pagesByPath[path].flatMap { options.context.includesDrafts || !$0.isDraft ? $0 : nil }
      if let old, let new {
        if old !== new { replacements.append((old, new)) }
      } else if old != nil || new != nil {
        return nil
      }
      // Both nil: a draft edited while drafts are hidden, which shows nowhere.
    }
    guard let jobs = site.replace(replacements) else { return nil }
    for path in paths where shownPages[path] != nil { shownPages[path] = pagesByPath[path] }
    return Patch(pages: replacements.map(\.new), jobs: jobs)
  }

  /// Pages swapped into the structure, and the indices of the jobs that show them.
  struct Patch {
    var pages: [Page]
    var jobs: [Int]
  }

  /// Whether `site` writes a page, a list or an alias at `path` (relative to the output).
  static func writes(_ site: SiteStructure, at path: String) -> Bool {
    site.renderJobs.contains { $0.outputPath == path } || site.aliases.contains { $0.outputPath == path }
  }
}

/// The pages whose rendering a feature put off to the end of their step, by path relative to
/// `Content/` (``SiteSession/renderingOnLoad(_:deferring:)``).
final class DeferredPages: Sendable {
  let paths = Mutex<[String]>([])
}
