import Diagnostics
import Dispatch
import Foundation
import HTMLRendering
import Mustache
import SiteComponents
import SiteContent
import SiteLayout
import SiteOutput
import Synchronization

/// Reading the site's files: templates, theme assets, changed files, and what they reserve.
extension SiteSession {
  /// The template files of the site's `Templates/` (nil when it has none), read through `files`;
  /// the theme's assets below `Templates/assets/` are not templates.
  static func readTemplates(_ files: SiteFiles) throws -> [(relativePath: String, bytes: [UInt8]?)]? {
    guard files.exists("Templates") else { return nil }
    let folder = URL(fileURLWithPath: files.rootPath).appendingPathComponent("Templates")
    return try ContentFiles.listFiles(in: folder.resolvingSymlinksInPath()).filter {
      $0.hasSuffix(".mustache") || $0.hasSuffix(".html")
    }.map { ($0, try files.read("Templates/" + $0)) }
  }

  /// The ids written by the default theme's templates and the site's own (`Templates/`).
  /// The layout of a book's print page.
  static let bookLayout = "book-print"

  static func layoutIDs(siteTemplates: [(relativePath: String, bytes: [UInt8]?)]) -> Set<String>? {
    // A book's print page numbers its chapters' ids (`c3-install`) with tags; no other page
    // links into it by anchor, so its ids are not every page's.
    var texts = Array(DefaultTheme.templates.filter { $0.key != SiteSession.bookLayout }.values)
    for (path, bytes) in siteTemplates where path != SiteSession.bookLayout + ".mustache" {
      if let bytes { texts.append(String(decoding: bytes, as: UTF8.self)) }
    }
    return ElementIDs.written(by: texts)
  }

  /// The outputs that are not pages, lists or aliases, with what writes each: a page or an
  /// alias that lands on one is an error, not a silent replacement.
  func reservedPaths(_ config: SiteConfiguration) -> [String: String] {
    var reserved: [String: String] = [:]
    for path in staticFiles.keys { reserved[path] = "the file Content/\(path)" }
    // Where a static file and a generated one meet, the generated one's owner is named here;
    // addAssets refuses the static file.
    for (path, output) in generatedOutputs(config) { reserved[path] = output.owner }
    return reserved
  }

  /// The files Folio writes itself besides pages, lists and aliases (feeds, the sitemap,
  /// robots.txt, theme assets, the output marker), each with what writes it and the setting
  /// that turns it off (nil when none does).
  func generatedOutputs(_ config: SiteConfiguration) -> [String: (owner: String, setting: String?)] {
    var outputs: [String: (owner: String, setting: String?)] = [:]
    for path in assetFiles.keys { outputs["assets/" + path] = ("the theme's assets/\(path)", nil) }
    outputs["assets/folio-lists.css"] = ("the list spacing stylesheet", nil)
    for feature in SiteFeatures.all {
      for output in feature.reservedOutputs(config) { outputs[output.path] = (output.owner, output.setting) }
    }
    if config.atomFeed { outputs["atom.xml"] = ("the Atom feed", "feeds: {atom: false}") }
    if config.rssFeed { outputs["rss.xml"] = ("the RSS feed", "feeds: {rss: false}") }
    if config.sitemap { outputs["sitemap.xml"] = ("the sitemap", "sitemap: false") }
    if config.robots { outputs["robots.txt"] = ("the robots.txt file", "robots: false") }
    for language in config.languages.all.dropFirst() {
      let folder = language.prefix.dropFirst()
      if config.atomFeed {
        outputs[folder + "atom.xml"] = ("the \(language.code) Atom feed", "feeds: {atom: false}")
      }
      if config.rssFeed {
        outputs[folder + "rss.xml"] = ("the \(language.code) RSS feed", "feeds: {rss: false}")
      }
    }
    outputs[OutputDirectory.markerName] = ("Folio's output marker", nil)
    return outputs
  }

