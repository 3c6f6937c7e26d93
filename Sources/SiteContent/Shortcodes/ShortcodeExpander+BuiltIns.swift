import Mustache
import YAML

// The shortcodes Hugo ships that pages use most, as the Markdown Folio renders for them, and
// the site's own shortcodes through their partials.
extension ShortcodeExpander {
  /// Expands the shortcode at `index`; `inner` is its expanded inner text and closing tag when
  /// it is a pair.
  mutating func shortcode(_ index: Int, inner: (bytes: [UInt8], closing: Int)?, into out: inout [UInt8]) {
    let tag = tags[index]
    if let templates, templates.names.contains(tag.name) {
      partial(tag, templates, inner: inner, into: &out)
      return
    }
    if themeShortcode(index, inner: inner, into: &out) { return }
    let before = out.count
    var rendered = true
    switch tag.name {
    case "figure": rendered = figure(tag, into: &out)
    case "youtube": rendered = embed(tag, service: "youtube", url: { $0 }, into: &out)
    case "vimeo": rendered = embed(tag, service: "card", url: { "https://vimeo.com/" + $0 }, into: &out)
    case "gist":
      if let user = tag.argument("user", at: 0), let id = tag.argument("id", at: 1) {
        ShortcodeExpander.append("@[gist](https://gist.github.com/\(user)/\(id))", to: &out)
      } else {
        rendered = false
        warn(.missingArgument(shortcode: "gist", argument: "user"), at: tag.range.lowerBound)
      }
    case "x", "tweet":
      let positional = tag.arguments.filter { $0.name == nil }.map(\.value)
      let user = tag.argument("user") ?? (positional.count > 1 ? positional[0] : "i")
      if let id = tag.argument("id") ?? positional.last {
        ShortcodeExpander.append("@[tweet](https://x.com/\(user)/status/\(id))", to: &out)
      } else {
        rendered = false
        warn(.missingArgument(shortcode: tag.name, argument: "id"), at: tag.range.lowerBound)
      }
    case "ref", "relref": rendered = reference(tag, into: &out)
    case "param": rendered = parameter(tag, into: &out)
    case "details":
      if let inner {
        rendered = details(tag, closing: tags[inner.closing], inner: inner.bytes, into: &out)
        if rendered {
          countRendered(paired: true)
          return
        }
      } else {
        rendered = false
        warn(.neverClosed("details"), at: tag.range.lowerBound)
      }
    case "highlight", "comment":
      // Paired, these never get here: one without its closing tag.
      rendered = false
      warn(.neverClosed(tag.name), at: tag.range.lowerBound)
    default:
      rendered = false
      warn(.unknownShortcode(tag.name), at: tag.range.lowerBound)
    }
    if rendered { countRendered(paired: inner != nil) }
    if !rendered { out.removeSubrange(before...) }
    // A pair's inner text stays (a built-in that takes none shows it after itself).
    if let inner {
      out.append(contentsOf: inner.bytes)
      keepLines(ofTagAt: inner.closing, into: &out)
    }
  }

  private func keepLines(ofTagAt index: Int, into out: inout [UInt8]) {
    let tag = tags[index]
    guard isAlone(tag) else { return }
    for byte in bytes[tag.range] where byte == UInt8(ascii: "\n") { out.append(byte) }
  }

