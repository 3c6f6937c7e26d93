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
  /// The warnings for the links of `pages` (each with its links), in the order given.
  static func warnings(
    _ pages: [(page: Page, links: [InternalLink])], site: SiteStructure, languages: SiteLanguages,
    sourceByURL: [String: String]
  ) -> [Diagnostic] {
    var warnings: [Diagnostic] = []
    for (page, links) in pages {
      guard let language = page.language else { continue }
      for link in links where !link.isImage {
        let url = pageURL(InternalLink.percentDecoded(link.target))
        guard let key = site.translationKeys[url], let group = site.translations[key],
          let target = group.first(where: { $0.url == url }), target.language != language,
          let own = group.first(where: { $0.language == language }), own.url != page.url,
          !names(target.language, in: link.written, languages)
        else { continue }
        warnings.append(
          LanguageProblem.crossLanguageLink(
            written: link.written, language: language, targetLanguage: target.language, translation: own.url,
            translationFile: sourceByURL[own.url] ?? own.url
          ).diagnostic(at: link.location))
      }
    }
    return warnings
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
    if target.hasSuffix("/") || target.contains(".") { return target }
    return target + "/"
  }
}
