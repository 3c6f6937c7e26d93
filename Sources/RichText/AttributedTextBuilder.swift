/// Builds an ``AttributedText`` in document order: open a block, append runs, close it.
///
/// The Markdown converter drives it from cmark-gfm's iterator; rewriters in `Site` drive it to
/// produce changed copies. Identities are handed out in opening order, starting at 1.
///
/// ```swift
/// var builder = AttributedTextBuilder()
/// builder.openBlock(.paragraph)
/// builder.openInline(.link(Link(url: "https://example.com")))
/// builder.appendRun(.text, text: "example")
/// builder.closeInline()
/// builder.closeBlock()
/// HTMLRenderer().render(builder.build())  // "<p><a href=\"https://example.com\">example</a></p>\n"
/// ```
public struct AttributedTextBuilder: Sendable {
  private var bytes: [UInt8] = []
  private var blocks: [BlockRecord] = []
  private var inlines: [InlineRecord] = []
  private var runs: [RunRecord] = []
  private var footnoteReferences: [FootnoteReference] = []
  private var currentBlock: Int32 = -1
  private var currentInline: Int32 = -1
  private var nextIdentity: Int32 = 1

  /// Creates a builder, reserving room for about `estimatedBytes` of text.
  public init(estimatedBytes: Int = 0) {
    bytes.reserveCapacity(estimatedBytes)
    runs.reserveCapacity(estimatedBytes / 8)
    blocks.reserveCapacity(estimatedBytes / 40)
  }

  /// The table index of the innermost open block, or -1.
  package var openBlockIndex: Int32 { currentBlock }

  /// Opens a block inside the current one; the runs appended until ``closeBlock()`` are in it.
  ///
  /// ```swift
  /// var builder = AttributedTextBuilder()
  /// builder.openBlock(.header(level: 1))
  /// builder.appendRun(.text, text: "Title")
  /// builder.closeBlock()
  /// HTMLRenderer().render(builder.build())  // "<h1>Title</h1>\n"
  /// ```
  public mutating func openBlock(_ kind: PresentationIntent.Kind, span: SourceSpan = .unknown) {
    let depth = currentBlock < 0 ? 0 : blocks[Int(currentBlock)].depth + 1
    blocks.append(
      BlockRecord(kind: kind, identity: nextIdentity, parent: currentBlock, depth: depth, span: span))
    nextIdentity += 1
    currentBlock = Int32(blocks.count - 1)
  }

  /// Closes the innermost open block (and any inline container still open in it).
  public mutating func closeBlock() {
    precondition(currentBlock >= 0, "closeBlock() without an open block")
    currentInline = -1
    currentBlock = blocks[Int(currentBlock)].parent
  }

  /// Replaces the kind of a block already opened, for facts known only later (footnote counts).
  package mutating func setKind(_ kind: PresentationIntent.Kind, ofBlock index: Int32) {
    blocks[Int(index)].kind = kind
  }

  /// The kind of a block already opened.
  package func kind(ofBlock index: Int32) -> PresentationIntent.Kind {
    blocks[Int(index)].kind
  }

  /// Opens an inline container inside the current one.
  public mutating func openInline(_ kind: InlineIntent.Kind, span: SourceSpan = .unknown) {
    let depth = currentInline < 0 ? 0 : inlines[Int(currentInline)].depth + 1
    inlines.append(
      InlineRecord(kind: kind, identity: nextIdentity, parent: currentInline, depth: depth, span: span))
    nextIdentity += 1
    currentInline = Int32(inlines.count - 1)
  }

  /// Closes the innermost inline container.
  public mutating func closeInline() {
    precondition(currentInline >= 0, "closeInline() without an open container")
    currentInline = inlines[Int(currentInline)].parent
  }

  /// Appends a run whose text is `text`'s bytes (the parser's fast path).
  package mutating func appendRun(_ kind: RunKind, bytes text: UnsafeBufferPointer<UInt8>, span: SourceSpan) {
    let start = bytes.count
    bytes.append(contentsOf: text)
    runs.append(
      RunRecord(
        start: start, end: bytes.count, block: currentBlock, inline: currentInline, kind: kind, payload: -1,
        span: span))
  }

  /// Appends a run whose text is the UTF-8 bytes `utf8`, kept as they are even when they are
  /// not valid UTF-8 (so that a rewritten text renders what the source held).
  public mutating func appendRun(_ kind: RunKind, utf8: [UInt8], span: SourceSpan = .unknown) {
    utf8.withUnsafeBufferPointer { appendRun(kind, bytes: $0, span: span) }
  }

  /// Appends a run whose text is `text`.
  ///
  /// ```swift
  /// builder.appendRun(.code, text: "x < y")  // `x < y`
  /// builder.appendRun(.softBreak, text: " ")
  /// ```
  public mutating func appendRun(_ kind: RunKind, text: String, span: SourceSpan = .unknown) {
    var text = text
    text.withUTF8 { appendRun(kind, bytes: $0, span: span) }
  }

  /// Appends a footnote-reference run; its text is the footnote's number.
  public mutating func appendFootnoteReference(_ reference: FootnoteReference, span: SourceSpan) {
    appendRun(.footnoteReference, text: String(reference.index), span: span)
    footnoteReferences.append(reference)
    runs[runs.count - 1].payload = Int32(footnoteReferences.count - 1)
  }

  /// Replaces a footnote reference recorded earlier (its label is known only at the end).
  package mutating func updateFootnoteReference(_ index: Int, _ update: (inout FootnoteReference) -> Void) {
    update(&footnoteReferences[index])
  }

  /// How many runs were appended so far.
  package var runCount: Int { runs.count }

  /// How many footnote references were appended so far.
  package var footnoteReferenceCount: Int { footnoteReferences.count }

  /// The finished text.
  public func build() -> AttributedText {
    AttributedText(
      storage: TextStorage(
        bytes: bytes, blocks: blocks, inlines: inlines, runs: runs, footnoteReferences: footnoteReferences))
  }
}