  /// Adds and removes files the plan names, reading only those.
  func applyFileChanges(_ plan: RebuildPlan, from files: SiteFiles) throws {
    // A file added under the name of another in another Unicode form (NFC, NFD): the sets below
    // would take them for one.
    for path in plan.pages.union(plan.staticFiles) where files.exists("Content/" + path) {
      let listed =
        markdownFiles.firstIndex(of: path).map { markdownFiles[$0] }
        ?? staticFiles.index(forKey: path).map { staticFiles[$0].key }
      if let listed, !listed.utf8.elementsEqual(path.utf8), files.exists("Content/" + listed) {
        let (first, second) = ByteOrder.precedes(listed, path) ? (listed, path) : (path, listed)
        throw SiteProblem.sameNameInTwoForms(path: second, other: first).error(
          at: SourceLocation(path: "Content/" + second, line: 1, column: 1))
      }
    }
    var listingChanged = false
    for path in plan.pages {
      if files.exists("Content/" + path), !SiteSession.isFolder("Content/" + path, in: files) {
        listingChanged = markdownFiles.insert(path).inserted || listingChanged
      } else {
        listingChanged = markdownFiles.remove(path) != nil || listingChanged
      }
    }
    // The message of a broken link to a Markdown file says whether the file is there (as a
    // hidden draft) or not.
    if listingChanged { findings.checkEveryPageNext() }
    for path in plan.staticFiles {
      let bytes =
        SiteSession.isFolder("Content/" + path, in: files)
        ? nil : try files.readIfPresent("Content/" + path, limit: SiteFiles.maximumFileBytes)
      listingChanged = listingChanged || (bytes == nil) != (staticFiles[path] == nil)
      staticFiles[path] = bytes
      // Published under its own name, which must make a safe output path (as ContentFiles
      // checks every static file of a full build).
      let location = SourceLocation(path: "Content/" + path, line: 1, column: 1)
      if bytes != nil, let problem = OutputPath.fileNameProblem(path, name: path, at: location) {
        throw DiagnosticError(problem)
      }
    }
    // A file came or went: names that differ only in case are warned about as a full build's
    // listing warns about them.
    if listingChanged {
      let listed = (Array(markdownFiles) + staticFiles.keys).sorted(by: ByteOrder.precedes)
      listingWarnings = ContentFiles.sameNames(listed).warnings
    }
    if !plan.assets.isEmpty { assetFiles = try loadAssets(changed: plan.assets, from: files) }
  }

  /// Whether `path` (relative to the project) is a folder. The file watcher reports a folder
  /// created or removed along with the files in it; the folder itself is no file of the site,
  /// as a full build, which lists only files, has it.
  static func isFolder(_ path: String, in files: SiteFiles) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(
      atPath: files.rootPath + "/" + files.projectPath(of: path), isDirectory: &isDirectory)
      && isDirectory.boolValue
  }

  /// The theme's assets overlaid with the site's `Templates/assets/` (re-read only `changed`).
  func loadAssets(changed: Set<String>?, from files: SiteFiles) throws -> [String: [UInt8]] {
    let siteAssets = URL(fileURLWithPath: files.rootPath).appendingPathComponent("Templates/assets")
    var assets = changed == nil ? [:] : assetFiles
    let paths: [String]
    if let changed {
      paths = changed.sorted()
    } else {
      for (path, text) in DefaultTheme.assets { assets[path] = Array(text.utf8) }
      paths = ContentFiles.listFiles(in: siteAssets.resolvingSymlinksInPath())
    }
    for path in paths {
      let location = SourceLocation(path: "Templates/assets/" + path, line: 1, column: 1)
      if let problem = OutputPath.fileNameProblem("assets/" + path, name: path, at: location) {
        throw DiagnosticError(problem)
      }
      let bytes = try files.readIfPresent("Templates/assets/" + path, limit: SiteFiles.maximumFileBytes)
      assets[path] = bytes ?? DefaultTheme.assets[path].map { Array($0.utf8) }
    }
    return assets
  }
}
