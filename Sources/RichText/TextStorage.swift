/// The flat tables behind an ``AttributedText``: text bytes, block and inline chains, runs.
///
/// Chains are stored as parent-linked records addressed by `Int32` indices, so a run is a few
/// integers: no reference counting per run and no allocation per character. The storage is
/// immutable once built and shared by every value that reads it.
final class TextStorage: Sendable {
  /// All run text, UTF-8, concatenated. It may hold invalid UTF-8 when the source did (cmark-gfm
  /// passes such bytes through unless asked to validate), which keeps rendering byte-exact.
  let bytes: [UInt8]
  let blocks: [BlockRecord]
  let inlines: [InlineRecord]
  let runs: [RunRecord]
  let footnoteReferences: [FootnoteReference]

  init(
    bytes: [UInt8],
    blocks: [BlockRecord],
    inlines: [InlineRecord],
    runs: [RunRecord],
    footnoteReferences: [FootnoteReference]
  ) {
    self.bytes = bytes
    self.blocks = blocks
    self.inlines = inlines
    self.runs = runs
    self.footnoteReferences = footnoteReferences
  }

  func component(at index: Int32) -> PresentationIntent.Component {
    let record = blocks[Int(index)]
    return PresentationIntent.Component(
      kind: record.kind,
      identity: Int(record.identity),
      sourceSpan: record.span
    )
  }

  func inlineComponent(at index: Int32) -> InlineIntent.Component {
    let record = inlines[Int(index)]
    return InlineIntent.Component(kind: record.kind, identity: Int(record.identity), sourceSpan: record.span)
  }
}

/// One block in the block table.
package struct BlockRecord: Sendable {
  /// The block's kind.
  package var kind: PresentationIntent.Kind
  /// The document-unique identity.
  package var identity: Int32
  /// The enclosing block, or -1 at the top level.
  package var parent: Int32
  /// 0 at the top level.
  package var depth: Int32
  /// Where the block is in the source.
  package var span: SourceSpan
}

/// One inline container in the inline table.
package struct InlineRecord: Sendable {
  /// The container's kind.
  package var kind: InlineIntent.Kind
  /// The document-unique identity.
  package var identity: Int32
  /// The enclosing container, or -1 when the container sits directly in its block.
  package var parent: Int32
  /// 0 for the outermost container.
  package var depth: Int32
  /// Where the container is in the source.
  package var span: SourceSpan
}

/// One run: a slice of the text bytes with its chains.
package struct RunRecord: Sendable {
  /// The first byte of the run's text.
  package var start: Int
  /// One past the last byte.
  package var end: Int
  /// The innermost block, or -1.
  package var block: Int32
  /// The innermost inline container, or -1.
  package var inline: Int32
  /// What the run holds.
  package var kind: RunKind
  /// Index into the footnote-reference table for `.footnoteReference` runs, else -1.
  package var payload: Int32
  /// Where the run's leaf node is in the source.
  package var span: SourceSpan

  /// A run record, for code that edits the tables (``TextTables``).
  package init(
    start: Int, end: Int, block: Int32, inline: Int32, kind: RunKind, payload: Int32, span: SourceSpan
  ) {
    self.start = start
    self.end = end
    self.block = block
    self.inline = inline
    self.kind = kind
    self.payload = payload
    self.span = span
  }
}
