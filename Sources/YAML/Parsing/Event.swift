/// A position as libyaml counts it: 0-based, in characters (code points), not bytes.
struct Mark: Hashable {
  /// Characters from the start of the input.
  var index: Int
  /// Line breaks before this position.
  var line: Int
  /// Characters from the start of the line.
  var column: Int
}

/// The anchor, tag and start of a node, as written.
struct NodeProperties {
  var anchor: String?
  /// The resolved tag (`tag:yaml.org,2002:str` for `!!str`), or `nil` when none was written.
  var tag: String?
  var mark: Mark
}

/// A libyaml parse event, converted to Swift values so that no C memory outlives the event.
enum Event {
  case streamStart
  case streamEnd
  case documentStart(Mark)
  case documentEnd
  case alias(anchor: String, mark: Mark)
  case scalar(text: String, isPlain: Bool, properties: NodeProperties)
  case sequenceStart(NodeProperties)
  case sequenceEnd
  case mappingStart(NodeProperties)
  case mappingEnd
}
