import BuildCache
import Diagnostics
import Dispatch
import SiteComponents
import SiteContent
import SiteOutput
import Synchronization

/// The build cache: the page stage's results kept in `.folio/cache/pages` between builds, so
/// that a `folio build` in a new process after a one-page edit renders that page again and
/// takes the others from the cache (``PageStore``, ``PageStage``).
extension SiteSession {
  /// Reads the cache files for a full build (nil when the build does not use them), with a note
  /// for each file that is there but not used: the pages' (returned) and, when anchors are not
  /// checked, the link check's (``linkCheckStore``).
  func openPageStore(_ project: Project) throws -> PageStore? {
    linkCheckStore = nil
    guard options.usesCache else { return nil }
    let settings = try ProjectKey.digest(
      of: project.configuration, files: project.files, context: project.context)
    let folder = CacheFolder(projectRoot: options.projectRoot)
    if !project.context.checksAnchors {
      let pack = readPack(LinkCheckStage.fileName, writer: LinkCheckStore.writer, from: folder)
      linkCheckStore = LinkCheckStore(pack: pack, settings: settings)
    }
    let pack = readPack(PageStore.fileName, writer: ProjectKey.writer, from: folder)
    let recent =
      pack.entries.isEmpty
      ? CachePack()
      : readPack(
        PageStore.recentFileName, writer: PageStore.recentWriter(of: pack), from: folder, quietly: true)
    return PageStore(pack: pack, recent: recent, settings: settings)
  }

  /// The cache file `name` as `writer` wrote it; an empty pack, with a note, when it is there
  /// but cannot be used. `quietly`, one written by another writer is no note: a recent file
  /// left beside a `pages` written whole since.
  private func readPack(_ name: String, writer: String, from folder: CacheFolder, quietly: Bool = false)
    -> CachePack
  {
    let path = CacheFolder.displayPath(name)
    do throws(CacheFolder.Refusal) {
      guard let bytes = try folder.read(name) else { return CachePack() }
      do throws(CachePack.Unusable) {
        return try CachePack(decoding: bytes, writer: writer)
      } catch {
        if quietly, case .otherWriter = error { return CachePack() }
        cacheNotes.append(
          SiteSession.cacheNote("the build cache \(path) \(error.explanation); building without it"))
      }
    } catch {
      cacheNotes.append(SiteSession.cacheNote("the build cache \(path) \(error.reason); building without it"))
    }
    return CachePack()
  }

  /// Starts writing the link check's cache file on a thread of its own once the check is done
  /// (the first build encodes every page's problems: thousands on a site cut from elsewhere).
  func startWritingLinkCheckStore(_ store: LinkCheckStore) -> CacheFileWrite<LinkCheckReport> {
    let write = CacheFileWrite<LinkCheckReport>()
    let folder = CacheFolder(projectRoot: options.projectRoot)
    write.group.enter()
    DispatchQueue.global(qos: .userInitiated).async {
      let path = CacheFolder.displayPath(LinkCheckStage.fileName)
      let counts = store.counts
      var written = store.pack.bytes.count
      var notes: [Diagnostic] = []
      // Every check taken from the file, and every entry of it taken: the file holds this
      // build's checks already, and is left as it is (as the pages file is).
      if counts.checked > 0 || counts.reused != store.pack.entries.count {
        let bytes = store.nextFile()
        written = bytes.count
        do throws(CacheFolder.Refusal) {
          try folder.write(LinkCheckStage.fileName, bytes)
        } catch {
          written = 0
          notes.append(
            SiteSession.cacheNote("the build cache \(path) \(error.reason); the next build checks every link")
          )
        }
      }
      let report = LinkCheckReport(
        path: path, bytes: written, reusedPages: counts.reused, checkedPages: counts.checked,
        unreadableEntries: store.unreadableCount)
      write.finish(report: report, notes: notes)
      write.group.leave()
    }
    return write
  }

