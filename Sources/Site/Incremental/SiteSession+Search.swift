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
    return SearchIndexJob(documents: documents, language: config.language)
  }

  /// Writes the files of the search index `job` made into `files` (below `search/`); a page or
  /// file of the site at one of its paths is an error.
  func addSearchIndex(_ job: SearchIndexJob?, into files: inout OutputDelta) throws {
    guard let job else { return }
    var problems: [Diagnostic] = []
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
      if files[relative] != nil {
        problems.append(
          SiteProblem.replacesAGeneratedFile(
            url: "/" + relative, first: "a page or file of the site", second: "the search index"
          ).diagnostic(at: nil))
        continue
      }
      files[relative] = bytes
    }
    guard problems.isEmpty else { throw DiagnosticError(problems.sorted { $0.message < $1.message }) }
  }
}
