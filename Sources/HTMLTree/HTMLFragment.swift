/// A fragment of HTML as a tree: what a page's content HTML parses to as the children of a
/// `<div>` in a document's `<body>`, by the HTML5 parsing algorithm (gumbo).
///
/// Parsing, rewriting and serialising never recurse on the call stack, so a deep tree cannot
/// exhaust it; parsing rejects a tree deeper or larger than its ``HTMLLimits``.
public struct HTMLFragment: Sendable, Hashable {
  /// The top-level nodes in document order.
  public var nodes: [HTMLNode]

  /// Creates a fragment of `nodes`.
  public init(_ nodes: [HTMLNode]) {
    self.nodes = nodes
  }

  /// Parses `bytes` (UTF-8; invalid sequences become U+FFFD) as a fragment in a `<div>`.
  public init(parsing bytes: some Collection<UInt8>, limits: HTMLLimits = HTMLLimits())
    throws(HTMLTreeProblem)
  {
    let input = Array(bytes)
    guard input.count <= limits.maxBytes else {
      throw HTMLTreeProblem(.tooLong(bytes: input.count, limit: limits.maxBytes))
    }
    // gumbo's time is its tags times the depth of its open elements, so a page of 100,000
    // nested <div>s would take minutes: a scan that errs on the deep side stops it first.
    var estimate = NestingEstimate(limits: limits)
    if let problem = input.withUnsafeBufferPointer({ estimate.problem(in: $0) }) { throw problem }
    nodes = try GumboConverter.parse(input, limits: limits)
  }

  /// The fragment written out as `format` prescribes; the same tree always gives the same bytes.
  public func serialized(as format: HTMLSerialization) -> [UInt8] {
    var serializer = HTMLSerializer(format: format)
    serializer.write(nodes)
    return serializer.output
  }

  /// The fragment with `transform` applied to each element, parents before their children (the
  /// children of an element it removes are not visited).
  public func rewritten(_ transform: (inout HTMLElementEdit) -> Void) -> HTMLFragment {
    HTMLFragment(HTMLRewriter.rewrite(nodes, transform))
  }
}
