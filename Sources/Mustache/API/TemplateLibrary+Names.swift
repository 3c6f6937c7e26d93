extension TemplateLibrary {
  /// The names that rendering the templates `layouts` can look up: those of their tags and of
  /// every partial and parent they include, and of the blocks they fill.
  ///
  /// A dynamic partial (`{{>*name}}`) can include any template of the library, so one brings in
  /// the names of all of them. A layout the library does not hold adds nothing.
  public func names(usedBy layouts: some Sequence<String>) -> TemplateNames {
    var parts: Set<String> = []
    var queued: Set<String> = []
    var toVisit: [String] = []
    func visit(_ name: String) {
      if queued.insert(name).inserted { toVisit.append(name) }
    }
    for layout in layouts { visit(layout) }
    var includesAnyTemplate = false
    while let name = toVisit.popLast() {
      guard let template = templates[name] else { continue }
      // Nested sections are walked from a list, not by recursion: the parser bounds their depth,
      // but a list costs nothing.
      var pending: [[Node]] = [template.nodes]
      while let nodes = pending.popLast() {
        for node in nodes {
          switch node {
          case .text, .lineStart:
            break
          case .variable(let variable):
            parts.formUnion(variable.name.components)
          case .section(let section), .invertedSection(let section):
            parts.formUnion(section.name.components)
            pending.append(section.nodes)
          case .partial(let inclusion), .parent(let inclusion):
            switch inclusion.target {
            case .name(let included):
              visit(included)
            case .dynamic(let path):
              parts.formUnion(path.components)
              if !includesAnyTemplate {
                includesAnyTemplate = true
                for other in templates.keys { visit(other) }
              }
            }
            for block in inclusion.overrides.values { pending.append(block.nodes) }
          case .block(let block):
            pending.append(block.nodes)
          }
        }
      }
    }
    return TemplateNames(parts: parts)
  }
}
