import Diagnostics
import Foundation
import SiteContent
import SiteLayout

/// After `folio import` has written `folio.yaml`: the pages whose URL under Folio is not the one
/// the old tool gave them, found by building the site in memory, and a `redirects:` entry for
/// each that keeps the old URL answering.
///
/// The settings the import writes reproduce each tool's rules (Hugo's cleaning, lower-casing
/// and permalinks, Jekyll's permalink styles, MkDocs' directory URLs); what is compared here is
/// what no setting expresses:
/// - MkDocs publishes a folder's `README.md` as the folder's page when it has no `index.md`;
/// - Jekyll's `:title` is a post file's name as written (`Why-not?`, which it publishes at
///   `/Why-not%3F/`), where Folio makes a URL-safe slug.
public struct ImportedURLs: Sendable {
  /// The redirects to add to `folio.yaml`, in the pages' order.
  public var redirects: [SiteRedirect] = []
  /// An old URL that cannot be kept (no file Folio may write has it, or another output does),
  /// at its page.
  public var notes: [Diagnostic] = []
  /// How many pages were compared.
  public var comparedPages = 0

  /// The `redirects:` setting to append to folio.yaml, with a comment line before it.
  public var settingsText: String {
    let lines =
      [
        "", "# Old URLs of pages whose URL under Folio differs, sent on to the page (folio import).",
        "redirects:",
      ]
      + redirects.map { "  \(SettingValue.scalar($0.from)): \(SettingValue.scalar($0.to))" }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The comparison for the project at `root`, whose `folio.yaml` the import wrote for `tool`.
  ///
  /// - Throws: the build's errors, when the site does not build.
  public static func compare(projectAt root: URL, tool: ImportedTool) throws -> ImportedURLs {
    let session = SiteSession(options: SiteBuilder.Options(projectRoot: root))
    session.rebuildsFollow = false
    let built = try session.build()
    let files = session.project?.files
    var result = ImportedURLs()
    let pages = session.shownPages.values.sorted { ByteOrder.precedes($0.sourcePath, $1.sourcePath) }
    let indexFolders = Set(
      pages.compactMap { page -> String? in
        let name = (page.sourcePath as NSString).lastPathComponent.lowercased()
        return name == "index.md" || name == "_index.md"
          ? (page.sourcePath as NSString).deletingLastPathComponent : nil
      })
    result.comparedPages = pages.count
    // A folder's generated list page gives way to a redirect at its URL (the structure makes
    // none where a redirect is), so an old URL there is free.
    let generatedListURLs =
      session.structure.map { Set($0.sections.values.filter(\.isGeneratedSection).map(\.url)) } ?? []
    for page in pages {
      guard let old = oldURL(of: page, tool: tool, indexFolders: indexFolders), old != page.url else {
        continue
      }
      let file = files?.projectPath(of: page.sourcePath) ?? page.sourcePath
      let location = SourceLocation(path: file, line: 1, column: 1)
      do throws(OutputPath.Problem) {
        // The file a server answers the old URL from, where the structure writes the redirect.
        let output = try SiteStructure.redirectFile(of: old)
        guard built.files[output.relative] == nil || generatedListURLs.contains(old) else {
          result.notes.append(
            Diagnostic(
              .warning,
              "\(tool.rawValue) published this page at '\(old)', where Folio writes another page: it is at '\(page.url)'",
              at: location, hint: "give the page a `slug` or `url` if links to the old URL matter"))
          continue
        }
      } catch {
        result.notes.append(
          Diagnostic(
            .warning,
            "\(tool.rawValue) published this page at '\(old)', which Folio cannot write (it \(error.explanation)): it is at '\(page.url)'",
            at: location, hint: "rename the file, or give the page a `slug`, if links to the old URL matter"))
        continue
      }
      var redirect = SiteRedirect(from: old, to: file)
      redirect.location = location
      result.redirects.append(redirect)
    }
    return result
  }

  /// The URL `tool` gave `page` where it follows a rule no setting of Folio's expresses; nil
  /// where Folio's rules are the tool's.
  static func oldURL(of page: Page, tool: ImportedTool, indexFolders: Set<String>) -> String? {
    let path = page.sourcePath
    let folder = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    let stem = (name as NSString).deletingPathExtension
    switch tool {
    case .mkdocs:
      // README.md is the folder's page unless the folder has an index.md.
      guard stem.lowercased() == "readme", !indexFolders.contains(folder), page.kind == .page else {
        return nil
      }
      // The folder's URL under MkDocs: the page's folder below Content/, as Folio keeps it.
      let url = page.folder.isEmpty ? "/" : "/" + page.folder + "/"
      return page.url.hasSuffix(".html") && url != "/" ? url + "index.html" : url
    case .jekyll:
      // A post's `:title` is its file name after the date, as written; Folio's slug of it drops
      // what a URL cannot hold as it is.
      guard page.kind == .page, page.slugLocation == nil,
        folder.hasSuffix("_posts") || folder.contains("_posts/"),
        stem.count > 11, stem.utf8.prefix(11).allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D })
      else { return nil }
      let title = String(stem.dropFirst(11))
      let isFile = page.url.hasSuffix(".html")
      let bare = isFile ? String(page.url.dropLast(".html".count)) : String(page.url.dropLast())
      guard let cut = bare.lastIndex(of: "/") else { return nil }
      let written = bare[bare.index(after: cut)...]
      guard written != title, let encoded = title.addingPercentEncoding(withAllowedCharacters: jekyllKept)
      else { return nil }
      return bare[...cut] + encoded + (isFile ? ".html" : "/")
    case .hugo:
      return nil
    }
  }

  /// What Jekyll leaves unescaped in a URL's path (`Jekyll::URL.escape_path`): RFC 3986's
  /// unreserved characters, sub-delimiters, `:`, `@` and `/`.
  private static let jekyllKept = CharacterSet(
    charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/")
}
