// The shortcodes that Hugo themes ship and that real sites use most (Docsy, hugo-book, Learn and
// Relearn, Blowfish, PaperMod), as the Folio Markdown that means the same: callouts as `!!!`
// admonitions, tabs as `===` content tabs, disclosures as `???`, code as fences, formulas as `$$`.
// A site's own partial of the same name wins (checked before these). What a theme only styles
// (colours, heights, icons, tab persistence) is read and dropped; any other parameter is warned
// about at the tag.
extension ShortcodeExpander {
  /// Parameters that only style a theme's output, read and dropped without a warning.
  private static let styling: Set<String> = [
    "color", "height", "icon", "style", "class", "id", "groupid", "persist", "persistLang", "right",
    "cardColor", "iconColor", "textColor", "type", "image_anchor", "byline", "align", "target",
  ]

  /// Renders the theme shortcode at `index` when its name is one; false for any other name.
  mutating func themeShortcode(_ index: Int, inner: (bytes: [UInt8], closing: Int)?, into out: inout [UInt8])
    -> Bool
  {
    let tag = tags[index]
    let known: Set<String>
    switch tag.name {
    case "tabpane", "tabs": known = ["lang", "highlight", "langEqualsHeader", "text", "code", "title"]
    case "tab": known = ["header", "title", "name", "lang", "highlight", "text", "code", "disabled"]
    case "alert", "hint", "notice", "callout", "admonition", "pageinfo": known = ["title"]
    case "card": known = ["header", "title", "subtitle", "footer", "code", "lang", "highlight"]
    case "cardpane", "columns": known = []
    case "blocks/cover", "blocks/lead", "blocks/section", "blocks/feature", "blocks/link-down":
      known = ["title", "url", "url_text"]
    case "expand": known = ["title", "expanded", "open"]
    case "mermaid": known = []
    case "katex", "math": known = ["display"]
    case "button": known = ["href", "relref", "ref"]
    case "readfile", "imgproc":
      warn(tag.name == "readfile" ? .fileNotRead : .imageNotProcessed, at: tag.range.lowerBound)
      if let inner { out.append(contentsOf: inner.bytes) }
      if tag.name == "imgproc", isAlone(tag) { keepNewlines(of: tag, into: &out) }
      return true
    default: return false
    }
    let ignored = tag.arguments.compactMap(\.name).filter {
      !known.contains($0) && !ShortcodeExpander.styling.contains($0)
    }
    if !ignored.isEmpty {
      warn(
        .ignoredOptions(shortcode: tag.name, options: ignored.joined(separator: ",")),
        at: tag.range.lowerBound)
    }
    let closing = inner.map { tags[$0.closing] }
    let body = inner?.bytes ?? []
    switch tag.name {
    case "tabpane", "tabs", "cardpane", "blocks/section":
      keepNewlines(of: tag, into: &out, paired: inner != nil)
      out.append(contentsOf: body)
    case "columns":
      keepNewlines(of: tag, into: &out, paired: inner != nil)
      out.append(contentsOf: ShortcodeExpander.withoutColumnSeparators(body))
    case "tab": tab(index, body: body, closing: closing, into: &out)
    case "alert", "hint", "notice", "callout", "admonition", "pageinfo":
      let (type, title) = calloutType(tag)
      let opening = "!!! " + type + (title.map { " \"" + ShortcodeExpander.label($0) + "\"" } ?? "")
      block(opening, tag: tag, body: body, closing: closing, into: &out)
    case "card": card(tag, body: body, closing: closing, into: &out)
    case "expand":
      let title = tag.argument("title", at: 0) ?? "Expand"
      let isOpen = ["true", "expanded", "open"].contains(
        tag.argument("expanded") ?? tag.argument("open") ?? "")
      block(
        (isOpen ? "???+ \"" : "??? \"") + ShortcodeExpander.label(title) + "\"", tag: tag, body: body,
        closing: closing, into: &out)
    case "blocks/cover", "blocks/lead", "blocks/feature", "blocks/link-down":
      section(tag, body: body, closing: closing, into: &out)
    case "mermaid":
      fence("mermaid", tag: tag, body: body, closing: closing, indent: lineIndentation(of: tag), into: &out)
    case "katex", "math": formula(tag, body: body, closing: closing, into: &out)
    case "button":
      let target =
        tag.argument("href").map(ShortcodeExpander.destination)
        ?? (tag.argument("relref") ?? tag.argument("ref")).map(referenceDestination)
      guard let target else {
        warn(.missingArgument(shortcode: "button", argument: "href"), at: tag.range.lowerBound)
        out.append(contentsOf: body)
        return true
      }
      let text = ShortcodeExpander.string(body).withoutOuterSpaces
      ShortcodeExpander.append("[" + (text.isEmpty ? target : text) + "](" + target + ")", to: &out)
    default: break
    }
    keepNewlines(of: closing ?? tag, into: &out)
    countRendered(paired: inner != nil)
    return true
  }