  /// Loads the pages at `paths` (relative to `Content/`) on every core: each whose file and
  /// settings match a stored result takes its rendering from the cache and reads only its front
  /// matter; the others are parsed and rendered as ``parse(_:_:)`` does.
  func loadPages(_ paths: [String], _ project: Project, store: PageStore) throws {
    let loader = project.pageLoader()
    let cache = self.cache
    let includesDrafts = options.context.includesDrafts
    let deferred = DeferredPages()
    store.reserveCapacity(paths.count)
    let loaded = try loader.load(
      paths, from: project.files,
      reusing: { path, bytes in
        guard let hit = store.lookUp(path: path, bytes: bytes) else { return nil }
        let page = try loader.loadWithoutText(
          bytes: bytes, relativePath: path, firstHeading: HeadingAnchors.pageTitle(from: hit.rendering.toc))
        if includesDrafts || !page.isDraft { cache.set(page.sourcePath, hit.rendering) }
        return page
      }, each: renderingOnLoad(project.configuration, deferring: deferred))
    for (path, page) in loaded { pagesByPath[path] = page }
    renderDeferred(deferred, project.configuration)
  }

  /// Renders again the pages taken from the cache whose links rested on a fact that is no
  /// longer so, or that read a data file that changed: called once every page's URL is known.
  func renderStaleHits(_ project: Project, store: PageStore) throws {
    let links = cache.links
    let rendered = cache.all
    let stale = store.hits.compactMap { path, hit -> String? in
      guard rendered["Content/" + path] === hit.rendering else { return nil }  // rendered again already
      return hit.stored.holds(links: links, staticFiles: staticFiles) ? nil : path
    }
    try parse(stale.sorted(by: ByteOrder.precedes), project)
  }

  /// Starts writing the next cache file, on a thread of its own, once the page stage is done
  /// (after **settle links**: every page's rendering is final then), and lets go of the file
  /// read: the layouts run meanwhile, and the build's peak memory holds one copy of the cache,
  /// not two. The entries do not depend on the layouts, so they are written even if a layout
  /// fails: the run that follows the fix renders only what changed.
  func startWritingPageStore(_ store: PageStore) -> CacheFileWrite<BuildCacheReport> {
    let links = cache.links
    let staticFiles = self.staticFiles
    // The renderings are keyed by their paths in Content/ on the writing thread: made here, that
    // table of 100,000 pages held up the organising step for a tenth of a second. The snapshot
    // is let go once it is made, so that a page the layouts render late does not copy the
    // cache's whole table while the file is written.
    let snapshot = RenderingsSnapshot(cache.all)
    let write = CacheFileWrite<BuildCacheReport>()
    let folder = CacheFolder(projectRoot: options.projectRoot)
    let recentShare = options.recentCacheShare
    write.group.enter()
    DispatchQueue.global(qos: .userInitiated).async {
      let rendered = SiteSession.byContentPath(snapshot.take())
      let path = CacheFolder.displayPath(PageStore.fileName)
      // Counted, not filtered: a filter made a table of 100,000 hits to count them.
      var reused = 0
      for (path, hit) in store.hits where rendered[path] === hit.rendering { reused += 1 }
      var notes: [Diagnostic] = []
      let size: (bytes: Int, entries: Int)
      let encode: @Sendable (RenderedPage) -> [UInt8] = {
        PageStage.encode($0, links: links, staticFiles: staticFiles)
      }
      if reused == rendered.count {
        // Every page came from the files, which hold them already: a build that changed
        // nothing writes nothing (the entries' last use stays older, which only keeps other
        // entries a little longer).
        size = store.size
      } else if let recent = store.nextRecentFile(rendered: rendered, encode: encode, share: recentShare) {
        do throws(CacheFolder.Refusal) {
          try folder.write(PageStore.recentFileName, recent.bytes)
          size = (store.pack.bytes.count + recent.bytes.count, store.pack.entries.count + recent.entries)
        } catch {
          size = (0, 0)
          notes.append(
            SiteSession.cacheNote(
              "the build cache \(CacheFolder.displayPath(PageStore.recentFileName)) \(error.reason); the next build renders the pages this one rendered"
            ))
        }
      } else {
        do throws(CacheFolder.Refusal) {
          var written = (bytes: 0, entries: 0)
          try folder.write(PageStore.fileName) {
            (append: ([UInt8]) throws(CacheFolder.Refusal) -> Void) throws(CacheFolder.Refusal) in
            // The pack writer keeps `append` only while it writes, inside this call.
            written = try withoutActuallyEscaping(append) { (append) throws(CacheFolder.Refusal) in
              try store.writeNextFile(rendered: rendered, encode: encode, emit: append)
            }
          }
          size = written
        } catch {
          size = (0, 0)
          notes.append(
            SiteSession.cacheNote("the build cache \(path) \(error.reason); the next build starts cold"))
        }
      }
      let report = BuildCacheReport(
        path: path, bytes: size.bytes, entries: size.entries, reusedPages: reused,
        renderedPages: rendered.count - reused, unreadableEntries: store.unreadableCount)
      write.finish(report: report, notes: notes)
      write.group.leave()
    }
    return write
  }

