import Diagnostics
import Testing

@testable import Mustache

/// Renders `source` with `context`, using `partials` as the library.
func render(
  _ source: String, _ context: TemplateValue = [:], partials: [String: String] = [:],
  missingPartials: MissingPartials = .renderEmpty
) throws -> String {
  let library = try TemplateLibrary(templates: partials, missingPartials: missingPartials)
  return try library.render(Template(parsing: source, named: "test"), with: context)
}

/// The single diagnostic `body` throws, or `nil` (recorded as a test failure) when it throws
/// something else or nothing.
func diagnostic(
  sourceLocation: Testing.SourceLocation = #_sourceLocation, _ body: () throws -> Void
) -> Diagnostic? {
  do {
    try body()
    Issue.record("expected a DiagnosticError, but nothing was thrown", sourceLocation: sourceLocation)
  } catch let error as DiagnosticError {
    #expect(error.diagnostics.count == 1, sourceLocation: sourceLocation)
    return error.diagnostics.first
  } catch {
    Issue.record("expected a DiagnosticError, got \(error)", sourceLocation: sourceLocation)
  }
  return nil
}

/// The outline of the nodes `source` parses to.
func dump(_ source: String) throws -> String {
  try Template(parsing: source, named: "test").dump()
}
