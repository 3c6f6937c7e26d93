import Diagnostics
import Foundation
import Site
import SiteOutput
import TestSupport
import Testing

/// The files and warnings of an in-memory build, read as tests need them.
struct BuiltSite {
  /// Every output file by path relative to the output folder.
  var files: [String: [UInt8]]
  /// The warnings of the build, as printed (not its notes).
  var warnings: [String]

  /// The sorted output paths.
  var paths: [String] { files.keys.sorted() }

  /// The output file at `path` as text; a missing file is a test failure and reads as "".
  func text(_ path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
    guard let bytes = files[path] else {
      Issue.record("no output file '\(path)'; the build wrote \(paths)", sourceLocation: sourceLocation)
      return ""
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension SiteFixture {
  /// Builds the project in memory with ``SiteBuilder``.
  func build(drafts: Bool = false, baseURL: String? = nil, checkingAnchors: Bool = false) throws -> BuiltSite
  {
    var options = SiteBuilder.Options(projectRoot: root, includesDrafts: drafts, baseURL: baseURL)
    options.context.checksAnchors = checkingAnchors
    let result = try SiteBuilder(options: options).render()
    // Notes are left out: a fixture without a `title` is noted as titled after its folder.
    return BuiltSite(
      files: result.files, warnings: result.warnings.filter { $0.severity != .note }.map(\.description))
  }

  /// Builds the project and writes it into `output` (relative to the project) atomically.
  @discardableResult
  func publish(to output: String = "public") throws -> BuiltSite {
    let directory = try OutputDirectory(url: url(output), projectRoot: root)
    let built = try build()
    try directory.write(built.files)
    return built
  }

  /// The errors a build fails with; a build that succeeds is a test failure.
  func buildErrors(sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [Diagnostic] {
    do {
      let built = try build()
      Issue.record(
        "expected the build to fail, but it wrote \(built.files.count) files", sourceLocation: sourceLocation)
    } catch let error as DiagnosticError {
      // The errors: the warnings found on the way come with them (`buildDiagnostics`).
      return error.diagnostics.filter { $0.severity == .error }
    } catch {
      Issue.record("expected a DiagnosticError, got \(error)", sourceLocation: sourceLocation)
    }
    return []
  }

  /// Everything a failing build reports: its errors, then the warnings found on the way.
  func buildDiagnostics(sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [Diagnostic] {
    do {
      let built = try build()
      Issue.record(
        "expected the build to fail, but it wrote \(built.files.count) files", sourceLocation: sourceLocation)
    } catch let error as DiagnosticError {
      return error.diagnostics
    } catch {
      Issue.record("expected a DiagnosticError, got \(error)", sourceLocation: sourceLocation)
    }
    return []
  }

  /// The one diagnostic a build fails with, as printed.
  func buildError(sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
    let errors = buildErrors(sourceLocation: sourceLocation)
    #expect(errors.count == 1, "\(errors)", sourceLocation: sourceLocation)
    return errors.first?.description ?? ""
  }
}

/// A page template that prints only the page's HTML, so tests compare rendered Markdown exactly.
let contentOnlyTemplate = """
  -- Templates/page.mustache --
  {{{page.content}}}

  """

/// A home template that prints each listed page's summary and whether it has more.
let summaryListTemplate = """
  -- Templates/home.mustache --
  {{#list.pages}}[{{url}} more={{hasMore}}]
  {{{summary}}}{{/list.pages}}

  """