  // MARK: Tabs

  /// `tab`: a `=== "Label"` content tab. In a Docsy `tabpane` a tab holds code (in the tab's or
  /// the pane's `lang`) unless `text=true`; `disabled=true` is a label written before the tabs;
  /// in hugo-book's and Relearn's `tabs`, and alone, it holds Markdown.
  private mutating func tab(_ index: Int, body: [UInt8], closing: ShortcodeTag?, into out: inout [UInt8]) {
    let tag = tags[index]
    let pane = openPairs.last.map { tags[$0] }
    let isDocsy =
      pane?.name == "tabpane"
      || (pane == nil && (tag.argument("header") != nil || tag.argument("lang") != nil))
    let number = openPairs.last.map { tabsSeen[$0, default: 0] + 1 } ?? 1
    if let group = openPairs.last { tabsSeen[group] = number }
    let header =
      tag.argument("header") ?? tag.argument("title") ?? tag.argument("name") ?? tag.argument("", at: 0)
    let label = ShortcodeExpander.label(header ?? "Tab \(number)")
    let indent = lineIndentation(of: tag)
    if tag.argument("disabled") == "true" {
      startLine(for: tag, into: &out)
      ShortcodeExpander.append(ShortcodeExpander.markdownEscaped(label), to: &out)
      if !isAlone(tag) { out.append(UInt8(ascii: "\n")) }
      keepNewlines(of: tag, into: &out, paired: closing != nil)
      out.append(contentsOf: body)
      return
    }
    // `text=true` (or the older `code=false`) on the tab, else on its pane.
    func isText(_ tag: ShortcodeTag?) -> Bool? {
      if let text = tag?.argument("text") { return text == "true" }
      if let code = tag?.argument("code") { return code != "true" }
      return nil
    }
    let holdsText = !isDocsy || (isText(tag) ?? isText(pane) ?? false)
    if holdsText {
      block("=== \"" + label + "\"", tag: tag, body: body, closing: closing, into: &out)
      return
    }
    var language = tag.argument("lang") ?? pane?.argument("lang") ?? ""
    if language.isEmpty, pane?.argument("langEqualsHeader") == "true", let header {
      language = header.lowercased()
    }
    startLine(for: tag, into: &out)
    let tabs = syntax.contains(.tabs)
    ShortcodeExpander.append(
      tabs ? "=== \"" + label + "\"" : "**" + ShortcodeExpander.markdownEscaped(label) + "**", to: &out)
    keepNewlines(of: tag, into: &out, paired: closing != nil)
    let inside = tabs ? indent + 4 : indent
    ShortcodeExpander.append("\n" + String(repeating: " ", count: inside), to: &out)
    fence(language, tag: tag, body: body, closing: closing, indent: inside, opened: true, into: &out)
  }

  // MARK: Callouts

