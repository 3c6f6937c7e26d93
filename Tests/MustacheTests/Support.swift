import Diagnostics
import TestSupport
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

/// The outline of the nodes `source` parses to.
func dump(_ source: String) throws -> String {
  try Template(parsing: source, named: "test").dump()
}