  /// `figure`: an image, its caption on the line under it (a figure in Folio's Markdown), its
  /// width and height as Zenn's size.
  private mutating func figure(_ tag: ShortcodeTag, into out: inout [UInt8]) -> Bool {
    guard let source = tag.argument("src", at: 0), !source.isEmpty else {
      warn(.missingArgument(shortcode: "figure", argument: "src"), at: tag.range.lowerBound)
      return false
    }
    let known: Set<String> = ["src", "alt", "caption", "title", "link", "width", "height"]
    let ignored = tag.arguments.compactMap(\.name).filter { !known.contains($0) }
    if !ignored.isEmpty {
      warn(
        .ignoredOptions(shortcode: "figure", options: ignored.joined(separator: ",")),
        at: tag.range.lowerBound)
    }
    let alt = tag.argument("alt") ?? tag.argument("caption") ?? tag.argument("title") ?? ""
    var destination = ShortcodeExpander.destination(source)
    let width = tag.argument("width").flatMap { Int($0) }
    let height = tag.argument("height").flatMap { Int($0) }
    if width != nil || height != nil {
      destination += " =" + (width.map(String.init) ?? "") + "x" + (height.map(String.init) ?? "")
    }
    var image = "![" + ShortcodeExpander.markdownEscaped(alt) + "](" + destination
    if let title = tag.argument("title"), !title.isEmpty {
      image += " \"" + title.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
    image += ")"
    if let link = tag.argument("link"), !link.isEmpty {
      image = "[" + image + "](" + ShortcodeExpander.destination(link) + ")"
    }
    ShortcodeExpander.append(image, to: &out)
    let caption = tag.argument("caption") ?? tag.argument("title") ?? ""
    // Hugo renders the caption as Markdown; on one line, as Folio's figure caption.
    let line = String(caption.map { $0 == "\n" || $0 == "\r" ? " " : $0 }).withoutOuterSpaces
    if !line.isEmpty { ShortcodeExpander.append("\n*" + line + "*", to: &out) }
    return true
  }

  /// A destination as Markdown reads it: in `<…>` when it holds spaces or parentheses.
  static func destination(_ url: String) -> String {
    let cleaned = url.filter { $0 != "<" && $0 != ">" && $0 != "\n" }
    return cleaned.contains(where: { $0 == " " || $0 == "(" || $0 == ")" }) ? "<" + cleaned + ">" : cleaned
  }

  /// `youtube`, `vimeo`: a link card (Folio puts no frame from another site on a page).
  private mutating func embed(
    _ tag: ShortcodeTag, service: String, url: (String) -> String, into out: inout [UInt8]
  ) -> Bool {
    guard let id = tag.argument("id", at: 0),
      !id.isEmpty, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
    else {
      warn(.missingArgument(shortcode: tag.name, argument: "id"), at: tag.range.lowerBound)
      return false
    }
    ShortcodeExpander.append("@[\(service)](\(url(id)))", to: &out)
    return true
  }

  /// `ref`, `relref`: the Markdown file's path, which the link resolver turns into its page's
  /// URL (an unknown file is the link check's broken link); a path without `.md` as the URL Hugo
  /// gives its folder.
  private mutating func reference(_ tag: ShortcodeTag, into out: inout [UInt8]) -> Bool {
    guard let written = tag.argument("path", at: 0), !written.isEmpty else {
      warn(.missingArgument(shortcode: tag.name, argument: "path"), at: tag.range.lowerBound)
      return false
    }
    ShortcodeExpander.append(referenceDestination(written), to: &out)
    return true
  }

  /// A `ref` path as the link destination the resolver reads.
  func referenceDestination(_ written: String) -> String {
    let cut = written.firstIndex(of: "#") ?? written.endIndex
    var path = String(written[..<cut])
    let fragment = written[cut...]
    if !path.isEmpty, !path.hasSuffix(".md"), !path.hasSuffix("/") {
      if !path.hasPrefix("/") {
        let folder = contentPath.split(separator: "/").dropLast().joined(separator: "/")
        path = "/" + (folder.isEmpty ? "" : folder + "/") + path
      }
      path += "/"
    }
    return ShortcodeExpander.destination(path + fragment)
  }

  /// `param name`: the page's front matter value (`a.b` for a nested one), else folio.yaml's
  /// `params:` value.
  private mutating func parameter(_ tag: ShortcodeTag, into out: inout [UInt8]) -> Bool {
    guard let name = tag.argument("name", at: 0) else {
      warn(.missingArgument(shortcode: "param", argument: "name"), at: tag.range.lowerBound)
      return false
    }
    let keys = name.split(separator: ".").map(String.init)
    func lookUp(_ params: [(key: String, value: YAMLValue)]) -> YAMLValue? {
      var value = params.first { $0.key.lowercased() == keys.first?.lowercased() }?.value
      for key in keys.dropFirst() { value = value?[key] }
      return value
    }
    let value = lookUp(page.params) ?? lookUp(page.siteParams)
    guard let value, let text = ShortcodeExpander.scalarText(value) else {
      warn(.unknownParameter(name), at: tag.range.lowerBound)
      return false
    }
    let isURL = text.hasPrefix("http://") || text.hasPrefix("https://") || text.hasPrefix("/")
    ShortcodeExpander.append(
      isURL && !text.contains(" ")
        ? ShortcodeExpander.destination(text) : ShortcodeExpander.markdownEscaped(text),
      to: &out)
    return true
  }

  /// A scalar's text; nil for a mapping or a sequence.
  static func scalarText(_ value: YAMLValue) -> String? {
    switch value.kind {
    case .string(let text): text
    case .int(let number): String(number)
    case .double(let number): String(number)
    case .bool(let flag): flag ? "true" : "false"
    default: nil
    }
  }

  /// `details`: Folio's `:::details` block, which needs its tags on lines of their own.
  private mutating func details(
    _ tag: ShortcodeTag, closing: ShortcodeTag, inner: [UInt8], into out: inout [UInt8]
  ) -> Bool {
    guard isAlone(tag), isAlone(closing) else {
      warn(.blockInsideLine("details"), at: tag.range.lowerBound)
      return false
    }
    let summary = tag.argument("summary", at: 0) ?? "Details"
    ShortcodeExpander.append(":::details " + ShortcodeExpander.markdownEscaped(summary), to: &out)
    out.append(contentsOf: inner)
    ShortcodeExpander.append(":::", to: &out)
    return true
  }

  /// `highlight` (Hugo's and Liquid's): a fenced code block in the language, with the options
  /// Folio's code blocks have.
  mutating func highlight(_ tag: ShortcodeTag, closing: ShortcodeTag, inner: [UInt8], into out: inout [UInt8])
  {
    let positional = tag.arguments.filter { $0.name == nil }.map(\.value)
    let language = positional.first ?? ""
    var options: [String] = []
    var ignored: [String] = []
    let written: [String] =
      tag.isHugo
      ? (positional.dropFirst().first ?? "").split(separator: ",").map { String($0).withoutOuterSpaces }
      : Array(positional.dropFirst())
    for option in written where !option.isEmpty {
      let parts = option.split(separator: "=", maxSplits: 1).map(String.init)
      let value = parts.count > 1 ? parts[1].trimmingCharacters(in: "\"") : "true"
      switch parts[0] {
      case "linenos": if value != "false" { options.append("linenos=true") }
      case "hl_lines", "linenostart": options.append(parts[0] + "=\"" + value + "\"")
      default: ignored.append(option)
      }
    }
    if !ignored.isEmpty {
      warn(
        .ignoredOptions(shortcode: "highlight", options: ignored.joined(separator: ",")),
        at: tag.range.lowerBound)
    }
    var longest = 0
    var run = 0
    for byte in inner {
      run = byte == UInt8(ascii: "`") ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: max(3, longest + 1))
    if !isAlone(tag) { out.append(UInt8(ascii: "\n")) }
    ShortcodeExpander.append(
      fence + language + (options.isEmpty ? "" : " {" + options.joined(separator: ", ") + "}"), to: &out)
    if inner.first != UInt8(ascii: "\n") { out.append(UInt8(ascii: "\n")) }
    out.append(contentsOf: inner)
    if !isAlone(closing) { out.append(UInt8(ascii: "\n")) }
    ShortcodeExpander.append(fence, to: &out)
  }

  // MARK: The site's partials

  /// A shortcode of the site's own, `Templates/shortcodes/NAME.mustache`, given its arguments
  /// by name, its positional ones as `positional` (and `0`, `1`…), `inner` and `page`.
  private mutating func partial(
    _ tag: ShortcodeTag, _ templates: ShortcodeTemplates, inner: (bytes: [UInt8], closing: Int)?,
    into out: inout [UInt8]
  ) {
    var members: [String: TemplateValue] = ["name": .string(tag.name)]
    var positional: [TemplateValue] = []
    for argument in tag.arguments {
      let value = authorValue(argument.value)
      if let name = argument.name {
        members[name] = value
      } else {
        members[String(positional.count)] = value
        positional.append(value)
      }
    }
    members["positional"] = .array(positional)
    if let inner {
      let text = ShortcodeExpander.string(inner.bytes)
      if tag.form == .percent {
        members["inner"] = .safeHTML(renderMarkdown(text, result.outputs))
      } else {
        members["inner"] = .safeHTML(withOutputs(text))
      }
    }
    var params: [String: TemplateValue] = [:]
    for (key, value) in page.params { params[key] = templateValue(value) }
    members["page"] = .object([
      "title": authorValue(page.title), "url": .string(page.url), "params": .object(params),
    ])
    do {
      var html = try templates.render(tag.name, with: .object(members))
      // A template file ends with a line break, which would split a sentence around an inline one.
      while html.last == "\n" { html.removeLast() }
      appendOutput(html, to: &out)
      countRendered(paired: inner != nil)
      if isAlone(tag) {
        let end = inner.map { tags[$0.closing].range.upperBound } ?? tag.range.upperBound
        for byte in bytes[tag.range.lowerBound..<end] where byte == UInt8(ascii: "\n") { out.append(byte) }
      }
    } catch {
      warn(.partialFailed(name: tag.name, reason: "\(error)"), at: tag.range.lowerBound)
      if let inner {
        out.append(contentsOf: inner.bytes)
        keepLines(ofTagAt: inner.closing, into: &out)
      }
    }
  }

  /// A value the page's author wrote: escaped already under the safe default, so that neither
  /// `{{value}}` nor `{{{value}}}` writes markup from it; as it is with `markdown.unsafeHTML`.
  private func authorValue(_ text: String) -> TemplateValue {
    allowsUnsafeHTML ? .string(text) : .safeHTML(ShortcodeExpander.htmlEscaped(text))
  }

  private func templateValue(_ value: YAMLValue) -> TemplateValue {
    switch value.kind {
    case .null: .null
    case .bool(let flag): .bool(flag)
    case .int(let number): .int(number)
    case .double(let number): .double(number)
    case .string(let text): authorValue(text)
    case .sequence(let items): .array(items.map(templateValue))
    case .mapping(let mapping):
      .object(
        Dictionary(
          mapping.entries.compactMap { entry in entry.key.string.map { ($0, templateValue(entry.value)) } }
        ) { first, _ in first })
    }
  }

  /// A `{{< >}}` pair's inner text as HTML: escaped (as it is with `markdown.unsafeHTML`), the
  /// placeholders of shortcodes inside it replaced by their outputs.
  private func withOutputs(_ text: String) -> String {
    var html = ""
    var rest = Substring(text)
    while let range = rest.range(of: ShortcodeExpander.placeholderPrefix) {
      html +=
        allowsUnsafeHTML
        ? String(rest[..<range.lowerBound]) : ShortcodeExpander.htmlEscaped(String(rest[..<range.lowerBound]))
      let after = rest[range.upperBound...]
      if let end = after.range(of: "-->"), let number = Int(after[..<end.lowerBound]),
        number < result.outputs.count
      {
        html += result.outputs[number]
        rest = after[end.upperBound...]
      } else {
        html += ShortcodeExpander.htmlEscaped(ShortcodeExpander.placeholderPrefix)
        rest = after
      }
    }
    html += allowsUnsafeHTML ? String(rest) : ShortcodeExpander.htmlEscaped(String(rest))
    return html
  }
}

extension String {
  /// The string without `characters` at either end.
  func trimmingCharacters(in characters: String) -> String {
    var text = Substring(self)
    while let first = text.first, characters.contains(first) { text = text.dropFirst() }
    while let last = text.last, characters.contains(last) { text = text.dropLast() }
    return String(text)
  }
}
