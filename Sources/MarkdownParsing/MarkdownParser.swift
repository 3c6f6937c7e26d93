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
    var tooDeepContainer: TooDeepContainer? = nil
    return parse(bytes, tooDeepContainer: &tooDeepContainer)
  }

  /// Parses UTF-8 bytes, and sets `tooDeepContainer` to the first `:::` line that would have opened
  /// a container inside ``maximumContainerDepth`` others (the text reads it as a paragraph's line),
  /// or to nil: what a site build refuses.
  package func parse(_ bytes: some Collection<UInt8>, tooDeepContainer: inout TooDeepContainer?)
    -> AttributedText
  {
    var text =
      bytes.withContiguousStorageIfAvailable {
        CMarkConverter.convert($0, options: options, tooDeepContainer: &tooDeepContainer)
      }
      ?? Array(bytes).withUnsafeBufferPointer {
        CMarkConverter.convert($0, options: options, tooDeepContainer: &tooDeepContainer)
      }
    if !options.syntax.isEmpty { text = WriterSyntaxRewriter.rewrite(consume text, options: options) }
    return options.extendedAttributes ? ExtendedAttributeRewriter.rewrite(text) : text
  }

  /// How many `:::` containers (``WriterSyntax/messages``, ``WriterSyntax/notes``,
  /// ``WriterSyntax/details``) may hold one another: 32. A line that would open one deeper is
  /// not an opening line. cmark-gfm asks every open container about every line, so this keeps
  /// a page's parse linear in its size; Zenn and Qiita pages nest two or three.
  package static let maximumContainerDepth = CMarkTreeWalker.maximumContainerDepth

  /// The steps the `:::` container extension has taken on the calling thread, ever: a count of
  /// work (callbacks, blocks walked, bytes read) for tests that check a parse's work grows in
  /// proportion to the page. A parse runs on its caller's thread, so the difference before and
  /// after one is its own.
  package static var containerStepsOnThisThread: Int { CMarkTreeWalker.containerSteps }

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
