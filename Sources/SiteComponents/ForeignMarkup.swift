import Diagnostics
import HTMLRendering
import RichText
import SiteContent

/// What a page written for another tool (Hugo, Jekyll, MkDocs) holds that Folio does not render
/// as that tool did: heading classes to write, block attribute lines to leave out, and a warning
/// at each thing that is not shown as written (a `{#id}` that could not be the anchor, a block's
/// `{.class}`, an icon shortcode, raw HTML the safe default leaves out), so that nothing is lost
/// silently. The one place these warnings are worded.
enum ForeignMarkup {
  /// The `{.class}` names of each heading, by block identity.
  static func headingClasses(in text: AttributedText) -> [Int: [String]] {
    var classes: [Int: [String]] = [:]
    guard hasAttributeLists(text) else { return classes }
    let blocks = text.blockRecords
    for run in text.runRecords where run.kind == .empty && run.inline >= 0 && run.block >= 0 {
      guard case .headingAttributes(let attributes) = text.inlineRecords[Int(run.inline)].kind,
        case .header = blocks[Int(run.block)].kind, !attributes.classes.isEmpty
      else { continue }
      classes[Int(blocks[Int(run.block)].identity), default: []] += attributes.classes
    }
    return classes
  }

  /// The paragraphs that held nothing but an attribute line (`{: .lead}`), and the table rows
  /// that hold one in their first cell and nothing else (`{.table}` under a table): left out of
  /// the page.
  static func attributeOnlyBlocks(in text: AttributedText) -> Set<Int> {
    guard hasAttributeLists(text) else { return [] }
    var counts: [Int32: (runs: Int, markers: Int)] = [:]
    let blocks = text.blockRecords
    for run in text.runRecords where run.block >= 0 {
      var owner = run.block
      switch blocks[Int(owner)].kind {
      case .paragraph: break
      case .tableCell: owner = blocks[Int(owner)].parent
      default: continue
      }
      var count = counts[owner, default: (0, 0)]
      if run.inline >= 0, case .headingAttributes = text.inlineRecords[Int(run.inline)].kind {
        count.markers += 1
      } else if run.kind != .empty {
        count.runs += 1
      }
      counts[owner] = count
    }
    return Set(
      counts.filter { $0.value.runs == 0 && $0.value.markers > 0 }.map { Int(blocks[Int($0.key)].identity) }
    ).union(tableOfContentsMarkers(in: text))
  }

  /// The blocks that kramdown replaces with its table of contents, `* TOC` then `{:toc}`: the
  /// list when the marker's item is its only one, else the item, or a paragraph the marker ends.
  /// Left out of the page: the theme shows the page's contents list itself.
  static func tableOfContentsMarkers(in text: AttributedText) -> Set<Int> {
    var markers = Set<Int>()
    guard hasAttributeLists(text) else { return markers }
    let blocks = text.blockRecords
    for run in text.runRecords where run.kind == .empty && run.inline >= 0 && run.block >= 0 {
      guard case .headingAttributes(let attributes) = text.inlineRecords[Int(run.inline)].kind,
        attributes.references.contains("toc"), blocks[Int(run.block)].kind == .paragraph
      else { continue }
      var target = Int(run.block)
      let item = Int(blocks[target].parent)
      if item >= 0, case .listItem = blocks[item].kind {
        target = item
        let list = blocks[item].parent
        if list >= 0, blocks.lazy.filter({ $0.parent == list }).count == 1 { target = Int(list) }
      }
      markers.insert(Int(blocks[target].identity))
    }
    return markers
  }

