import CMarkReference
import FuzzSupport
import HTMLRendering
import MarkdownParsing

/// libFuzzer target (a): Markdown → Folio's model → HTML must be byte for byte what cmark-gfm's
/// own `cmark_render_html` renders from the same bytes and options.
///
/// The first two bytes choose the options (each bit one `folio render` flag), the rest is the
/// document. Folio parses first: its table of special characters is then filled for exactly
/// these extensions (Sources/CCmarkGFM/InlineTable.c), which is the table cmark-gfm alone
/// would parse with, so the reference parse sees what it would see in its own process.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdown(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let flags = input.takeByte()
  let more = input.takeByte()
  let document = Array(input.rest)

  var markdown = MarkdownOptions(
    smartPunctuation: flags & 0x01 != 0, validatesUTF8: flags & 0x02 != 0,
    strikethroughNeedsDoubleTilde: flags & 0x04 != 0)
  var extensionBits: UInt32 = 0
  for (bit, name) in MarkdownExtension.allCases.enumerated() where more & (1 << bit) != 0 {
    markdown.extensions.insert(name)
    if name != .footnotes { extensionBits |= 1 << UInt32(bit) }
  }
  markdown.sourcePositions = flags & 0x10 != 0
  let unsafe = flags & 0x08 != 0
  var html = HTMLRenderOptions(
    allowsRawHTML: unsafe, allowsUnsafeURLs: unsafe, filtersTags: markdown.extensions.contains(.tagfilter),
    includesSourcePositions: flags & 0x10 != 0, usesGitHubPreLang: flags & 0x20 != 0,
    includesFullInfoString: more & 0x40 != 0, prefersStyleAttributesInTables: more & 0x80 != 0)
  // As cmark-gfm: hard breaks win over no breaks.
  if flags & 0x40 != 0 {
    html.softBreak = .lineBreak
  } else if flags & 0x80 != 0 {
    html.softBreak = .space
  }

  let ours = HTMLRenderer(options: html).renderBytes(MarkdownParser(options: markdown).parse(document))

  var options: Int32 = 0
  if markdown.smartPunctuation { options |= CMARK_OPT_SMART }
  if markdown.validatesUTF8 { options |= CMARK_OPT_VALIDATE_UTF8 }
  if markdown.strikethroughNeedsDoubleTilde { options |= CMARK_OPT_STRIKETHROUGH_DOUBLE_TILDE }
  if markdown.extensions.contains(.footnotes) { options |= CMARK_OPT_FOOTNOTES }
  if unsafe { options |= CMARK_OPT_UNSAFE }
  if html.includesSourcePositions { options |= CMARK_OPT_SOURCEPOS }
  if html.usesGitHubPreLang { options |= CMARK_OPT_GITHUB_PRE_LANG }
  if html.includesFullInfoString { options |= CMARK_OPT_FULL_INFO_STRING }
  if html.prefersStyleAttributesInTables { options |= CMARK_OPT_TABLE_PREFER_STYLE_ATTRIBUTES }
  if flags & 0x40 != 0 { options |= CMARK_OPT_HARDBREAKS }
  if flags & 0x80 != 0 { options |= CMARK_OPT_NOBREAKS }

  var length = 0
  let reference = document.withUnsafeBufferPointer { buffer in
    buffer.withMemoryRebound(to: CChar.self) {
      reference_render_html($0.baseAddress, $0.count, options, extensionBits, &length)
    }
  }
  defer { reference_free(reference) }
  let theirs =
    reference.map {
      $0.withMemoryRebound(to: UInt8.self, capacity: length) {
        Array(UnsafeBufferPointer(start: $0, count: length))
      }
    } ?? []

  if ours != theirs {
    FuzzFailure.fail(
      "Folio's HTML differs from cmark_render_html (options \(options), extensions \(extensionBits))\n"
        + "cmark-gfm: \(FuzzFailure.escaped(theirs[...]))\nFolio:     \(FuzzFailure.escaped(ours[...]))",
      input: input.bytes)
  }
  return 0
}
