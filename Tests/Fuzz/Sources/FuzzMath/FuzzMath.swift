import FuzzSupport
import HTMLRendering

@testable import MarkdownParsing
@testable import RichText

/// libFuzzer target: TeX formulas (`WriterSyntax.math`, the C extension in Math.c), with the
/// `:::` containers that share its block hooks (Containers.c).
///
/// The first byte picks the GFM extensions; the rest is Markdown. Properties: parsing, dumping
/// and rendering never crash or hang; a document without `$` and without a `math` fence parses
/// to exactly the model it has without the syntax; every formula within a line has a span on one
/// line of the document, and its TeX is never longer than the document (a NUL byte reads as
/// U+FFFD, three bytes); no `:::` container lies inside more than
/// `MarkdownParser.maximumContainerDepth` in all, and a line reported as opening one deeper is a
/// line of the document.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMath(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let flags = input.takeByte()
  let document = Array(input.rest)
  var options = MarkdownOptions(syntax: [.math, .messages, .notes, .details])
  for (bit, name) in MarkdownExtension.allCases.enumerated() where flags & (1 << bit) != 0 {
    options.extensions.insert(name)
  }
  var tooDeep: TooDeepContainer? = nil
  let text = MarkdownParser(options: options).parse(document, tooDeepContainer: &tooDeep)
  let dump = text.dump()
  _ = HTMLRenderer().renderBytes(text)

  // Lines as cmark-gfm counts them: `\r\n`, `\r` or `\n` ends one. (Columns are not checked:
  // cmark-gfm shifts those of a lazy continuation line by its container's offset, for every
  // inline alike.)
  var lines = 1
  for (index, byte) in document.enumerated()
  where byte == 0x0A || (byte == 0x0D && (index + 1 == document.count || document[index + 1] != 0x0A)) {
    lines += 1
  }
  if let span = tooDeep?.span, span.startLine < 1 || span.startLine > lines || span.startColumn < 1 {
    FuzzFailure.fail("too deep container reported at \(span), out of the document", input: input.bytes)
  }
  // Containers around each block (GitHub alerts are block quotes, not limited): parents come first.
  var containerDepths: [Int] = []
  for record in text.blockRecords {
    let isContainer =
      switch record.kind {
      case .callout(let callout): callout.syntax != .gitHubAlert
      case .disclosure: true
      default: false
      }
    let outer =
      record.parent >= 0 && Int(record.parent) < containerDepths.count
      ? containerDepths[Int(record.parent)] : 0
    containerDepths.append(outer + (isContainer ? 1 : 0))
  }
  if let deepest = containerDepths.max(), deepest > MarkdownParser.maximumContainerDepth {
    FuzzFailure.fail("containers nest \(deepest) deep", input: input.bytes)
  }
  for run in text.runs {
    guard let formula = run.inlineIntent?.innermost, case .math = formula.kind else { continue }
    let span = formula.sourceSpan
    if span.startLine < 1 || span.startLine > lines || span.endLine != span.startLine
      || span.endColumn < span.startColumn || run.utf8.count > document.count * 3
    {
      FuzzFailure.fail("formula span \(span) out of the document", input: input.bytes)
    }
  }
  let hasMathFence = document.indices.contains { index in
    document[index...].starts(with: Array("```math".utf8))
      || document[index...].starts(with: Array("~~~math".utf8))
  }
  if !document.contains(UInt8(ascii: "$")), !hasMathFence {
    options.syntax.remove(.math)
    if MarkdownParser(options: options).parse(document).dump() != dump {
      FuzzFailure.fail("math syntax changed a document without '$'", input: input.bytes)
    }
  }
  return 0
}
