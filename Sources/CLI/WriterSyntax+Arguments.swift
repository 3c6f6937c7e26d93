import MarkdownParsing

extension WriterSyntax {
  /// The syntax named by `--syntax` values: each a ``WriterSyntax`` raw value, or `all`.
  static func parse(_ names: [String]) throws -> Set<WriterSyntax> {
    var syntax: Set<WriterSyntax> = []
    for name in names {
      if name == "all" {
        syntax.formUnion(allCases)
      } else if let one = WriterSyntax(rawValue: name) {
        syntax.insert(one)
      } else {
        throw UsageError(
          "unknown syntax '\(name)' (expected one of: \(allCases.map(\.rawValue).joined(separator: ", ")), all)"
        )
      }
    }
    return syntax
  }
}
