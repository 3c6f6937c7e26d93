import Diagnostics
import HTMLRendering
import RichText
import SyntaxHighlighting

/// The highlighted code blocks of one page, as a block override: fenced blocks with a language
/// the library knows are written by ``CodeBlockHTML``; the rest render as cmark-gfm does.
///
/// Every block is highlighted when the value is made (the page's content and its summary then
/// share the result), with one borrowed highlighter, so a page holds one for as long as it
/// highlights. A fence without a language is left to the renderer: byte-identical to cmark-gfm.
public struct HighlightedCodeBlocks: HTMLBlockOverride, Sendable {
  /// HTML for each highlighted block, by block identity.
  private var blocks: [Int: [UInt8]] = [:]
  /// Unknown languages and options, at their fences.
  public private(set) var warnings: [Diagnostic] = []

  /// Highlights the code blocks of `text`, from the file `path` (for warnings).
  /// The highlighter is asked for only when a block has a language: a page without loads no
  /// library.
  public init(
    text: AttributedText, path: String, highlighter makeHighlighter: @autoclosure () -> CodeHighlighter
  ) {
    var loaded: CodeHighlighter? = nil
    let records = text.blockRecords
    var fences: [Int32: (FenceInfo, String, SourceSpan)] = [:]
    for (index, record) in records.enumerated() {
      guard case .codeBlock(_, let info, true) = record.kind, !info.isEmpty else { continue }
      let fence = FenceInfo(info)
      // Diagrams and formulas are the site's to render (Mermaid sources: SiteComponents'
      // WritingBlocks), never unknown languages.
      guard let language = fence.language, language != "mermaid", language != "math" else { continue }
      let location = record.span.start(in: path)
      for option in fence.unknownOptions {
        warnings.append(
          .warning("unknown code block option '\(option)'", at: location, hint: Self.optionsHint))
      }
      for option in fence.invalidOptions {
        warnings.append(
          .warning(
            "code block option '\(option)' has a value Folio cannot read", at: location,
            hint: Self.optionsHint))
      }
      let highlighter = loaded ?? makeHighlighter()
      loaded = highlighter
      switch highlighter.match(language) {
      case .definition(let definition):
        fences[Int32(index)] = (fence, definition, record.span)
      case .plainText:
        if fence.hasLineMarkup || fence.title != nil { fences[Int32(index)] = (fence, "", record.span) }
      case .unknown(let closest):
        let hint = closest.map { "did you mean '\($0.name)' (\($0.definition))?" }
        warnings.append(
          .warning("unknown code block language '\(language)'; shown as plain text", at: location, hint: hint)
        )
      }
    }
    guard !fences.isEmpty, let highlighter = loaded else { return }
    let bytes = text.bytes
    let runs = text.runRecords
    highlighter.pool.withHighlighter { engine in
      for run in runs where run.block >= 0 {
        guard let (fence, definition, _) = fences[run.block] else { continue }
        let identity = Int(records[Int(run.block)].identity)
        bytes.withUnsafeBufferPointer { all in
          let code = UnsafeBufferPointer(rebasing: all[run.start..<run.end])
          // Offsets are counted in valid UTF-8; a block that is not stays as cmark-gfm writes it.
          guard Self.isValidUTF8(code) else { return }
          let tokens = definition.isEmpty ? [] : engine.tokens(of: code, definition: definition) ?? []
          var writer = HTMLWriter(capacity: code.count * 2)
          CodeBlockHTML.write(
            code, tokens: tokens, language: fence.language ?? "", fence: fence, into: &writer)
          blocks[identity] = writer.bytes
        }
      }
    }
  }

  /// Whether any block was highlighted: a page without is rendered as it was.
  public var isEmpty: Bool { blocks.isEmpty }

  /// Writes a highlighted block in place of cmark-gfm's.
  public mutating func openBlock(_ block: HTMLBlockContext, into writer: inout HTMLWriter)
    -> HTMLBlockOverrideAction
  {
    guard case .codeBlock = block.component.kind, let html = blocks[block.component.identity] else {
      return .render
    }
    writer.newlineIfNeeded()
    writer.raw(bytes: html)
    return .replace
  }

  /// Whether `bytes` are valid UTF-8; ASCII (most code) is checked without making a string.
  private static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.allSatisfy { $0 < 0x80 } || String(validating: bytes, as: UTF8.self) != nil
  }

  private static let optionsHint =
    "code blocks take linenos, linenostart=N, hl_lines=\"2 4-6\" and title=\"name\" (Content/docs/markdown.md)"
}
