import Diagnostics
import Dispatch
import Foundation
import HTMLRendering
import Mustache
import SiteComponents
import SiteContent
import SiteOutput
import Synchronization
import YAML

/// Builds a site: `Content/` and `Templates/` (over the default theme) → every output file, in
/// named steps: configure, discover, parse, organise, render, feeds, check links.
///
/// Pure with respect to the output: ``render()`` returns the files in memory; the CLI writes
/// them with ``OutputDirectory`` or serves them. Steps never print.
public struct SiteBuilder: Sendable {
  /// What to build and how.
  public struct Options: Sendable {
    /// The project folder (holds `folio.yaml`, `Content/`, `Templates/`).
    public var projectRoot: URL
    /// The run's choices that pages are rendered with (drafts, base URL, anchor checks,
    /// external links, the math renderer): never folio.yaml settings.
    public var context: BuildContext
    /// Called as pages are laid out (from worker threads), for progress bars.
    public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    /// Called once in a build that keeps nothing for a next one (`folio build`), with the files
    /// laid out so far, while the build goes on with the feeds, the sitemap and the link check:
    /// the caller takes them and can start writing them (``StagedOutput/writeInBackground(_:)``).
    /// The result's ``Result/files`` do not hold them again (``Result/handedOver`` names them),
    /// so that the build does not keep every page's bytes to its end (280 MB at 100,000
    /// pages). A build that fails afterwards still throws.
    public var laidOut: (@Sendable (_ files: [String: [UInt8]]) -> Void)? = nil
    /// Called once, before anything is laid out, in a `folio build` that does the work into an
    /// output folder the last recorded build wrote: what its record says of the spare beside
    /// the output and of the output to replace (``StagedOutput/reuse(_:)``).
    public var reusesOutput: (@Sendable (_ reuse: OutputReuse) -> Void)? = nil
    /// Whether the finished build's memory is freed; a process that exits right after the
    /// build can skip it (see `CommandIO.exitsAfterCommand`).
    public var freesMemory = true
    /// How many bytes of content HTML the pages must hold for a build that hands them over
    /// (``laidOut``) to let go of it once they are laid out and give the memory back: given
    /// back, it is taken again a page fault at a time by the link check and the last writes,
    /// 4–7% of a 10,000-page build (26 MB of contents, 17 MiB lower peak); at 100,000 pages
    /// (260 MB) the peak is 120 MiB lower for no time measured against this machine's noise.
    package var contentWorthReleasing = 64 << 20
    /// A build with the cache writes the pages it rendered anew into `.folio/cache/pages-recent`
    /// alone while they and the recent file's other entries are at most this share of what
    /// `.folio/cache/pages` holds (16: a sixteenth); beyond, it writes `pages` whole and empties
    /// the recent file (``PageStore``). The generated edits set 1, so that their small site
    /// takes both paths.
    package var recentCacheShare = 16
    /// Whether a rebuild leaves writing the search index to ``SiteSession/finishSearchIndex()``,
    /// which the caller runs once the rebuilt pages are out: `folio serve`, where a save would
    /// otherwise wait for the merge of every page's terms (some 100 ms on 10,000 pages) before
    /// the browser reloads. A full build always writes the index itself.
    public var defersSearchIndex = false
    /// Whether a full build takes pages rendered by earlier builds from `.folio/cache/pages`
    /// and writes the file again (`folio build` unless `--no-cache`). Off by default: a cache
    /// is for one project's repeated builds, not for a library call or a test.
    public var usesCache = false
    /// Whether photos' variants are taken from and kept in `.folio/cache/images`: `folio build`
    /// unless `--no-cache`, and `folio serve`. Off by default, as ``usesCache`` is.
    public var usesImageCache = false
    /// Whether photos' variants are encoded; `folio check`, which writes nothing, only plans
    /// them, so its pages name the same files as a build's.
    public var makesImageVariants = true
    /// Whether a build leaves the photos' variants it finds in no cache to a job the caller runs
    /// (``SiteSession/takeImageVariants()``), publishing each photo in their place meanwhile:
    /// `folio serve`, which shows the pages at once and reloads them when the variants are made.
    public var defersImageVariants = false
    /// Whether books' PDFs may be made (when folio.yaml's `books.pdf` or
    /// ``BuildContext/makesBookPDFs`` asks): `folio build`, not `folio serve` (a PDF a save
    /// would take seconds) or `folio check` (which writes nothing).
    public var printsBookPDFs = false
    /// The folder the caller writes the result into (`folio build`), with ``usesCache``: a
    /// build whose inputs and output folder are as the last recorded build left them writes
    /// nothing (``Result/upToDate``), and any other returns the record to keep
    /// (``Result/record``). Nil (a library call, `serve`, `check`) records nothing.
    public var outputFolder: URL? = nil
    /// Whether the build record measures the inputs' times against a file made as the build
    /// starts (``StampTrust``), as Git measures racy entries against its index: true but in
    /// the generated-edit tests, which write every changed file anew (a new inode) just before
    /// building, in the same tick of the file system's clock.
    package var measuresStampsByFileSystemClock = true
    /// How long before the build's start a file must have last changed for the build record to
    /// trust its stamp (``FileStamps``) when it is not measured by the file system's clock (on
    /// another device, or no file could be made): a file changed in the same moment as it was
    /// read can keep its times. A second covers the kernel's coarse clock and file systems that
    /// keep seconds; the generated-edit tests set zero.
    package var stampMargin = 1.0

