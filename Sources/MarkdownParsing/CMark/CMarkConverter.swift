internal import CCmarkGFM
import RichText

/// The one door to cmark-gfm: parses with the C library, walks its tree once with
/// `cmark_iter`, copies every node into an ``AttributedTextBuilder`` and drops the C tree
/// with its ``CMarkArena``.
///
/// No cmark type leaves this file's folder.
enum CMarkConverter {
  /// Whether `folio_cmark_parse` lets parses on different threads run at once.
  static var parsesConcurrently: Bool { folio_cmark_parses_concurrently() }

  /// The model of `input`; `tooDeepContainer` gets the first `:::` line that would have opened a
  /// container deeper than ``MarkdownParser/maximumContainerDepth`` (read as text), if any.
  static func convert(
    _ input: UnsafeBufferPointer<UInt8>, options: MarkdownOptions, tooDeepContainer: inout TooDeepContainer?
  ) -> AttributedText {
    CMarkRegistry.ensureRegistered()
    // With --validate-utf8, cmark-gfm's positions count in its repaired copy of the input, so
    // the walker reads labels back from the same copy. Made before the parse: when the input
    // needs no repair (nearly every page), cmark-gfm is not asked to validate what is valid (its
    // check copies every line byte by byte, and changes nothing in such an input; NUL bytes are
    // replaced with or without it).
    let needsRepair = options.validatesUTF8 && input.contains(where: { $0 >= 0x80 })
    let repaired = needsRepair ? CMarkUTF8.repaired(input) : nil
    var flags = CMARK_OPT_DEFAULT
    if options.smartPunctuation { flags |= CMARK_OPT_SMART }
    if repaired != nil { flags |= CMARK_OPT_VALIDATE_UTF8 }
    if options.strikethroughNeedsDoubleTilde { flags |= CMARK_OPT_STRIKETHROUGH_DOUBLE_TILDE }
    // Footnotes only where `[^` is written: every definition (`[^x]:`) and reference (`[^x]`)
    // starts with those two bytes, and without them cmark-gfm's footnote pass would walk the
    // whole tree twice to find nothing.
    if options.extensions.contains(.footnotes), holdsFootnoteMarker(input) { flags |= CMARK_OPT_FOOTNOTES }
    if options.sourcePositions { flags |= CMARK_OPT_SOURCEPOS }

    // Everything cmark-gfm allocates comes from the arena and goes when it ends, so neither
    // the parser nor the tree is freed node by node.
    return CMarkArena.withAllocator(sizeHint: input.count) { memory in
      guard let parser = cmark_parser_new_with_mem(flags, memory) else { return AttributedText() }
      // Fenced containers first: cmark-gfm asks extensions in order whether a line opens a block,
      // and the table extension answers for every line after a paragraph's first.
      for container in CMarkTreeWalker.containerExtensions(for: options.syntax) {
        cmark_parser_attach_syntax_extension(parser, container)
      }
      if let indented = CMarkTreeWalker.indentedExtension(for: options.syntax) {
        cmark_parser_attach_syntax_extension(parser, indented)
      }
      if let math = CMarkTreeWalker.mathExtension(for: options.syntax) {
        cmark_parser_attach_syntax_extension(parser, math)
      }
      // Attach in the order cmark-gfm's CLI would for `-e` flags; footnotes is an option, not
      // an extension.
      for name in MarkdownExtension.allCases where name != .footnotes && options.extensions.contains(name) {
        if let syntaxExtension = cmark_find_syntax_extension(name.rawValue) {
          cmark_parser_attach_syntax_extension(parser, syntaxExtension)
        }
      }
      // Parses many pages at once on different threads; see folio_cmark_parse for what that
      // takes with cmark-gfm's process-wide table of special characters.
      let parsed = input.withMemoryRebound(to: CChar.self) {
        folio_cmark_parse(parser, $0.baseAddress, $0.count)
      }
      guard let document = parsed else { return AttributedText() }
      tooDeepContainer = CMarkTreeWalker.tooDeepContainer(in: document, lineOffset: options.lineOffset)
      guard let repaired else {
        var walker = CMarkTreeWalker(
          source: input, lineOffset: Int32(clamping: options.lineOffset),
          mathFences: options.syntax.contains(.math))
        walker.walk(document)
        return walker.finish()
      }
      return repaired.withUnsafeBufferPointer { source in
        var walker = CMarkTreeWalker(
          source: source, lineOffset: Int32(clamping: options.lineOffset),
          mathFences: options.syntax.contains(.math))
        walker.walk(document)
        return walker.finish()
      }
    }
  }
}

extension CMarkConverter {
  /// Whether `input` holds `[^`, which cmark-gfm's footnote definitions and references start
  /// with (and which repairing invalid UTF-8 neither makes nor breaks: both are ASCII).
  static func holdsFootnoteMarker(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
    var start = 0
    while let caret = ByteScan.firstIndex(
      of: UInt8(ascii: "^"), or: UInt8(ascii: "^"), in: input, from: start)
    {
      if caret > 0, input[caret - 1] == UInt8(ascii: "[") { return true }
      start = caret + 1
    }
    return false
  }
}

/// Registers the GFM core extensions once per process.
enum CMarkRegistry {
  private static let registration: Void = cmark_gfm_core_extensions_ensure_registered()

  static func ensureRegistered() { _ = registration }
}