  /// The admonition type and title of `alert`, `hint`, `notice`, `callout`, `admonition` or
  /// `pageinfo`: Docsy's `color`, hugo-book's first word, Learn's and Relearn's style.
  private func calloutType(_ tag: ShortcodeTag) -> (type: String, title: String?) {
    let written: String?
    var title = tag.argument("title")
    switch tag.name {
    case "alert", "pageinfo": written = tag.argument("color")  // Blowfish's first word is an icon
    case "notice":
      written = tag.argument("style", at: 0)
      if title == nil { title = tag.argument("", at: 1) }
    default: written = tag.argument("type", at: 0) ?? tag.argument("style")
    }
    let type: String
    switch written?.lowercased() ?? "" {
    case "success", "ok", "tip", "green": type = "tip"
    case "warning", "warn", "orange": type = "warning"
    case "danger", "error", "caution", "red": type = "danger"
    case "important": type = "important"
    default: type = "note"
    }
    return (type, title.flatMap { $0.isEmpty ? nil : $0 })
  }

  /// Docsy's `card`: a callout headed by `header`, with `title`, `subtitle` and `footer` as
  /// paragraphs around its content (code in `lang` with `code=true`).
  private mutating func card(
    _ tag: ShortcodeTag, body: [UInt8], closing: ShortcodeTag?, into out: inout [UInt8]
  ) {
    let header = tag.argument("header").map { " \"" + ShortcodeExpander.label($0) + "\"" } ?? ""
    var content: [UInt8] = Array("\n".utf8)
    for name in ["title", "subtitle"] {
      if let value = tag.argument(name), !value.isEmpty {
        content += Array(((name == "title" ? "**" + value + "**" : value) + "\n\n").utf8)
      }
    }
    if tag.argument("code") == "true" {
      let code = ShortcodeExpander.trimmingBlankLines(body)
      content += Array(("```" + (tag.argument("lang") ?? "") + "\n").utf8) + code + Array("\n```\n".utf8)
    } else {
      content += body
    }
    if let footer = tag.argument("footer"), !footer.isEmpty {
      content += Array(("\n\n" + footer + "\n").utf8)
    }
    block("!!! note" + header, tag: tag, body: content, closing: closing, into: &out)
  }

  // MARK: Sections, code and formulas

  /// Docsy's `blocks/*`: the content as a plain section, under its `title` as a heading (linked
  /// to `url` for a feature).
  private mutating func section(
    _ tag: ShortcodeTag, body: [UInt8], closing: ShortcodeTag?, into out: inout [UInt8]
  ) {
    if let title = tag.argument("title"), !title.isEmpty {
      startLine(for: tag, into: &out)
      let level = tag.name == "blocks/cover" ? "## " : "### "
      let text = title.map { $0 == "\n" ? " " : $0 }
      let heading = tag.argument("url").map {
        "[" + String(text) + "](" + ShortcodeExpander.destination($0) + ")"
      }
      ShortcodeExpander.append(level + (heading ?? String(text)), to: &out)
      if !isAlone(tag) { out.append(UInt8(ascii: "\n")) }
    }
    keepNewlines(of: tag, into: &out, paired: closing != nil)
    out.append(contentsOf: body)
  }

  /// A fenced code block in `language` holding `body`, at `indent` columns; with `opened`, the
  /// caller has already written the fence's indentation.
  private mutating func fence(
    _ language: String, tag: ShortcodeTag, body: [UInt8], closing: ShortcodeTag?, indent: Int,
    opened: Bool = false, into out: inout [UInt8]
  ) {
    if !opened {
      keepNewlines(of: tag, into: &out, paired: closing != nil)
      startLine(for: tag, into: &out)
    }
    let code = ShortcodeExpander.trimmingBlankLines(body)
    var longest = 0
    var run = 0
    for byte in code {
      run = byte == UInt8(ascii: "`") ? run + 1 : 0
      longest = max(longest, run)
    }
    let marks = String(repeating: "`", count: max(3, longest + 1))
    let spaces = String(repeating: " ", count: indent)
    ShortcodeExpander.append(
      marks + language.filter { $0 != "`" && $0 != "\n" && $0 != " " } + "\n", to: &out)
    for line in ShortcodeExpander.dedented(code) {
      if !line.isEmpty { ShortcodeExpander.append(spaces, to: &out) }
      out.append(contentsOf: line)
      out.append(UInt8(ascii: "\n"))
    }
    ShortcodeExpander.append(spaces + marks, to: &out)
    if closing.map({ !isAlone($0) }) ?? true { out.append(UInt8(ascii: "\n")) }
  }

