import Diagnostics

/// Finds partial and parent tags that name a template the library lacks, so a strict library
/// reports them all at load time instead of one per render.
///
/// Dynamic names (`{{>*name}}`) depend on data; the renderer checks those.
struct PartialCheck {
  /// The library whose names count as known.
  let library: TemplateLibrary
  /// Names of templates that exist but failed to parse (already reported): not missing.
  var unparsed: Set<String> = []

  /// A diagnostic for each tag in `template` that names a missing template.
  func problems(in template: Template) -> [Diagnostic] {
    var problems: [Diagnostic] = []
    collect(template.nodes, into: &problems)
    return problems
  }

  private func collect(_ nodes: [Node], into problems: inout [Diagnostic]) {
    for node in nodes {
      switch node {
      case .section(let section), .invertedSection(let section):
        collect(section.nodes, into: &problems)
      case .block(let block):
        collect(block.nodes, into: &problems)
      case .partial(let inclusion), .parent(let inclusion):
        if case .name(let name) = inclusion.target, library.template(named: name) == nil,
          !unparsed.contains(name)
        {
          problems.append(
            TemplateError(location: inclusion.location, reason: .unknownPartial(name: name)).diagnostic)
        }
        for block in inclusion.overrides.values {
          collect(block.nodes, into: &problems)
        }
      case .text, .lineStart, .variable:
        break
      }
    }
  }
}
