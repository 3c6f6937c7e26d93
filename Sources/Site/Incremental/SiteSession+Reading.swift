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
  static func layoutIDs(siteTemplates: [(relativePath: String, bytes: [UInt8]?)]) -> Set<String>? {
    var texts = Array(DefaultTheme.templates.values)
    for (_, bytes) in siteTemplates {
      if let bytes { texts.append(String(decoding: bytes, as: UTF8.self)) }
    }
    return ElementIDs.written(by: texts)
  }

  /// The outputs that are not pages, lists or aliases, with what writes each: a page or an
  /// alias that lands on one is an error, not a silent replacement.
  func reservedPaths(_ config: SiteConfiguration) -> [String: String] {
    var reserved: [String: String] = [:]
    for path in staticFiles.keys { reserved[path] = "the file Content/\(path)" }
    for path in assetFiles.keys { reserved["assets/" + path] = "the theme's assets/\(path)" }
    reserved["assets/folio-lists.css"] = "the theme's assets/folio-lists.css"
    if config.highlight != nil { reserved["assets/folio-highlight.css"] = "the code highlighting stylesheet" }
    if config.atomFeed { reserved["atom.xml"] = "the Atom feed" }
    if config.rssFeed { reserved["rss.xml"] = "the RSS feed" }
    if config.sitemap { reserved["sitemap.xml"] = "the sitemap" }
    if config.robots { reserved["robots.txt"] = "robots.txt" }
    for language in config.languages.all.dropFirst() {
      let folder = language.prefix.dropFirst()
      if config.atomFeed { reserved[folder + "atom.xml"] = "the \(language.code) Atom feed" }
      if config.rssFeed { reserved[folder + "rss.xml"] = "the \(language.code) RSS feed" }
    }
    reserved[OutputDirectory.markerName] = "Folio's output marker"
    return reserved
  }

  /// Adds and removes files the plan names, reading only those.
  func applyFileChanges(_ plan: RebuildPlan, from files: SiteFiles) throws {
    for path in plan.pages {
      if files.exists("Content/" + path) {
        markdownFiles.insert(path)
      } else {
        markdownFiles.remove(path)
      }
    }
    for path in plan.staticFiles {
      staticFiles[path] = try files.readIfPresent("Content/" + path, limit: SiteFiles.maximumFileBytes)
    }
    if !plan.assets.isEmpty { assetFiles = try loadAssets(changed: plan.assets, from: files) }
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