    /// Creates options for the project at `projectRoot`.
    public init(projectRoot: URL, includesDrafts: Bool = false, baseURL: String? = nil) {
      self.projectRoot = projectRoot
      context = BuildContext(includesDrafts: includesDrafts, baseURL: baseURL)
    }
  }

  /// The outcome of a build.
  public struct Result: Sendable {
    /// Every output file by path relative to the output folder, but those handed to
    /// ``Options/laidOut``.
    public var files: [String: [UInt8]]
    /// The files handed to ``Options/laidOut`` (which has their bytes), by path, with their
    /// sizes; a file made again after it was handed over is in ``files`` instead.
    public var handedOver: [String: Int] = [:]
    /// Warnings found along the way (errors are thrown).
    public var warnings: [Diagnostic]
    /// How many pages were rendered (HTML files).
    public var pageCount: Int
    /// Seconds spent per step, in order.
    public var timings: [(step: String, seconds: Double)]
    /// Every http and https URL the site links to, each once with all its places; empty unless
    /// ``BuildContext/collectsExternalLinks``.
    public var externalLinks: [ExternalLinkReference] = []
    /// folio.yaml's `externalLinks:` settings.
    public var externalLinkSettings = ExternalLinkSettings()
    /// What the build cache did (nil when the build did not use it).
    public var cache: BuildCacheReport? = nil
    /// What the images stage did (photos' variants made and reused, the image cache).
    public var images: ImageReport? = nil
    /// Set when nothing changed since the last recorded build (``Options/outputFolder``): the
    /// output folder already holds the site, with this many files and bytes, and ``files`` is
    /// empty. The warnings are that build's.
    public var upToDate: (files: Int, bytes: Int)? = nil
    /// What to keep once ``files`` are in ``Options/outputFolder`` (``BuildRecord/save(afterFinishing:in:)``),
    /// so that the next build with nothing changed writes nothing; nil when the build cannot be
    /// recorded.
    public var record: BuildRecord? = nil

    /// How many files the build made and their bytes, handed over or not.
    public var size: (files: Int, bytes: Int) {
      (
        files.count + handedOver.count,
        files.values.reduce(0) { $0 + $1.count } + handedOver.values.reduce(0, +)
      )
    }

    /// The path of every file the build made, handed over or not.
    public var paths: [String] { Array(files.keys) + handedOver.keys }
  }

  /// The options.
  public var options: Options

  /// Creates a builder.
  public init(options: Options) {
    self.options = options
  }

  /// Builds everything in memory.
  public func render() throws -> Result {
    let session = SiteSession(options: options)
    session.rebuildsFollow = false
    let result = try session.build()
    // From here on the retiring holder has the only reference.
    let retiring = RetiringSession(consume session)
    // Freeing a large site's pages, parsed text and caches costs about a tenth of its build.
    // A process that exits next does not free it at all; otherwise it happens on another
    // thread, while the caller writes the result out.
    if options.freesMemory {
      DispatchQueue.global(qos: .utility).async { retiring.session = nil }
    } else {
      _ = Unmanaged.passRetained(retiring)
    }
    return result
  }
}

/// Holds the only reference to a finished session, so the thread that drops it frees it.
private final class RetiringSession: @unchecked Sendable {
  // Set once, read by the building thread, then cleared by one other thread.
  var session: SiteSession?

  init(_ session: SiteSession) {
    self.session = session
  }
}
