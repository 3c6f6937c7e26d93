import FuzzSupport
import HTMLRendering
import MarkdownParsing
import RichText

/// libFuzzer target: TeX formulas (`WriterSyntax.math`, the C extension in Math.c), with the
/// `:::` containers that share its block hooks.
///
/// The first byte picks the GFM extensions; the rest is Markdown. Properties: parsing, dumping
/// and rendering never crash or hang; a document without `$` and without a `math` fence parses
/// to exactly the model it has without the syntax; every formula within a line has a span on one
/// line of the document, and its TeX is never longer than the document (a NUL byte reads as
/// U+FFFD, three bytes).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMath(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let flags = input.takeByte()
  let document = Array(input.rest)
  var options = MarkdownOptions(syntax: [.math, .messages, .details])
  for (bit, name) in MarkdownExtension.allCases.enumerated() where flags & (1 << bit) != 0 {
    options.extensions.insert(name)
  }
  let text = MarkdownParser(options: options).parse(document)
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