  /// The renderings of the pages in Content/, by path relative to it (as the cache file keys
  /// them).
  private static func byContentPath(_ renderings: consuming [String: RenderedPage]) -> [String: RenderedPage]
  {
    var rendered: [String: RenderedPage] = [:]
    rendered.reserveCapacity(renderings.count)
    for (sourcePath, rendering) in renderings where sourcePath.hasPrefix("Content/") {
      rendered[String(sourcePath.dropFirst("Content/".count))] = rendering
    }
    return rendered
  }

  /// A note about the cache: never a warning, since a build without it makes the same site.
  static func cacheNote(_ message: String) -> Diagnostic {
    Diagnostic(.note, message, hint: "delete .folio/cache/ if it stays; --no-cache builds without it")
  }
}

/// The render cache's table as the cache file's writer found it, handed to that thread and
/// taken by it once.
private final class RenderingsSnapshot: @unchecked Sendable {
  // Set on the building thread before the writer starts; taken (and cleared) by the writer.
  private var renderings: [String: RenderedPage]?

  init(_ renderings: [String: RenderedPage]) {
    self.renderings = renderings
  }

  func take() -> [String: RenderedPage] {
    defer { renderings = nil }
    return renderings ?? [:]
  }
}

/// The writing of a cache file under way, on a thread of its own (``SiteSession/startWritingPageStore(_:)``,
/// ``SiteSession/startWritingLinkCheckStore(_:)``), and what it reports once done.
final class CacheFileWrite<Report: Sendable>: Sendable {
  let group = DispatchGroup()
  private let outcome = Mutex<(report: Report?, notes: [Diagnostic])>((nil, []))

  func finish(report: Report, notes: [Diagnostic]) {
    outcome.withLock { $0 = (report, notes) }
  }

  /// Waits until the file is written; returns what the build reports about it.
  func wait() -> (report: Report?, notes: [Diagnostic]) {
    group.wait()
    return outcome.withLock { $0 }
  }
}

/// What the build cache did in a build, for `folio build --format json`.
public struct BuildCacheReport: Sendable, Equatable {
  /// The cache file, relative to the project (`.folio/cache/pages`).
  public var path: String
  /// Its size and that of the recent file beside it (`pages-recent`), as this build left them.
  public var bytes: Int
  /// How many results the two hold.
  public var entries: Int
  /// Pages whose rendering came from the cache.
  public var reusedPages: Int
  /// Pages rendered (parsed and rendered) in this build.
  public var renderedPages: Int
  /// Entries that did not decode (a planted or damaged file that kept its checksum).
  public var unreadableEntries: Int
  /// What the link check's cache file did; nil when anchors were checked, which it does not
  /// serve (``LinkCheckStage``), or the build stopped before its links were checked.
  public var linkChecks: LinkCheckReport? = nil
}

/// What the link check's cache file (`.folio/cache/link-checks`) did in a build.
public struct LinkCheckReport: Sendable, Equatable {
  /// The cache file, relative to the project.
  public var path: String
  /// Its size as written (0 when it could not be written).
  public var bytes: Int
  /// Pages whose links were not checked again: an earlier build checked the same links against
  /// the same site.
  public var reusedPages: Int
  /// Pages whose links this build checked.
  public var checkedPages: Int
  /// Entries that did not decode (a planted or damaged file that kept its checksum).
  public var unreadableEntries: Int
}
