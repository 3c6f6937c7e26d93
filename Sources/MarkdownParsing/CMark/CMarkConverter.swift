internal import CCmarkGFM
import RichText

/// The one door to cmark-gfm: parses with the C library, walks its tree once with
/// `cmark_iter`, copies every node into an ``AttributedTextBuilder`` and drops the C tree
/// with its ``CMarkArena``.
///
/// No cmark type leaves this file's folder.
enum CMarkConverter {
  static func convert(_ input: UnsafeBufferPointer<UInt8>, options: MarkdownOptions) -> AttributedText {
    CMarkRegistry.ensureRegistered()
    var flags = CMARK_OPT_DEFAULT
    if options.smartPunctuation { flags |= CMARK_OPT_SMART }
    if options.validatesUTF8 { flags |= CMARK_OPT_VALIDATE_UTF8 }
    if options.strikethroughNeedsDoubleTilde { flags |= CMARK_OPT_STRIKETHROUGH_DOUBLE_TILDE }
    if options.extensions.contains(.footnotes) { flags |= CMARK_OPT_FOOTNOTES }

    // Everything cmark-gfm allocates comes from the arena and goes when it ends, so neither
    // the parser nor the tree is freed node by node.
    return CMarkArena.withAllocator(sizeHint: input.count) { memory in
      guard let parser = cmark_parser_new_with_mem(flags, memory) else { return AttributedText() }
      // Attach in the order cmark-gfm's CLI would for `-e` flags; footnotes is an option, not
      // an extension.
      for name in MarkdownExtension.allCases where name != .footnotes && options.extensions.contains(name) {
        if let syntaxExtension = cmark_find_syntax_extension(name.rawValue) {
          cmark_parser_attach_syntax_extension(parser, syntaxExtension)
        }
      }
      if let base = input.baseAddress, input.count > 0 {
        base.withMemoryRebound(to: CChar.self, capacity: input.count) {
          cmark_parser_feed(parser, $0, input.count)
        }
      }
      // cmark-gfm adds its extensions' special characters (`:` and `w` for autolinks, `~`, `|`)
      // to one process-wide table when inline parsing starts and removes them when it ends, so
      // two parses finishing at once on different threads lose autolinks and strikethrough at
      // random. Inline parsing happens in `cmark_parser_finish`; only that step is serialised,
      // and the walk below still runs in parallel.
      nonisolated(unsafe) let finishing = parser
      nonisolated(unsafe) var finished: OpaquePointer? = nil
      CMarkRegistry.finishing.withLock { finished = cmark_parser_finish(finishing) }
      guard let document = finished else { return AttributedText() }
      var walker = CMarkTreeWalker(source: input, lineOffset: Int32(clamping: options.lineOffset))
      walker.walk(document)
      return walker.finish()
    }
  }
}

/// Registers the GFM core extensions once per process, and guards cmark-gfm's process-wide
/// inline state.
enum CMarkRegistry {
  private static let registration: Void = cmark_gfm_core_extensions_ensure_registered()

  /// Held while a parser finishes (parses inlines), the step that uses the shared table.
  static let finishing = CMarkFinishLock()

  static func ensureRegistered() { _ = registration }
}
