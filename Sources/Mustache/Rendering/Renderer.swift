import Diagnostics

/// Walks parsed nodes against a context stack and writes UTF-8 into one growing buffer.
///
/// The renderer is a value made fresh for every render, so rendering many pages in parallel
/// shares nothing mutable. It recurses once per nested section and once per partial, parent,
/// overridden block or lambda result; the shape of the data never adds recursion. The limits in
/// ``RenderLimits`` keep it safe from hostile templates: ``RenderLimits/includeDepth`` catches
/// templates that include themselves, ``RenderLimits/renderDepth`` bounds the stack in all,
/// and ``RenderLimits/outputBytes`` and ``RenderLimits/steps`` stop templates whose work
/// multiplies (partials that each include the next twice) long before they would exhaust memory
/// or never finish. A level costs about 0.8 KB of stack in release builds (2.5 KB in debug
/// builds), so the deepest render fits in a 512 KB secondary thread.
struct Renderer: Sendable {
  /// Where partials and parents come from, and what to do when one is missing.
  let library: TemplateLibrary
  /// The rendered bytes so far.
  var output: [UInt8] = []
  /// The context stack: the root value first, the innermost section's value last.
  var contexts: [TemplateValue] = []
  /// The block overrides of the parent tags being expanded, outermost first, which is also their
  /// order of precedence.
  var overrides: [[String: Block]] = []
  /// The templates, blocks and lambdas being expanded, outermost first, for recursion errors.
  var includeChain: [String]
  /// What each indented line starts with: the indentation of the standalone partials, parents and
  /// filled blocks being expanded.
  var indentation: [UInt8] = []
  /// How many sections and includes enclose the nodes being rendered.
  private var depth = 0
  /// How many sections, section items and includes this render has entered, lambda results'
  /// included, for ``RenderLimits/steps``.
  private(set) var steps = 0

  /// A renderer for the template `name` with `context` as the root of the context stack.
  init(library: TemplateLibrary, context: TemplateValue, templateName: String, capacity: Int = 4096) {
    self.library = library
    // Room for the sections a layout nests, so that entering the first one does not grow it.
    contexts.reserveCapacity(8)
    contexts.append(context)
    self.includeChain = [templateName]
    output.reserveCapacity(capacity)
  }

  /// The output as a string.
  var renderedText: String { String(decoding: output, as: UTF8.self) }

  /// Renders `nodes` in order.
  mutating func render(_ nodes: ArraySlice<Node>) throws(DiagnosticError) {
    for node in nodes {
      switch node {
      case .text(let bytes):
        output.append(contentsOf: bytes)
      case .lineStart:
        output.append(contentsOf: indentation)
      case .variable(let variable):
        try render(variable)
      case .section(let section):
        try render(section)
      case .invertedSection(let section):
        if !(lookUp(section.name)?.isTruthy ?? false) {
          try descend(into: section.nodes[...], at: section.location)
        }
      case .partial(let partial):
        try include(partial)
      case .parent(let parent):
        try include(parent)
      case .block(let block):
        try render(block)
      }
    }
  }

  /// The value a name refers to: the first part is looked up from the top of the context stack
  /// down, the other parts only inside what the first part found.
  func lookUp(_ name: NamePath) -> TemplateValue? {
    let components = name.components
    let hashes = name.hashes
    guard !components.isEmpty else { return contexts.last }
    // Contexts and parts read in place, by index: iterating `contexts.reversed()` and
    // `components.dropFirst()` copied each context passed (and the parts), which cost about as
    // much as the dictionary look-ups themselves on every tag of every page.
    return contexts.withUnsafeBufferPointer { contexts in
      var level = contexts.endIndex
      while level > contexts.startIndex {
        level -= 1
        guard var found = Renderer.member(components[0], hashes[0], of: contexts[level]) else { continue }
        var part = 1
        while part < components.count {
          guard let inner = Renderer.member(components[part], hashes[part], of: found) else { return nil }
          found = inner
          part += 1
        }
        return found
      }
      return nil
    }
  }

