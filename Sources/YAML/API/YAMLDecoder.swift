import Diagnostics

/// Decodes `Decodable` types from ``YAMLValue`` trees, reporting mismatches where the value is written.
///
/// Scalars convert only to their own kind: a string never becomes a number or a boolean, and an
/// integer becomes a `Double` but a `String` only if quoted. Errors are `DiagnosticError`s such as
/// `site.yaml:3:8: error: expected a boolean for 'draft', found the string 'maybe'`.
public struct YAMLDecoder: Sendable {
  /// Values handed to every `init(from:)` through `Decoder.userInfo`.
  public var userInfo: [CodingUserInfoKey: any Sendable]

  /// Creates a decoder.
  public init(userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
    self.userInfo = userInfo
  }

  /// Decodes `type` from `value`.
  public func decode<T: Decodable>(_ type: T.Type, from value: YAMLValue) throws -> T {
    let decoder = NodeDecoder(node: value, codingPath: [], userInfo: userInfo)
    do {
      return try decoder.decode(type)
    } catch let error as DecodingError {
      throw Self.diagnose(error, root: value)
    }
  }

  /// Parses `text` as one YAML or JSON document and decodes `type` from it.
  public func decode<T: Decodable>(_ type: T.Type, from text: String, path: String, lineOffset: Int = 0)
    throws
    -> T
  {
    try decode(type, from: YAMLValue.parse(text, path: path, lineOffset: lineOffset))
  }

  /// Places a `DecodingError` from a type's own `init(from:)` at the node its coding path names.
  private static func diagnose(_ error: DecodingError, root: YAMLValue) -> DiagnosticError {
    let context: DecodingError.Context
    let problem: DecodingProblem
    switch error {
    case .keyNotFound(let key, let errorContext):
      context = errorContext
      problem = .missingKey(key.stringValue)
    case .typeMismatch(_, let errorContext), .valueNotFound(_, let errorContext),
      .dataCorrupted(let errorContext):
      context = errorContext
      problem = .rejected(reason: errorContext.debugDescription)
    @unknown default:
      return DiagnosticError(Diagnostic.error("\(error)", at: root.location))
    }
    let node = node(at: context.codingPath, in: root)
    return problem.error(at: node.location, codingPath: context.codingPath)
  }

  /// The deepest node along `codingPath` that exists.
  private static func node(at codingPath: [any CodingKey], in root: YAMLValue) -> YAMLValue {
    var node = root
    for key in codingPath {
      switch node.kind {
      case .mapping(let mapping):
        guard let entry = mapping.first(where: { $0.key.codingKeyText == key.stringValue }) else {
          return node
        }
        node = entry.value
      case .sequence(let items):
        guard let index = key.intValue, items.indices.contains(index) else { return node }
        node = items[index]
      default:
        return node
      }
    }
    return node
  }
}
