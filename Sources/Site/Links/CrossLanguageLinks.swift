import Diagnostics
import SiteComponents
import SiteContent
import SiteLayout

/// The check of links between languages on a multilingual site: a page that links to a page of
/// another language although the target has a translation in the page's own language gets a
/// warning naming that translation. Links are resolved as written (as GitHub shows them), so a
/// link into the other language is allowed, only pointed out; and not even that when the link
/// names the other language itself (`/ja/…`, `about.ja.md`): the writer typed it on purpose.
/// What is left is the common slip, a page copied to translate it whose links still lead to the
/// original's language.
enum CrossLanguageLinks {
  /// The warnings for the links of `pages` (`links` gives a page's by its source path), in the
  /// byte order of the pages' source paths, each page's in the order of its links.
  static func warnings(
    _ pages: [Page], links: @Sendable (String) -> [InternalLink], site: SiteStructure,
    languages: SiteLanguages
  ) -> [Diagnostic] {
    // Pages are sorted, and their files found by URL, only when they have warnings: few do,
    // and sorting 10,000 source paths showed in every multilingual build.
    // Pages in pieces on every core: run on one, the check was a tenth of the check-links
    // step's wall time on a bilingual site of 10,000 pages.
    typealias Found = (link: InternalLink, language: String, target: String, own: String)
    let chunk = 512
    var found = ChunkedWork.map((pages.count + chunk - 1) / chunk, chunk: 1) { piece in
      // The tables as locals of the piece, as the sitemap's pieces read theirs (there, perf
      // showed the look-ups through the closure's context retaining the tables' shared storage).
      let (groupOfURL, groups) = (site.translationGroupOfURL, site.translationGroups)
      var found: [(page: Page, warnings: [Found])] = []
      for page in pages[(piece * chunk)..<min(pages.count, (piece + 1) * chunk)] {
        guard let language = page.language else { continue }
        // Looked up here, on every core: gathered for all pages first, on one, the look-ups
        // by source path were a serial part of the step.
        let links = links(page.sourcePath)
        var warnings: [Found] = []
        // Links read in place: a copy of each would retain its strings, and most pages' links
        // lead to pages without a translation.
        for position in links.indices where !links[position].isImage {
          let url = pageURL(InternalLink.percentDecoded(links[position].target))
          guard let index = groupOfURL[url], case let group = groups[index],
            let target = group.first(where: { $0.url == url }), target.language != language,
            let own = group.first(where: { $0.language == language }), own.url != page.url,
            !names(target.language, in: links[position].written, languages)
          else { continue }
          warnings.append((links[position], language, target.language, own.url))
        }
        if !warnings.isEmpty { found.append((page, warnings)) }
      }
      return found
    }.flatMap { $0 }
    guard !found.isEmpty else { return [] }
    found.sort { ByteOrder.precedes($0.page.sourcePath, $1.page.sourcePath) }
    // One page per URL (the structure checks it), so the order they are added in is moot.
    var sourceByURL: [String: String] = [:]
    for page in site.pages { sourceByURL[page.url] = page.sourcePath }
    return found.flatMap { _, warnings in
      warnings.map { link, language, target, own in
        LanguageProblem.crossLanguageLink(
          written: link.written, language: language, targetLanguage: target, translation: own,
          translationFile: sourceByURL[own] ?? own
        ).diagnostic(at: link.location)
      }
    }
  }

  /// Whether `written` names `language`: its URL folder (`/ja/`) or its file suffix (`.ja.md`).
  static func names(_ language: String, in written: String, _ languages: SiteLanguages) -> Bool {
    if written.contains(".\(language).md") { return true }
    guard let prefix = languages[language]?.prefix, prefix != "/" else { return false }
    return written.hasPrefix(prefix) || written.contains(prefix)
      || written.hasPrefix(String(prefix.dropFirst()))
  }

  /// A site path as the page URL it names (`/docs/cli`, `/docs/cli/index.html` → `/docs/cli/`).
  static func pageURL(_ target: String) -> String {
    if target.hasSuffix("/index.html") { return String(target.dropLast("index.html".count)) }
    // By byte: asked for every link of every page, where `contains(".")` (Foundation's
    // search) cost as much as the rest of the check.
    if target.utf8.last == UInt8(ascii: "/") || target.utf8.contains(UInt8(ascii: ".")) { return target }
    return target + "/"
  }
}
