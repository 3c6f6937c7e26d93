/// A fragment of HTML made ready to be rewritten and written out, as often as needed: read as a
/// list of tokens when it is written the plain, well-formed way Folio's renderer writes HTML,
/// and parsed into a tree by gumbo (``HTMLFragment``) otherwise. Both ways give the same bytes
/// for the same transform; the first takes a fraction of the time, which is what a book of a
/// hundred chapters, each rewritten for its print page and its EPUB, needs.
public struct HTMLMarkup: Sendable {
  /// How the fragment is held.
  enum Form: Sendable {
    case tokens([HTMLToken])
    case tree(HTMLFragment)
  }

  let form: Form
  /// The length of the HTML read: about the length of what it is written as.
  let byteCount: Int
  /// Every `id` the fragment's elements hold.
  public let ids: Set<String>

  /// Reads `bytes` (UTF-8) as a fragment in a `<div>`; throws what ``HTMLFragment`` throws
  /// for a fragment past `limits`.
  public init(parsing bytes: [UInt8], limits: HTMLLimits = HTMLLimits()) throws(HTMLTreeProblem) {
    byteCount = bytes.count
    if let reader = bytes.withUnsafeBufferPointer({ HTMLTokenReader.read($0, limits: limits) }) {
      form = .tokens(reader.tokens)
      ids = reader.ids
      return
    }
    let fragment = try HTMLFragment(parsing: bytes, limits: limits)
    form = .tree(fragment)
    ids = HTMLMarkup.ids(in: fragment)
  }

  /// Whether the fragment was read as tokens, without gumbo.
  public var isReadAsTokens: Bool {
    if case .tokens = form { return true }
    return false
  }

  /// The fragment with `transform` applied to each element, parents before their children (the
  /// children of an element it removes are not visited), written out as `format` prescribes.
  public func rewritten(as format: HTMLSerialization, _ transform: (inout HTMLElementEdit) -> Void) -> [UInt8]
  {
    switch form {
    case .tokens(let tokens):
      HTMLTokenRewriter.write(tokens, as: format, capacity: byteCount + byteCount / 8, transform)
    case .tree(let fragment): fragment.rewritten(transform).serialized(as: format)
    }
  }

  private static func ids(in fragment: HTMLFragment) -> Set<String> {
    var ids: Set<String> = []
    // Without recursion: a fragment may nest deeply.
    var stack = Array(fragment.nodes.reversed())
    while let node = stack.popLast() {
      guard case .element(let element) = node else { continue }
      if let id = element[attribute: "id"] { ids.insert(id) }
      stack.append(contentsOf: element.children.reversed())
    }
    return ids
  }
}
