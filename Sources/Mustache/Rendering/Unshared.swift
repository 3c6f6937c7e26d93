import Diagnostics

/// Deep copies of templates and values that share no reference with the original.
///
/// Rendering retains and releases the nodes and values it reads. Threads rendering pages at once
/// from one library and one context touch the same reference counts, and each such atomic
/// update moves the count's cache line from core to core: in a 10,000-page build, retains and
/// releases were a fifth of all samples. A thread that renders with copies of its own touches only
/// counts its own core holds.
package enum Unshared {
  /// A copy of `string` in storage of its own. Strings of up to 15 bytes are stored inline and
  /// have no reference to share, so they are returned as they are. The site layer copies its
  /// own per-thread strings (a base URL, a date pattern) with it too.
  package static func copy(_ string: String) -> String {
    var string = string
    guard string.utf8.count > 15 else { return string }
    return string.withUTF8 { bytes in
      String(unsafeUninitializedCapacity: bytes.count) { buffer in
        _ = buffer.initialize(fromContentsOf: bytes)
        return bytes.count
      }
    }
  }

  /// A copy of `bytes` in a buffer of its own.
  static func copy(_ bytes: [UInt8]) -> [UInt8] {
    bytes.withUnsafeBufferPointer { Array($0) }
  }

  static func copy(_ location: SourceLocation) -> SourceLocation {
    SourceLocation(path: copy(location.path), line: location.line, column: location.column)
  }

  static func copy(_ name: NamePath) -> NamePath {
    NamePath(components: name.components.map(copy))
  }

  static func copy(_ delimiters: Delimiters) -> Delimiters {
    Delimiters(open: copy(delimiters.open), close: copy(delimiters.close))
  }

  static func copy(_ nodes: [Node]) -> [Node] {
    nodes.map(copy)
  }

  static func copy(_ node: Node) -> Node {
    switch node {
    case .text(let bytes): .text(copy(bytes))
    case .lineStart: .lineStart
    case .variable(let variable):
      .variable(
        Variable(name: copy(variable.name), isEscaped: variable.isEscaped, location: copy(variable.location)))
    case .section(let section): .section(copy(section))
    case .invertedSection(let section): .invertedSection(copy(section))
    case .partial(let inclusion): .partial(copy(inclusion))
    case .parent(let inclusion): .parent(copy(inclusion))
    case .block(let block): .block(copy(block))
    }
  }

  static func copy(_ section: Section) -> Section {
    Section(
      name: copy(section.name), nodes: copy(section.nodes), rawText: copy(section.rawText),
      delimiters: copy(section.delimiters), location: copy(section.location))
  }

  static func copy(_ inclusion: Inclusion) -> Inclusion {
    let target: Inclusion.Target =
      switch inclusion.target {
      case .name(let name): .name(copy(name))
      case .dynamic(let path): .dynamic(copy(path))
      }
    var overrides: [String: Block] = [:]
    for (name, block) in inclusion.overrides { overrides[copy(name)] = copy(block) }
    return Inclusion(
      target: target, indentation: inclusion.indentation.map(copy), overrides: overrides,
      location: copy(inclusion.location))
  }

  static func copy(_ block: Block) -> Block {
    Block(
      name: copy(block.name), nodes: copy(block.nodes), indentation: copy(block.indentation),
      isStandalone: block.isStandalone, location: copy(block.location))
  }

  static func copy(_ value: TemplateValue) -> TemplateValue {
    switch value {
    case .null, .bool, .int, .double, .lambda: value
    case .string(let string): .string(copy(string))
    case .safeHTML(let html): .safeHTML(copy(html))
    case .array(let elements): .array(elements.map(copy))
    case .object(let members):
      .object(Dictionary(uniqueKeysWithValues: members.map { (copy($0.key), copy($0.value)) }))
    case .record(let record): .record(copy(record))
    }
  }

  static func copy(_ record: TemplateRecord) -> TemplateRecord {
    TemplateRecord(
      entries: ContiguousArray(
        record.entries.map { TemplateRecord.Entry(hash: $0.hash, name: copy($0.name), value: copy($0.value)) }
      ))
  }
}

extension TemplateLibrary {
  /// A copy of the library that shares no node with this one, for a thread that renders many
  /// pages while others render with the library too: rendering updates the reference counts of
  /// the nodes it walks, and counts shared between cores make every update slow. Templates
  /// render the same from either.
  public func unsharedCopy() -> TemplateLibrary {
    var copies: [String: Template] = [:]
    for (name, template) in templates { copies[Unshared.copy(name)] = template.unsharedCopy() }
    return TemplateLibrary(templates: copies, missingPartials: missingPartials)
  }
}

extension Template {
  /// A copy that shares no node with this template (see ``TemplateLibrary/unsharedCopy()``).
  public func unsharedCopy() -> Template {
    Template(name: Unshared.copy(name), path: Unshared.copy(path), nodes: Unshared.copy(nodes))
  }
}

extension TemplateValue {
  /// A copy that shares no storage with this value: its strings, lists and objects copied, at
  /// any depth (lambdas are shared). For data a thread reads on every page it renders while
  /// other threads read the same data: see ``TemplateLibrary/unsharedCopy()``.
  public func unsharedCopy() -> TemplateValue { Unshared.copy(self) }
}

extension TemplateRecord {
  /// A copy that shares no storage with this record (see ``TemplateValue/unsharedCopy()``).
  public func unsharedCopy() -> TemplateRecord { Unshared.copy(self) }
}