  /// `katex` (hugo-book, Blowfish) and `math` (Relearn): the TeX as a `$…$` formula, or a `$$`
  /// block with `display`; an empty `katex` only turned formulas on, which Folio's are already.
  private mutating func formula(
    _ tag: ShortcodeTag, body: [UInt8], closing: ShortcodeTag?, into out: inout [UInt8]
  ) {
    let tex = ShortcodeExpander.string(body).withoutOuterSpaces
    guard !tex.isEmpty else { return }
    guard syntax.contains(.math) else {
      fence("latex", tag: tag, body: body, closing: closing, indent: lineIndentation(of: tag), into: &out)
      return
    }
    if tex.hasPrefix("$") || tex.hasPrefix("\\[") || tex.hasPrefix("\\(") {
      out.append(contentsOf: body)
      return
    }
    let display =
      tag.name == "math" || tag.argument("display") == "true"
      || tag.arguments.contains { $0.name == nil && $0.value == "display" }
    if display {
      keepNewlines(of: tag, into: &out, paired: closing != nil)
      startLine(for: tag, into: &out)
      ShortcodeExpander.append("$$\n" + tex + "\n$$", to: &out)
      if closing.map({ !isAlone($0) }) ?? false { out.append(UInt8(ascii: "\n")) }
    } else {
      ShortcodeExpander.append("$" + tex + "$", to: &out)
    }
  }

  // MARK: Blocks

  /// Writes `opening` (an indented block's first line: `!!! note "Title"`, `=== "Label"`) at the
  /// tag's line's indentation, and `body` under it, four columns further in.
  private mutating func block(
    _ opening: String, tag: ShortcodeTag, body: [UInt8], closing: ShortcodeTag?, into out: inout [UInt8]
  ) {
    let indent = lineIndentation(of: tag)
    startLine(for: tag, into: &out)
    // Without the syntax that reads the block, its label is a bold line and its content follows.
    let isRead = syntax.contains(opening.hasPrefix("===") ? .tabs : .admonitions)
    if isRead {
      ShortcodeExpander.append(opening, to: &out)
    } else if let open = opening.firstIndex(of: "\""), let close = opening.lastIndex(of: "\""), open < close {
      let label = String(opening[opening.index(after: open)..<close])
      ShortcodeExpander.append("**" + ShortcodeExpander.markdownEscaped(label) + "**", to: &out)
    }
    keepNewlines(of: tag, into: &out, paired: closing != nil)
    var lines = body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
    // Text after the opening tag on its line is the content's first line.
    let first = lines.isEmpty ? [] : lines.removeFirst()
    let spaces = Array(String(repeating: " ", count: isRead ? indent + 4 : indent).utf8)
    let firstText = ShortcodeExpander.trimmingSpaces(first)
    if !firstText.isEmpty { out += [UInt8(ascii: "\n")] + spaces + firstText }
    let ending = lines.last.map { ShortcodeExpander.trimmingSpaces($0).isEmpty } ?? false
    if ending { lines.removeLast() }
    for line in ShortcodeExpander.dedented(Array(lines.joined(separator: [UInt8(ascii: "\n")])))
    where !lines.isEmpty {
      out.append(UInt8(ascii: "\n"))
      if !line.isEmpty { out += spaces + line }
    }
    // The closing tag's line ends the block; one inside a line is followed by a blank line, so
    // that what comes after it is not read as the block's.
    if ending {
      out.append(UInt8(ascii: "\n"))
    } else if closing != nil {
      out += Array("\n\n".utf8)
    }
  }