  /// The member `key` of `value` when it is an object. A small object (a list entry, a
  /// language link, a translation) is scanned, comparing each key's length before the key:
  /// cheaper than hashing `key`, which is most of what a look-up in a dictionary costs, and
  /// every page looks up a few hundred names.
  @inline(__always)
  private static func member(_ key: String, _ hash: UInt64, of value: TemplateValue) -> TemplateValue? {
    let members: [String: TemplateValue]
    switch value {
    case .object(let object): members = object
    case .record(let record): return record.value(named: key, hash: hash)
    default: return nil
    }
    guard members.count <= 8 else { return members[key] }
    let length = key.utf8.count
    let keys = members.keys
    var index = keys.startIndex
    while index != keys.endIndex {
      let name = keys[index]
      if name.utf8.count == length, name == key { return members.values[index] }
      keys.formIndex(after: &index)
    }
    return nil
  }

  @inline(never)
  private mutating func render(_ variable: Variable) throws(DiagnosticError) {
    guard let value = lookUp(variable.name) else { return }
    switch value {
    case .safeHTML(let html):
      output.append(contentsOf: html.utf8)
    case .lambda(let lambda):
      try render(variable, calling: lambda)
    default:
      if let text = value.text {
        append(text, escaped: variable.isEscaped)
      }
    }
  }

  // Lambdas get functions of their own, kept out of line: their locals would otherwise enlarge
  // the stack frame of every nested section.
  @inline(never)
  private mutating func render(_ variable: Variable, calling lambda: TemplateLambda) throws(DiagnosticError) {
    let result = try call(
      lambda, named: variable.name, sectionText: nil, delimiters: .standard, at: variable.location)
    let text: String
    switch lambda.result {
    case .text:
      text = result
    case .template:
      // The spec renders an interpolation lambda's result with the default delimiters and
      // without the surrounding indentation, then escapes the rendering as a whole.
      let nodes = try parseLambdaResult(
        result, of: variable.name, delimiters: .standard, at: variable.location)
      var nested = self
      nested.output = []
      nested.indentation = []
      try nested.expand(nodes[...], as: "\(variable.name) (lambda)", at: variable.location)
      steps = nested.steps
      text = nested.renderedText
    }
    append(text, escaped: variable.isEscaped)
  }

  @inline(never)
  private mutating func render(_ section: Section) throws(DiagnosticError) {
    guard let value = lookUp(section.name) else { return }
    switch value {
    case .array(let elements):
      for element in elements {
        contexts.append(element)
        try descend(into: section.nodes[...], at: section.location)
        contexts.removeLast()
      }
    case .lambda(let lambda):
      try render(section, calling: lambda)
    default:
      guard value.isTruthy else { return }
      contexts.append(value)
      try descend(into: section.nodes[...], at: section.location)
      contexts.removeLast()
    }
  }

  @inline(never)
  private mutating func render(_ section: Section, calling lambda: TemplateLambda) throws(DiagnosticError) {
    let result = try call(
      lambda, named: section.name, sectionText: section.rawText, delimiters: section.delimiters,
      at: section.location)
    switch lambda.result {
    case .text:
      output.append(contentsOf: result.utf8)
    case .template:
      var nodes = try parseLambdaResult(
        result, of: section.name, delimiters: section.delimiters, at: section.location)[...]
      // The result replaces the section in the middle of a line, so its first line is not indented.
      if case .lineStart? = nodes.first {
        nodes = nodes.dropFirst()
      }
      try expand(nodes, as: "\(section.name) (lambda)", at: section.location)
    }
  }

  @inline(never)
  private mutating func include(_ inclusion: Inclusion) throws(DiagnosticError) {
    let name: String
    switch inclusion.target {
    case .name(let written):
      name = written
    case .dynamic(let path):
      switch lookUp(path) {
      case .string(let found)?, .safeHTML(let found)?:
        name = found
      default:
        guard library.missingPartials == .renderEmpty else {
          throw TemplateError(location: inclusion.location, reason: .unresolvedDynamicName(path: "\(path)"))
            .diagnosticError
        }
        return
      }
    }
    guard let template = library.template(named: name) else {
      guard library.missingPartials == .renderEmpty else {
        throw TemplateError(location: inclusion.location, reason: .unknownPartial(name: name)).diagnosticError
      }
      return
    }
    let savedIndentation = indentation
    indentation = inclusion.indentation.map { savedIndentation + $0.utf8 } ?? []
    let hasOverrides = !inclusion.overrides.isEmpty
    if hasOverrides {
      overrides.append(inclusion.overrides)
    }
    try expand(template.nodes[...], as: name, at: inclusion.location)
    if hasOverrides {
      overrides.removeLast()
    }
    indentation = savedIndentation
  }

