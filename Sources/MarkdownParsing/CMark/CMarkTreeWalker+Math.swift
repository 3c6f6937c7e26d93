internal import CCmarkGFM
import RichText

#if canImport(Glibc)
  internal import Glibc
#endif

/// TeX formulas (Sources/CCmarkGFM/Math.c): the extension keeps each formula's TeX and position,
/// which the walker copies into a `.math` inline container or block holding one `.text` run.
extension CMarkTreeWalker {
  /// The extension to attach when `syntax` has ``WriterSyntax/math``.
  static func mathExtension(for syntax: Set<WriterSyntax>) -> OpaquePointer? {
    syntax.contains(.math) ? folio_math_extension() : nil
  }

  /// A formula within a line: the container spans its delimiters, the run its TeX.
  mutating func appendFormula(_ node: OpaquePointer) {
    var position = folio_math_position()
    let tex = folio_math_inline(node, &position).map(UnsafeRawPointer.init)
    let line = position.line > 0 ? position.line + lineOffset : 0
    let whole = SourceSpan(
      cmarkStartLine: line, startColumn: position.start_column, endLine: line, endColumn: position.end_column)
    let content = SourceSpan(
      cmarkStartLine: line, startColumn: position.content_start_column, endLine: line,
      endColumn: position.content_end_column)
    builder.openInline(.math(display: position.display), span: whole)
    let bytes = UnsafeBufferPointer(
      start: tex?.assumingMemoryBound(to: UInt8.self), count: tex == nil ? 0 : position.length)
    builder.appendRun(.text, bytes: bytes, span: content)
    countRun()
    builder.closeInline()
  }

  /// A `$$` block: cmark-gfm gives its start and content; the extension, where it ends.
  mutating func appendMathBlock(_ node: OpaquePointer) {
    var line: Int32 = 0
    var column: Int32 = 0
    let isClosed = folio_math_block_end(node, &line, &column)
    let start = span(node)
    let whole = SourceSpan(
      cmarkStartLine: Int32(start.startLine), startColumn: Int32(start.startColumn),
      endLine: line > 0 ? line + lineOffset : 0, endColumn: column)
    appendFormulaBlock(node, kind: .math(isClosed: isClosed), span: whole)
  }

  /// A block whose one run is the node's literal, the TeX as written.
  mutating func appendFormulaBlock(
    _ node: OpaquePointer, kind: PresentationIntent.Kind, span whole: SourceSpan
  ) {
    builder.openBlock(kind, span: whole)
    let literal = cmark_node_get_literal(node).map(UnsafeRawPointer.init)
    let count = literal.map { strlen($0.assumingMemoryBound(to: CChar.self)) } ?? 0
    builder.appendRun(
      .text, bytes: UnsafeBufferPointer(start: literal?.assumingMemoryBound(to: UInt8.self), count: count),
      span: whole)
    countRun()
    builder.closeBlock()
  }
}
