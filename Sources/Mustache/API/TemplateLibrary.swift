import Diagnostics
import Foundation

/// A set of parsed templates that include each other by name, loaded once and shared.
///
/// Templates come from directories of `*.mustache` and `*.html` files and from strings in memory,
/// in order of precedence: when two sources define the same name, the first wins. Listing a
/// site's `Templates/` directory before the theme lets the site replace theme files one by one:
///
/// ```swift
/// let library = try TemplateLibrary(
///   [.directory(siteURL.appending(path: "Templates")), .embedded(DefaultTheme.templates, describedAs: "(default theme)")],
///   missingPartials: .reportError)
/// let html = try library.render("page", with: ["title": "Home", "body": .safeHTML(body)])
/// ```
///
/// The library is immutable after loading, so one instance can render pages on many threads.
public struct TemplateLibrary: Sendable {
  /// A place templates come from.
  public enum Source: Sendable {
    /// A directory whose `*.mustache` and `*.html` files, searched recursively, are templates
    /// named by their relative path without the extension. Hidden files are skipped.
    case directory(URL)
    /// The files of a directory read by the caller, such as a site builder that reads only
    /// files inside its site: paths relative to the directory and their bytes (nil for a file
    /// that could not be read). Those ending in `.mustache` or `.html` and not hidden are
    /// templates, as with ``directory(_:)``; diagnostics name them `displayRoot/path`.
    case files([(relativePath: String, bytes: [UInt8]?)], displayRoot: String)
    /// Templates in memory, by name; diagnostics name them by their name alone.
    case templates([String: String])
    /// Templates in memory, by name, such as a theme compiled into a binary; diagnostics name
    /// them `describedAs/name.mustache` (`(default theme)/base.mustache:14:1`).
    case embedded([String: String], describedAs: String)
  }

  /// What rendering does when a partial or parent names no template here.
  public let missingPartials: MissingPartials
  let templates: [String: Template]

  /// A library without templates, whose partials render nothing.
  static let empty = TemplateLibrary(templates: [:] as [String: Template], missingPartials: .renderEmpty)

  init(templates: [String: Template], missingPartials: MissingPartials) {
    self.templates = templates
    self.missingPartials = missingPartials
  }

  /// Loads and parses the templates of `sources`; the first source that defines a name wins.
  ///
  /// - Throws: `DiagnosticError` listing every file that cannot be read or parsed and, with
  ///   ``MissingPartials/reportError``, every partial or parent tag naming a missing template.
  public init(_ sources: [Source], missingPartials: MissingPartials = .renderEmpty) throws {
    var files: [String: TemplateFile] = [:]
    var problems: [Diagnostic] = []
    for source in sources {
      let loaded: [TemplateFile]
      switch source {
      case .directory(let url):
        let contents = TemplateDirectory(url: url).load()
        loaded = contents.files
        problems += contents.problems
      case .files(let files, let displayRoot):
        let contents = TemplateDirectory.load(files, displayRoot: displayRoot)
        loaded = contents.files
        problems += contents.problems
      case .templates(let sources):
        loaded = sources.map { TemplateFile(name: $0.key, path: $0.key, text: $0.value) }
      case .embedded(let sources, let description):
        loaded = sources.map {
          TemplateFile(name: $0.key, path: "\(description)/\($0.key).mustache", text: $0.value)
        }
      }
      for file in loaded where files[file.name] == nil {
        files[file.name] = file
      }
    }
    var templates: [String: Template] = [:]
    var unparsed: Set<String> = []
    for file in files.values {
      do {
        templates[file.name] = try Template(parsing: file.text, named: file.name, path: file.path)
      } catch let error as DiagnosticError {
        problems += error.diagnostics
        unparsed.insert(file.name)
      }
    }
    self.init(templates: templates, missingPartials: missingPartials)
    if missingPartials == .reportError {
      // A template that exists but did not parse is reported once, not again at every include.
      let check = PartialCheck(library: self, unparsed: unparsed)
      problems += templates.values.flatMap { check.problems(in: $0) }
    }
    guard problems.isEmpty else {
      throw DiagnosticError(problems.sorted(by: Self.inReadingOrder))
    }
  }

  /// Orders diagnostics by file, line and column, those without a location first.
  private static func inReadingOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
    switch (lhs.location, rhs.location) {
    case (let left?, let right?) where left != right: left < right
    case (nil, _?): true
    case (_?, nil): false
    default: lhs.message < rhs.message
    }
  }

  /// Loads the templates of `directories`; the first directory that defines a name wins.
  public init(directories: [URL], missingPartials: MissingPartials = .renderEmpty) throws {
    try self.init(directories.map(Source.directory), missingPartials: missingPartials)
  }

  /// Parses templates given by name.
  public init(templates: [String: String], missingPartials: MissingPartials = .renderEmpty) throws {
    try self.init([.templates(templates)], missingPartials: missingPartials)
  }

  /// The names of all templates, sorted.
  public var templateNames: [String] { templates.keys.sorted() }

  /// The template called `name`, if there is one.
  public func template(named name: String) -> Template? { templates[name] }

  /// Renders the template called `name` with `context` at the bottom of the context stack.
  ///
  /// - Throws: `DiagnosticError` when there is no such template, a partial is missing under
  ///   ``MissingPartials/reportError``, includes recurse deeper than 64 levels, or a lambda fails.
  public func render(_ name: String, with context: TemplateValue) throws -> String {
    guard let template = templates[name] else {
      throw TemplateError(location: nil, reason: .unknownPartial(name: name)).diagnosticError
    }
    return try render(template, with: context)
  }

  /// Renders `template`, which need not belong to the library, with this library's partials.
  public func render(_ template: Template, with context: TemplateValue) throws -> String {
    String(decoding: try renderBytes(template, with: context), as: UTF8.self)
  }

  /// Renders the template called `name` as UTF-8: the bytes `render(_:with:)` returns as text,
  /// for callers that write them out, without decoding them into a `String` and back.
  ///
  /// `capacity` is the room the output starts with: a caller that knows about how long the
  /// result will be (a page's content and its layout's text) saves the output's growth, each
  /// step a copy of all of it into twice the room, which the returned bytes then keep.
  ///
  /// - Throws: what `render(_:with:)` throws.
  public func renderBytes(_ name: String, with context: TemplateValue, capacity: Int = 4096) throws
    -> [UInt8]
  {
    guard let template = templates[name] else {
      throw TemplateError(location: nil, reason: .unknownPartial(name: name)).diagnosticError
    }
    return try renderBytes(template, with: context, capacity: capacity)
  }

  /// Renders `template` as UTF-8, with this library's partials, into an output that starts with
  /// room for `capacity` bytes.
  public func renderBytes(_ template: Template, with context: TemplateValue, capacity: Int = 4096) throws
    -> [UInt8]
  {
    var renderer = Renderer(
      library: self, context: context, templateName: template.name, capacity: max(0, capacity))
    try renderer.render(template.nodes[...])
    return renderer.output
  }
}
