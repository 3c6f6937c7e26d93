import Diagnostics
import Dispatch
import Foundation
import HTMLRendering
import Mustache
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
    /// Include pages marked `draft: true`.
    public var includesDrafts = false
    /// Replace the configured base URL (e.g. for previews).
    public var baseURL: String? = nil

    /// Creates options for the project at `projectRoot`.
    public init(projectRoot: URL, includesDrafts: Bool = false, baseURL: String? = nil) {
      self.projectRoot = projectRoot
      self.includesDrafts = includesDrafts
      self.baseURL = baseURL
    }
  }

  /// The outcome of a build.
  public struct Result: Sendable {
    /// Every output file by path relative to the output folder.
    public var files: [String: [UInt8]]
    /// Warnings found along the way (errors are thrown).
    public var warnings: [Diagnostic]
    /// How many pages were rendered (HTML files).
    public var pageCount: Int
    /// Seconds spent per step, in order.
    public var timings: [(step: String, seconds: Double)]
  }

  /// The options.
  public var options: Options

  /// Creates a builder.
  public init(options: Options) {
    self.options = options
  }

  /// Builds everything in memory.
  public func render() throws -> Result {
    var timings: [(String, Double)] = []
    func step<T>(_ name: String, _ body: () throws -> T) throws -> T {
      let start = DispatchTime.now().uptimeNanoseconds
      defer { timings.append((name, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)) }
      return try body()
    }
    let root = options.projectRoot
    var configuration = try step("configure") { try SiteConfiguration.load(fromProjectAt: root) }
    if let baseURL = options.baseURL {
      configuration.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
    }
    let config = configuration
    let sources = try step("discover") { try ContentFiles(root: root) }
    let templates = try step("templates") {
      // Relative to the root, so template diagnostics name `Templates/page.mustache` as content
      // diagnostics name `Content/…`; a site without Templates/ uses the default theme.
      let folder = URL(fileURLWithPath: "Templates", relativeTo: root)
      var sources: [TemplateLibrary.Source] = [.templates(DefaultTheme.templates)]
      if FileManager.default.fileExists(atPath: folder.path) { sources.insert(.directory(folder), at: 0) }
      return try TemplateLibrary(sources, missingPartials: .reportError)
    }
    let pages = try step("parse") { try parsePages(sources, config) }
    let site = try step("organise") { try SiteStructure(pages: pages, configuration: config) }
    var output = try step("render") { try renderPages(site, config, templates) }
    try step("feeds") { addFeeds(site, config, into: &output.files) }
    try step("assets") {
      try addAssets(sources, root: root, spacings: output.spacings, dataFiles: output.dataFiles, into: &output.files)
    }
    try step("check links") { try checkLinks(output.links, files: output.files) }
    let pageCount = output.files.keys.filter { $0.hasSuffix(".html") }.count
    return Result(files: output.files, warnings: output.warnings, pageCount: pageCount, timings: timings)
  }

  // MARK: Steps

  private func parsePages(_ sources: ContentFiles, _ config: SiteConfiguration) throws -> [Page] {
    let loader = PageLoader(configuration: config)
    let files = sources.markdown
    let results = Mutex<[Int: Swift.Result<Page, DiagnosticError>]>([:])
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
      let result: Swift.Result<Page, DiagnosticError>
      do {
        let bytes = try sources.read(files[index])
        result = .success(try loader.load(bytes: bytes, relativePath: files[index]))
      } catch let error as DiagnosticError {
        result = .failure(error)
      } catch {
        result = .failure(
          DiagnosticError(
            .error("\(error)", at: SourceLocation(path: "Content/" + files[index], line: 1, column: 1))))
      }
      results.withLock { $0[index] = result }
    }
    var pages: [Page] = []
    var problems: [Diagnostic] = []
    let collected = results.withLock { $0 }
    for index in files.indices {
      switch collected[index]! {
      case .success(let page): if options.includesDrafts || !page.isDraft { pages.append(page) }
      case .failure(let error): problems += error.diagnostics
      }
    }
    guard problems.isEmpty else { throw DiagnosticError(problems) }
    return pages
  }

  private struct Output {
    var files: [String: [UInt8]] = [:]
    var warnings: [Diagnostic] = []
    var spacings: Set<String> = []
    var links: [(url: String, location: SourceLocation)] = []
    var dataFiles: Set<String> = []
  }

  private func renderPages(_ site: SiteStructure, _ config: SiteConfiguration, _ templates: TemplateLibrary)
    throws
    -> Output
  {
    let root = options.projectRoot
    let context = TemplateContext(configuration: config, site: site, root: root)
    let jobs = site.renderJobs
    let results = Mutex<
      [Int: Swift.Result<(path: String, html: String, page: RenderedPage?), DiagnosticError>]
    >([:])
    DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
      let job = jobs[index]
      let result: Swift.Result<(path: String, html: String, page: RenderedPage?), DiagnosticError>
      do {
        var rendered: RenderedPage? = nil
        if let page = job.page {
          rendered = try site.rendered(page, configuration: config, root: root)
        }
        let value = context.value(for: job, rendered: rendered)
        guard templates.template(named: job.layout) != nil else {
          throw DiagnosticError(
            .error(
              "unknown layout '\(job.layout)'",
              at: job.page.map {
                $0.layoutLocation ?? SourceLocation(path: $0.sourcePath, line: 1, column: 1)
              },
              hint:
                "add Templates/\(job.layout).mustache or use one of: \(templates.templateNames.filter { !$0.contains("/") }.joined(separator: ", "))"
            ))
        }
        let html = try templates.render(job.layout, with: value)
        result = .success((job.outputPath, html, rendered))
      } catch let error as DiagnosticError {
        result = .failure(error)
      } catch {
        result = .failure(DiagnosticError(.error("\(error)")))
      }
      results.withLock { $0[index] = result }
    }
    var output = Output()
    var problems: [Diagnostic] = []
    let collected = results.withLock { $0 }
    for index in jobs.indices {
      switch collected[index]! {
      case .success(let done):
        output.files[done.path] = Array(done.html.utf8)
        if let page = done.page {
          output.warnings += page.warnings
          output.spacings.formUnion(page.listSpacings)
          output.links += page.internalLinks
          output.dataFiles.formUnion(page.dataFiles)
        }
      case .failure(let error):
        problems += error.diagnostics
      }
    }
    guard problems.isEmpty else { throw DiagnosticError(problems) }
    for alias in site.aliases {
      let target = XMLText.escape(alias.target)
      output.files[alias.outputPath] = Array(
        "<!DOCTYPE html>\n<html lang=\"\(config.language)\"><head><meta charset=\"utf-8\"><title>Redirect</title><link rel=\"canonical\" href=\"\(target)\"><meta http-equiv=\"refresh\" content=\"0; url=\(target)\"></head><body><p><a href=\"\(target)\">\(target)</a></p></body></html>\n"
          .utf8)
    }
    return output
  }

  private func addFeeds(
    _ site: SiteStructure, _ config: SiteConfiguration, into files: inout [String: [UInt8]]
  ) {
    let writer = FeedWriter(
      title: config.title, description: config.description, baseURL: config.baseURL, author: config.author,
      language: config.language)
    let entries = site.feedPages.prefix(20).map { page in
      FeedWriter.Entry(
        title: page.title, url: page.url, date: page.date, updated: page.updated,
        summary: site.summaries[page.url] ?? "")
    }
    if config.atomFeed { files["atom.xml"] = Array(writer.atom(Array(entries)).utf8) }
    if config.rssFeed { files["rss.xml"] = Array(writer.rss(Array(entries)).utf8) }
    if config.sitemap {
      let urls = files.keys.filter { $0.hasSuffix("index.html") && !$0.hasPrefix("404") }.sorted().map {
        path in
        let url = "/" + String(path.dropLast("index.html".count))
        return (url: url, lastModified: site.lastModified[url])
      }
      files["sitemap.xml"] = Array(
        writer.sitemap(urls.filter { site.aliasURLs.contains($0.url) == false }).utf8)
    }
    if config.robots { files["robots.txt"] = Array(writer.robots(sitemap: config.sitemap).utf8) }
  }

  private func addAssets(
    _ sources: ContentFiles, root: URL, spacings: Set<String>, dataFiles: Set<String>,
    into files: inout [String: [UInt8]]
  )
    throws
  {
    for (path, text) in DefaultTheme.assets { files["assets/" + path] = Array(text.utf8) }
    let siteAssets = root.appendingPathComponent("Templates/assets")
    for path in ContentFiles.listFiles(in: siteAssets) {
      files["assets/" + path] = try [UInt8](Data(contentsOf: siteAssets.appendingPathComponent(path)))
    }
    do {
      var css = "/* Generated by Folio: item spacing of lists with data-spacing. */\n"
      for spacing in spacings.sorted()
      where spacing.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "%" }) {
        css += ".folio-list[data-spacing=\"\(spacing)\"] > li + li { margin-top: \(spacing); }\n"
      }
      files["assets/folio-lists.css"] = Array(css.utf8)
    }
    // Files that fed a component are inputs, like Hugo's data/, and are not published.
    for path in sources.staticFiles where !dataFiles.contains(path) { files[path] = try sources.read(path) }
  }

  private func checkLinks(_ links: [(url: String, location: SourceLocation)], files: [String: [UInt8]]) throws
  {
    var problems: [Diagnostic] = []
    for link in links {
      var path = String(link.url.prefix { $0 != "#" && $0 != "?" })
      path = path.removingPercentEncoding ?? path
      path.removeFirst()
      let exists =
        files[path] != nil
        || files[path + (path.hasSuffix("/") || path.isEmpty ? "" : "/") + "index.html"] != nil
      if !exists {
        problems.append(
          .error(
            "broken link to '\(link.url)': no page or file has that URL", at: link.location,
            hint: "link to a page by its URL, e.g. /docs/cli/ for Content/docs/cli.md"))
      }
    }
    guard problems.isEmpty else { throw DiagnosticError(problems) }
  }
}
