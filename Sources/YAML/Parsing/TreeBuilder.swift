import Diagnostics

/// Builds `YAMLValue` trees from parse events with an explicit stack, so that input depth never
/// becomes call depth, and enforces the nesting and alias limits as it goes.
struct TreeBuilder {
  /// A finished node with what the limits need to know about it.
  private struct Built {
    var value: YAMLValue
    /// Nodes in the subtree, counting each alias as the nodes it repeats.
    var size: Int
    /// Collections on the longest path down (0 for a scalar).
    var height: Int
  }

  /// A collection whose end event has not arrived yet.
  private struct Frame {
    var isMapping: Bool
    var properties: NodeProperties
    var location: SourceLocation
    var items: [YAMLValue] = []
    var mapping = MappingBuilder()
    var size = 1
    var height = 1
  }

  let limits: YAMLParser.Limits
  /// Whether a second document is an error.
  let singleDocument: Bool
  private(set) var documents: [YAMLValue] = []
  private var stack: [Frame] = []
  private var root: YAMLValue?
  private var anchors: [String: Built] = [:]
  /// How many open collections carry each anchor, to tell a recursive alias from an undefined one.
  private var openAnchors: [String: Int] = [:]
  private var aliasBudget: Int

  /// ``YAMLParser/ignoresApplicationTags``.
  let ignoresApplicationTags: Bool

  init(limits: YAMLParser.Limits, singleDocument: Bool, ignoresApplicationTags: Bool = false) {
    self.limits = limits
    self.ignoresApplicationTags = ignoresApplicationTags
    self.singleDocument = singleDocument
    aliasBudget = limits.maximumAliasExpansion
  }

  /// `tag`, or nil for a tag that is not YAML's own when ``ignoresApplicationTags``.
  private func kept(_ tag: String?) -> String? {
    guard ignoresApplicationTags, let tag, tag != "!" else { return tag }
    let core = ["str", "null", "bool", "int", "float", "timestamp", "map", "seq"]
    return core.contains { tag == ScalarResolver.tagPrefix + $0 } ? tag : nil
  }

  /// Takes the next event; returns `false` once no more events are wanted.
  mutating func consume(_ event: Event, mapper: inout SourceMapper) throws -> Bool {
    switch event {
    case .streamStart:
      break
    case .streamEnd:
      return false
    case .documentStart(let mark):
      if singleDocument && !documents.isEmpty {
        throw YAMLProblem.extraDocument.error(at: mapper.location(of: mark))
      }
      anchors = [:]
    case .documentEnd:
      documents.append(root ?? YAMLValue(.null))
      root = nil
    case .scalar(let text, let isPlain, var properties):
      properties.tag = kept(properties.tag)
      let location = mapper.location(of: properties.mark)
      switch ScalarResolver.resolve(text, isPlain: isPlain, tag: properties.tag) {
      case .success(let kind):
        let isMergeKey = isPlain && properties.tag == nil && text == "<<"
        try finish(Built(value: YAMLValue(kind, at: location), size: 1, height: 0), properties, isMergeKey)
      case .failure(let problem):
        throw problem.error(at: location)
      }
    case .alias(let anchor, let mark):
      try expandAlias(anchor, at: mapper.location(of: mark))
    case .sequenceStart(var properties), .mappingStart(var properties):
      properties.tag = kept(properties.tag)
      let isMapping = if case .mappingStart = event { true } else { false }
      let location = mapper.location(of: properties.mark)
      guard stack.count < limits.maximumDepth else {
        throw YAMLProblem.tooDeep(limit: limits.maximumDepth).error(at: location)
      }
      guard ScalarResolver.allowsCollection(tag: properties.tag, mapping: isMapping) else {
        throw YAMLProblem.unsupportedTag(tag: ScalarResolver.displayName(of: properties.tag ?? "")).error(
          at: location)
      }
      if let anchor = properties.anchor { openAnchors[anchor, default: 0] += 1 }
      stack.append(Frame(isMapping: isMapping, properties: properties, location: location))
    case .sequenceEnd, .mappingEnd:
      guard let frame = stack.popLast() else { break }
      if let anchor = frame.properties.anchor { openAnchors[anchor]? -= 1 }
      let kind: YAMLValue.Kind =
        frame.isMapping ? .mapping(try frame.mapping.build()) : .sequence(frame.items)
      try finish(
        Built(value: YAMLValue(kind, at: frame.location), size: frame.size, height: frame.height),
        frame.properties, false)
    }
    return true
  }

  private mutating func expandAlias(_ anchor: String, at location: SourceLocation) throws {
    guard let target = anchors[anchor] else {
      if openAnchors[anchor, default: 0] > 0 {
        throw YAMLProblem.recursiveAlias(anchor: anchor).error(at: location)
      }
      throw YAMLProblem.undefinedAlias(anchor: anchor).error(at: location)
    }
    guard stack.count + target.height <= limits.maximumDepth else {
      throw YAMLProblem.aliasTooDeep(anchor: anchor, limit: limits.maximumDepth).error(at: location)
    }
    aliasBudget -= target.size
    guard aliasBudget >= 0 else {
      throw YAMLProblem.aliasExpansion(anchor: anchor, limit: limits.maximumAliasExpansion).error(
        at: location)
    }
    try attach(target, isMergeKey: false)
  }

  private mutating func finish(_ node: Built, _ properties: NodeProperties, _ isMergeKey: Bool) throws {
    if let anchor = properties.anchor {
      anchors[anchor] = node
    }
    try attach(node, isMergeKey: isMergeKey)
  }

  private mutating func attach(_ node: Built, isMergeKey: Bool) throws {
    guard !stack.isEmpty else {
      root = node.value
      return
    }
    let top = stack.count - 1
    stack[top].size += node.size
    stack[top].height = max(stack[top].height, node.height + 1)
    if stack[top].isMapping {
      try stack[top].mapping.add(node.value, isMergeKey: isMergeKey)
    } else {
      stack[top].items.append(node.value)
    }
  }
}
