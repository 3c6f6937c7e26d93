/// The pair of strings that open and close tags: `{{` and `}}` unless a `{{=<% %>=}}` tag changes
/// them.
struct Delimiters: Sendable, Hashable {
  /// The opening delimiter, as UTF-8.
  let open: [UInt8]
  /// The closing delimiter, as UTF-8.
  let close: [UInt8]

  /// `{{` and `}}`.
  static let standard = Delimiters(open: Array("{{".utf8), close: Array("}}".utf8))
}
