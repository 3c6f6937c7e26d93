import Diagnostics
import SiteContent
import SiteLayout
import SiteSearch

/// Writing the search index.
extension SiteSession {
  /// The folder below the output that holds the `/search/` page and one index per language.
  static let searchFolder = "search/"

  /// Starts making the search index of the shown pages (on a thread of its own), when
  /// folio.yaml turns search on.
  ///
  /// The index is made from the pages' ``SearchDocument``s, which were tokenised while the pages
  /// were parsed, so a rebuild after an edit merges, and the files whose bytes did not change
  /// are not reported as changed (only the shards holding the edited page's terms, its own file
  /// and `meta.json` are).
  func startSearchIndex(_ site: SiteStructure, _ config: SiteConfiguration) -> SearchIndexJob? {
    guard config.search != nil else { return nil }
    let rendered = cache.all
    let documents = site.pages.compactMap { rendered[$0.sourcePath]?.searchDocument }
    return SearchIndexJob(
      documents: documents, language: config.language, combined: !config.languages.isMultilingual)
  }

  /// Writes the files of the search index `job` made into `files` (below `search/`); a page or
  /// file of the site at one of its paths is an error.
  func addSearchIndex(_ job: SearchIndexJob?, into files: inout OutputDelta) throws {
    guard let job else { return }
    var problems: [Diagnostic] = []
    var written: [String: [UInt8]] = [:]
    for (path, bytes) in job.files() {
      let relative: String
      do {
        relative = try OutputPath(relative: SiteSession.searchFolder + path).relative
      } catch {
        problems.append(
          SiteProblem.outputPathRefused(path: SiteSession.searchFolder + path, explanation: error.explanation)
            .diagnostic(at: nil))
        continue
      }
      if staticFiles[relative] != nil {
        problems.append(
          SiteProblem.staticFileReplacesAGeneratedFile(
            path: relative, owner: "the search index", setting: "search: false"
          ).diagnostic(at: SourceLocation(path: "Content/" + relative, line: 1, column: 1)))
        continue
      }
      if files[relative] != nil {
        problems.append(
          SiteProblem.replacesAGeneratedFile(
            url: "/" + relative, first: "a page or file of the site", second: "the search index"
          ).diagnostic(at: nil))
        continue
      }
      files[relative] = bytes
      written[relative] = bytes
    }
    guard problems.isEmpty else { throw DiagnosticError(problems.sorted { $0.message < $1.message }) }
    searchFiles = written
  }

  /// What ``finishSearchIndex()`` wrote: the index files that changed, and the pages that
  /// read the index (the search pages), for the browsers showing them to reload.
  public struct SearchIndexUpdate: Sendable {
    /// Every output file, the new index's included.
    public var files: [String: [UInt8]]
    /// Output paths whose bytes changed, were added or were removed.
    public var changedPaths: [String]
    /// The output paths of the search pages (`search/index.html`, `ja/search/index.html`).
    public var searchPages: [String]
  }

  /// Writes the search index the last rebuild deferred (``SiteBuilder/Options/defersSearchIndex``),
  /// once the merge it started is done; nil when there is none to write. A failure leaves the
  /// last index in place.
  public func finishSearchIndex() throws -> SearchIndexUpdate? {
    guard let job = pendingSearchIndex, let site = structure else { return nil }
    pendingSearchIndex = nil
    var output = OutputDelta(files: files)
    files = [:]
    for path in searchFiles.keys { output.remove(path) }
    do {
      try addSearchIndex(job, into: &output)
    } catch {
      files = output.reverted()
      throw error
    }
    // New shards are regenerated, like the old ones, by the next rebuild.
    generatedPaths.formUnion(output.generated)
    files = output.files
    return SearchIndexUpdate(
      files: files, changedPaths: output.changedPaths.sorted(),
      searchPages: site.renderJobs.filter { $0.page == nil && $0.layout == "search" }.map(\.outputPath)
        .sorted())
  }
}