  @inline(never)
  private mutating func render(_ block: Block) throws(DiagnosticError) {
    guard let replacement = overrides.lazy.compactMap({ $0[block.name] }).first else {
      try descend(into: block.nodes[...], at: block.location)
      return
    }
    var nodes = replacement.nodes[...]
    if !block.isStandalone, case .lineStart? = nodes.first {
      // Text before the block's tag already starts the line.
      nodes = nodes.dropFirst()
    }
    let savedIndentation = indentation
    indentation += block.indentation.utf8
    try expand(nodes, as: "$\(block.name)", at: block.location)
    indentation = savedIndentation
  }

  /// Renders included nodes one level deeper in the include chain, or fails past the limit.
  mutating func expand(_ nodes: ArraySlice<Node>, as name: String, at location: SourceLocation)
    throws(DiagnosticError)
  {
    guard includeChain.count <= RenderLimits.includeDepth else {
      throw TemplateError(
        location: location,
        reason: .includeTooDeep(chain: includeChain + [name], limit: RenderLimits.includeDepth)
      ).diagnosticError
    }
    includeChain.append(name)
    try descend(into: nodes, at: location)
    includeChain.removeLast()
  }

  /// Renders nested nodes one level deeper, or fails past any of the limits: checked here, on
  /// every section, item and include, because whatever multiplies work or output goes through here.
  @inline(__always)
  private mutating func descend(into nodes: ArraySlice<Node>, at location: SourceLocation)
    throws(DiagnosticError)
  {
    guard depth < RenderLimits.renderDepth, steps < RenderLimits.steps,
      output.count <= RenderLimits.outputBytes
    else { throw limitError(at: location) }
    depth += 1
    steps += 1
    try render(nodes)
    depth -= 1
  }

  /// The error for the limit that ``descend(into:at:)`` found crossed.
  @inline(never)
  private func limitError(at location: SourceLocation) -> DiagnosticError {
    let reason: TemplateError.Reason =
      if depth >= RenderLimits.renderDepth {
        .renderTooDeep(limit: RenderLimits.renderDepth)
      } else if steps >= RenderLimits.steps {
        .tooManySteps(chain: includeChain, limit: RenderLimits.steps)
      } else {
        .outputTooLarge(chain: includeChain, limit: RenderLimits.outputBytes)
      }
    return TemplateError(location: location, reason: reason).diagnosticError
  }

  @inline(never)
  private func call(
    _ lambda: TemplateLambda, named name: NamePath, sectionText: String?, delimiters: Delimiters,
    at location: SourceLocation
  ) throws(DiagnosticError) -> String {
    // The lambda may keep its context; without the output, keeping it never forces a copy of the page.
    var snapshot = self
    snapshot.output = []
    let context = LambdaContext(
      text: sectionText ?? "", isSection: sectionText != nil, renderer: snapshot, name: name,
      location: location, delimiters: delimiters)
    do {
      return try lambda.body(context)
    } catch let error as DiagnosticError {
      throw error
    } catch {
      throw TemplateError(location: location, reason: .lambdaFailed(name: "\(name)", message: "\(error)"))
        .diagnosticError
    }
  }

  /// Parses what a lambda returned, blaming the lambda's tag when it does not parse.
  func parseLambdaResult(
    _ source: String, of name: some CustomStringConvertible, delimiters: Delimiters,
    at location: SourceLocation
  ) throws(DiagnosticError) -> [Node] {
    var parser = Parser(source: source, path: location.path)
    do {
      return try parser.parse(delimiters: delimiters)
    } catch {
      throw TemplateError(
        location: location, reason: .invalidLambdaResult(name: "\(name)", message: error.diagnostic.message)
      ).diagnosticError
    }
  }

  private mutating func append(_ text: String, escaped: Bool) {
    if escaped {
      HTMLEscaping.append(text, to: &output)
    } else {
      output.append(contentsOf: text.utf8)
    }
  }
}