  /// Starts a new line for a block when the tag is not at its line's start.
  private func startLine(for tag: ShortcodeTag, into out: inout [UInt8]) {
    guard !isAlone(tag), lineStartsBefore(tag) == nil else { return }
    out.append(UInt8(ascii: "\n"))
    ShortcodeExpander.append(String(repeating: " ", count: lineIndentation(of: tag)), to: &out)
  }

  /// The offset of the tag's line's start when only spaces come between it and the tag.
  private func lineStartsBefore(_ tag: ShortcodeTag) -> Int? {
    var before = tag.range.lowerBound
    while before > 0, bytes[before - 1] == UInt8(ascii: " ") || bytes[before - 1] == UInt8(ascii: "\t") {
      before -= 1
    }
    return before == 0 || bytes[before - 1] == UInt8(ascii: "\n") ? before : nil
  }

  /// The spaces that start the tag's line.
  private func lineIndentation(of tag: ShortcodeTag) -> Int {
    var start = tag.range.lowerBound
    while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
    var count = 0
    while start + count < tag.range.lowerBound, bytes[start + count] == UInt8(ascii: " ") { count += 1 }
    return count
  }

  /// The line breaks inside a tag on lines of its own, so that the lines after it keep their
  /// numbers; for an opening tag (`paired`) where its replacement's first line ends, a single
  /// tag's after its replacement.
  private func keepNewlines(of tag: ShortcodeTag, into out: inout [UInt8], paired: Bool = true) {
    guard paired, isAlone(tag) else { return }
    for byte in bytes[tag.range] where byte == UInt8(ascii: "\n") { out.append(byte) }
  }

  // MARK: Text

  /// A label as an indented block's opening line reads it: on one line, without Markdown's
  /// emphasis marks.
  static func label(_ text: String) -> String {
    var label = text.replacingOccurrences(of: "**", with: "").replacingOccurrences(of: "__", with: "")
    label = String(label.map { $0 == "\n" || $0 == "\r" ? " " : $0 }).withoutOuterSpaces
    return label
  }

  /// `lines` without the indentation they all share.
  static func dedented(_ text: [UInt8]) -> [[UInt8]] {
    let lines = text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    let shared =
      lines.filter { $0.contains { !isSpace($0) } }.map { $0.prefix(while: isSpace).count }.min() ?? 0
    return lines.map { line in line.contains { !isSpace($0) } ? Array(line.dropFirst(shared)) : [] }
  }

  /// `text` without blank lines at its start and end.
  static func trimmingBlankLines(_ text: [UInt8]) -> [UInt8] {
    var lines = text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    while let first = lines.first, trimmingSpaces(Array(first)).isEmpty { lines.removeFirst() }
    while let last = lines.last, trimmingSpaces(Array(last)).isEmpty { lines.removeLast() }
    return Array(lines.joined(separator: [UInt8(ascii: "\n")]))
  }

  /// `line` without spaces, tabs and `\r` at either end.
  static func trimmingSpaces(_ line: [UInt8]) -> [UInt8] {
    let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    guard let first = line.firstIndex(where: { !isSpace($0) }),
      let last = line.lastIndex(where: { !isSpace($0) })
    else { return [] }
    return Array(line[first...last])
  }

  /// hugo-book's `columns` content with its `<--->` separator lines made blank, so the columns
  /// read one after another.
  static func withoutColumnSeparators(_ text: [UInt8]) -> [UInt8] {
    let lines = text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    return Array(
      lines.map { trimmingSpaces(Array($0)) == Array("<--->".utf8) ? [] : Array($0) }
        .joined(separator: [UInt8(ascii: "\n")]))
  }
}
