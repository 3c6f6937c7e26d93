import RichText

/// Parses Markdown with cmark-gfm into an ``AttributedText``.
///
/// Parsing never fails: Markdown has no syntax errors. The parser is a value; use one from
/// many threads at once.
///
/// ```swift
/// let text = MarkdownParser(options: .gitHubFlavored).parse("# Hello *world*")
/// ```
public struct MarkdownParser: Sendable {
  /// The options this parser applies.
  public var options: MarkdownOptions

  /// Creates a parser.
  public init(options: MarkdownOptions = MarkdownOptions()) {
    self.options = options
  }

  /// Parses UTF-8 bytes (invalid sequences are kept as they are unless
  /// ``MarkdownOptions/validatesUTF8`` is set).
  public func parse(_ bytes: some Collection<UInt8>) -> AttributedText {
    var text =
      bytes.withContiguousStorageIfAvailable { CMarkConverter.convert($0, options: options) }
      ?? Array(bytes).withUnsafeBufferPointer { CMarkConverter.convert($0, options: options) }
    if !options.syntax.isEmpty { text = WriterSyntaxRewriter.rewrite(consume text, options: options) }
    return options.extendedAttributes ? ExtendedAttributeRewriter.rewrite(text) : text
  }

  /// Whether parses on different threads run at the same time.
  ///
  /// True where Folio links cmark-gfm statically and owns its process-wide table of special
  /// characters (Linux); elsewhere parses take turns, which is correct and slower.
  public static var parsesOnManyThreadsAtOnce: Bool { CMarkConverter.parsesConcurrently }

  /// Parses a string.
  public func parse(_ string: String) -> AttributedText {
    var string = string
    return string.withUTF8 { parse($0) }
  }
}