  /// The warnings for `text`, a page at `path`: its headings' `anchors` problems, block attribute
  /// lines, icon shortcodes, and (when raw HTML is not allowed) one for the raw HTML left out,
  /// except comments and what is in the blocks of `hidden` (directives such as `<!--more-->`, and
  /// blocks a component writes instead, such as a bookmark table).
  static func warnings(
    in text: AttributedText, anchors: HeadingAnchors, path: String, allowsRawHTML: Bool, hidden: Set<Int>
  ) -> [Diagnostic] {
    var warnings: [Diagnostic] = []
    for problem in anchors.problems {
      let location = problem.span.start(in: path)
      switch problem.reason {
      case .invalid:
        warnings.append(
          .warning(
            "heading id '#\(problem.written)' is not a valid anchor: the heading's id is '\(problem.used)'",
            at: location,
            hint: "write the id with letters, digits, '-', '_', '.' or ':', starting with a letter or digit"))
      case .reserved:
        warnings.append(
          .warning(
            "heading id '#\(problem.written)' is one the theme uses on every page: the heading's id is '\(problem.used)'",
            at: location, hint: "choose another id"))
      case .duplicate:
        warnings.append(
          .warning(
            "heading id '#\(problem.written)' is already an earlier heading's on this page: this heading's id is '\(problem.used)'",
            at: location, hint: "give each heading an id of its own"))
      }
    }
    let blocks = text.blockRecords
    let bytes = text.bytes
    // Labels written on a block's opening line (a tab's, an admonition's title) are no runs.
    for block in blocks {
      let label: String
      switch block.kind {
      case .tab(let written, _): label = written
      case .callout(let callout): label = callout.title ?? ""
      case .disclosure(let disclosure): label = disclosure.summary
      default: continue
      }
      warnings += iconWarnings(in: ArraySlice(label.utf8), span: block.span, path: path)
    }
    var rawHTML: (count: Int, first: SourceSpan?) = (0, nil)
    let hasLists = hasAttributeLists(text)
    // What a text run needs of its block, found once per block rather than copied out of the
    // block table at every run.
    let places = blocks.map { block -> TextPlace in
      switch block.kind {
      case .codeBlock, .math: .code
      case .header: .heading
      default: .prose
      }
    }
    for run in text.runRecords {
      let block = hasLists && run.block >= 0 ? blocks[Int(run.block)] : nil
      if hasLists, run.inline >= 0,
        case .headingAttributes(let attributes) = text.inlineRecords[Int(run.inline)].kind,
        let block, block.kind == .paragraph, attributes.references.contains("toc")
      {
        warnings.append(
          .warning(
            "kramdown's table of contents marker '{:toc}' is left out with the list or paragraph it ends: the theme shows the page's contents list at the top of the page when it has two or more headings",
            at: run.span.start(in: path),
            hint: "delete the '* TOC' and '{:toc}' lines"))
      } else if hasLists, run.inline >= 0,
        case .headingAttributes(let attributes) = text.inlineRecords[Int(run.inline)].kind,
        let block,
        block.kind == .paragraph || block.kind == .tableCell(columnIndex: 0) || block.kind == .htmlBlock
      {
        warnings.append(
          .warning(
            "the attribute list '{\(attributes)}' is not applied: Folio reads attribute lists only at the end of a heading, and leaves this one out of the page",
            at: run.span.start(in: path),
            hint: "delete the line, or style the block in your theme's CSS"))
      }
      switch run.kind {
      case .inlineHTML, .blockHTML:
        guard !allowsRawHTML, !isComment(bytes[run.start..<run.end]), !isInside(hidden, run, blocks) else {
          continue
        }
        rawHTML.count += 1
        if rawHTML.first == nil { rawHTML.first = run.span }
      case .text:
        let place = run.block >= 0 ? places[Int(run.block)] : .prose
        if place == .code { continue }
        warnings += iconWarnings(in: bytes[run.start..<run.end], span: run.span, path: path)
        if place == .heading, let list = unreadList(ending: bytes[run.start..<run.end]) {
          warnings.append(
            .warning(
              "'\(list)' at the end of this heading is no attribute list Folio can read: it shows as text",
              at: run.span.start(in: path),
              hint:
                "write it as {#id .class key=value} (words separated by spaces), or escape the brace as \\{"))
        }
      default: continue
      }
    }
    if rawHTML.count > 0 {
      let pieces = rawHTML.count == 1 ? "1 piece of raw HTML is" : "\(rawHTML.count) pieces of raw HTML are"
      warnings.append(
        .warning(
          "\(pieces) left out of this page (the first is here): Folio writes '<!-- raw HTML omitted -->' in its place",
          at: rawHTML.first?.start(in: path),
          hint:
            "to write raw HTML as it is, set 'unsafeHTML: true' under 'markdown:' in folio.yaml; do that only when you trust everyone who writes the pages, since raw HTML can run scripts in your readers' browsers"
        ))
    }
    return warnings
  }

  /// Whether any inline of `text` is an attribute list: on most pages none is, and the passes
  /// that look for one at every run can stop before they start.
  private static func hasAttributeLists(_ text: AttributedText) -> Bool {
    text.inlineRecords.contains {
      if case .headingAttributes = $0.kind { true } else { false }
    }
  }

  /// Where a text run is, as the warnings above treat it.
  private enum TextPlace {
    /// In a code block or a formula: shown as written, never warned about.
    case code
    /// In a heading, whose text may end in a list Folio could not read.
    case heading
    /// Anywhere else.
    case prose
  }

  /// The `{#…}`, `{.…}` or `{:…}` that ends a heading's text run, which the parser left as text
  /// because it is no attribute list it can read; nil when there is none.
  private static func unreadList(ending bytes: ArraySlice<UInt8>) -> String? {
    guard bytes.last == UInt8(ascii: "}"), let open = bytes.lastIndex(of: UInt8(ascii: "{")),
      open + 1 < bytes.endIndex - 1
    else { return nil }
    let marker = bytes[open + 1]
    guard marker == UInt8(ascii: "#") || marker == UInt8(ascii: ".") || marker == UInt8(ascii: ":") else {
      return nil
    }
    return String(decoding: bytes[open...], as: UTF8.self)
  }

  /// Whether `run` is in one of the blocks `identities` names.
  private static func isInside(_ identities: Set<Int>, _ run: RunRecord, _ blocks: [BlockRecord]) -> Bool {
    guard !identities.isEmpty else { return false }
    var cursor = run.block
    while cursor >= 0 {
      if identities.contains(Int(blocks[Int(cursor)].identity)) { return true }
      cursor = blocks[Int(cursor)].parent
    }
    return false
  }

  /// Whether raw HTML is one or more comments and spaces only (which show nothing either way).
  private static func isComment(_ html: ArraySlice<UInt8>) -> Bool {
    let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    guard let first = html.firstIndex(where: { !isSpace($0) }),
      let last = html.lastIndex(where: { !isSpace($0) })
    else { return false }
    let trimmed = html[first...last]
    return trimmed.starts(with: "<!--".utf8) && trimmed.reversed().starts(with: ">--".utf8)
  }

  /// The icon sets of Material for MkDocs' `:material-…:` shortcodes.
  private static let iconSets = ["material-", "fontawesome-", "octicons-", "simple-"]

  /// A warning at each `:material-name:`-style icon shortcode in a text run's bytes.
  private static func iconWarnings(in bytes: ArraySlice<UInt8>, span: SourceSpan, path: String)
    -> [Diagnostic]
  {
    guard bytes.contains(UInt8(ascii: ":")) else { return [] }
    var warnings: [Diagnostic] = []
    var index = bytes.startIndex
    while let colon = bytes[index...].firstIndex(of: UInt8(ascii: ":")) {
      index = colon + 1
      guard let set = iconSets.first(where: { bytes[index...].starts(with: $0.utf8) }) else { continue }
      var end = index + set.utf8.count
      let nameStart = end
      while end < bytes.endIndex,
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[end])
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) || bytes[end] == UInt8(ascii: "-")
      {
        end += 1
      }
      guard end > nameStart, end < bytes.endIndex, bytes[end] == UInt8(ascii: ":") else { continue }
      let name = String(decoding: bytes[colon...end], as: UTF8.self)
      let onOneLine = span != .unknown && span.startLine == span.endLine
      let location = SourceLocation(
        path: path, line: span.startLine,
        column: onOneLine ? span.startColumn + (colon - bytes.startIndex) : span.startColumn)
      warnings.append(
        .warning(
          "the icon '\(name)' (Material for MkDocs) is not bundled with Folio: it shows as that text",
          at: location, hint: "replace it with a word, or with an image such as ![](icons/name.svg)"))
      index = end + 1
    }
    return warnings
  }
}
