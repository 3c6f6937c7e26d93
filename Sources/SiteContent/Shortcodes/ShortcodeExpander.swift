import Diagnostics
import HTMLRendering
import MarkdownParsing
import Mustache
import YAML

/// Turns the Hugo shortcodes and Liquid tags of a page's Markdown into Markdown Folio renders,
/// before cmark-gfm reads it: built-in shortcodes into the Markdown they mean (a `figure` into
/// an image and its caption, `highlight` into a fence, `ref` into the file's path, which the
/// link resolver turns into its page's URL), the site's own into their partials' HTML (kept
/// aside and named by a placeholder comment, `<!--folio-shortcode:3-->`, which the page's
/// rendering writes as it is), and anything else into a warning at the tag, the tag left out.
///
/// A tag on lines of its own is replaced by as many lines, so that the lines after it keep
/// their numbers in later messages.
package struct ShortcodeExpander {
  /// What the page's expansion made.
  package struct Result: Sendable {
    /// The Markdown to parse.
    package var markdown: [UInt8]
    /// The partials' HTML, by placeholder number.
    package var outputs: [String] = []
    package var warnings: [Diagnostic] = []
    /// Tags found outside code (comments not counted).
    package var found = 0
    /// Tags rendered (closing tags of rendered pairs included).
    package var rendered = 0
    /// `{{</* name */>}}` comments written as `{{< name >}}`.
    package var comments = 0
  }

  /// How the page's own values are read: `param`, and the page a partial is given.
  package struct PageValues: Sendable {
    package var title: String
    package var url: String
    package var params: [(key: String, value: YAMLValue)]
    /// folio.yaml's `params:`, read when the page has no such field.
    package var siteParams: [(key: String, value: YAMLValue)] = []

    /// The values of one page.
    package init(title: String, url: String, params: [(key: String, value: YAMLValue)]) {
      self.title = title
      self.url = url
      self.params = params
    }
  }

  /// How many shortcodes may hold one another; deeper pairs are left out with a warning, so that
  /// the expansion's recursion stays shallow.
  package static let maximumDepth = Limits.shortcodeDepth

  /// The placeholder comment a partial's output is named by.
  package static let placeholderPrefix = "<!--folio-shortcode:"

  let bytes: [UInt8]
  let tags: [ShortcodeTag]
  let path: String
  /// The page's file relative to `Content/`, for `ref`.
  let contentPath: String
  let lineOffset: Int
  let templates: ShortcodeTemplates?
  let page: PageValues
  let allowsUnsafeHTML: Bool
  /// The writer syntax the page is parsed with: a theme's tabs and callouts are written as
  /// `===` and `!!!` blocks only when those are read, else as a label and plain content.
  var syntax = Set(WriterSyntax.allCases)
  /// Renders Markdown (the inner text of a `{{% %}}` partial) to HTML as the page's text is.
  let renderMarkdown: (String, [String]) -> String
  private var lineStarts: [Int] = [0]
  /// The closing tag of each opening one, by index.
  private var partners: [Int: Int] = [:]
  private(set) var result: Result

  /// Expands the tags of `bytes` (a page's Markdown, starting on line `lineOffset + 1` of `path`).
  package static func expand(
    _ bytes: [UInt8], path: String, lineOffset: Int, hugo: Bool, liquid: Bool, templates: ShortcodeTemplates?,
    page: PageValues, allowsUnsafeHTML: Bool, syntax: Set<WriterSyntax> = Set(WriterSyntax.allCases),
    renderMarkdown: @escaping (String, [String]) -> String
  ) -> (result: Result, steps: Int) {
    let scanner = ShortcodeScanner(bytes, hugo: hugo, liquid: liquid)
    guard !scanner.tags.isEmpty || !scanner.unclosed.isEmpty else {
      return (Result(markdown: bytes), scanner.steps)
    }
    var expander = ShortcodeExpander(
      bytes: bytes, tags: scanner.tags, path: path,
      contentPath: path.hasPrefix("Content/") ? String(path.dropFirst("Content/".count)) : path,
      lineOffset: lineOffset, templates: templates, page: page, allowsUnsafeHTML: allowsUnsafeHTML,
      renderMarkdown: renderMarkdown, result: Result(markdown: []))
    expander.syntax = syntax
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      expander.lineStarts.append(index + 1)
    }
    expander.run(unclosed: scanner.unclosed)
    return (expander.result, scanner.steps + expander.tags.count)
  }

  private init(
    bytes: [UInt8], tags: [ShortcodeTag], path: String, contentPath: String, lineOffset: Int,
    templates: ShortcodeTemplates?, page: PageValues, allowsUnsafeHTML: Bool,
    renderMarkdown: @escaping (String, [String]) -> String, result: Result
  ) {
    self.bytes = bytes
    self.tags = tags
    self.path = path
    self.contentPath = contentPath
    self.lineOffset = lineOffset
    self.templates = templates
    self.page = page
    self.allowsUnsafeHTML = allowsUnsafeHTML
    self.renderMarkdown = renderMarkdown
    self.result = result
  }

  private mutating func run(unclosed: [Int]) {
    result.found = tags.filter { !$0.isComment && !$0.isInCode }.count + unclosed.count
    pair()
    // An unclosed opening's delimiter is left out, the rest kept as text.
    var skipped = Set<Int>()
    for start in unclosed {
      let opening = String(decoding: bytes[start..<min(start + 3, bytes.count)], as: UTF8.self)
      let shown = opening.hasSuffix("<") || opening.hasSuffix("%") ? opening : String(opening.prefix(2))
      warn(.unclosedTag(shown), at: start)
      skipped.insert(start)
    }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    if skipped.isEmpty {
      write(tags: 0..<tags.count, from: 0, to: bytes.count, into: &out)
    } else {
      // Unclosed delimiters are cut from the text between tags.
      write(tags: 0..<tags.count, from: 0, to: bytes.count, into: &out, cutting: skipped)
    }
    result.markdown = out
    result.warnings.sort {
      ($0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.location?.line ?? 0, $1.location?.column ?? 0)
    }
  }

  // MARK: Pairs

  /// The name a tag pairs by: a Hugo shortcode's name, a Liquid block's opening name.
  private static func pairName(_ tag: ShortcodeTag) -> (name: String, closes: Bool)? {
    guard !tag.isComment, !tag.isInCode else { return nil }
    switch tag.form {
    case .angle, .percent:
      if tag.isSelfClosing { return nil }
      return (tag.name, tag.isClosing)
    case .liquidTag:
      switch tag.name {
      case "raw", "highlight", "comment": return (tag.name, false)
      case "endraw", "endhighlight", "endcomment": return (String(tag.name.dropFirst(3)), true)
      default: return nil
      }
    case .liquidOutput: return nil
    }
  }

  private mutating func pair() {
    var stack: [Int] = []
    var open: [String: Int] = [:]
    for index in tags.indices {
      guard let (name, closes) = ShortcodeExpander.pairName(tags[index]) else { continue }
      let key = (tags[index].isHugo ? "h:" : "l:") + name
      if !closes {
        stack.append(index)
        open[key, default: 0] += 1
        continue
      }
      guard open[key, default: 0] > 0 else {
        warn(.closesNothing(text(of: tags[index])), at: tags[index].range.lowerBound)
        continue
      }
      while let top = stack.popLast() {
        let topKey = (tags[top].isHugo ? "h:" : "l:") + ShortcodeExpander.pairName(tags[top])!.name
        open[topKey, default: 0] -= 1
        if topKey == key {
          partners[top] = index
          break
        }
      }
    }
    // Depth: pairs inside more than maximumDepth others are unpaired (their tags left out).
    var closers: [Int] = []
    var warnedDepth = false
    for index in tags.indices {
      while let last = closers.last, last < index { closers.removeLast() }
      if closers.last == index {
        closers.removeLast()
        continue
      }
      guard let partner = partners[index] else { continue }
      if closers.count >= ShortcodeExpander.maximumDepth {
        partners[index] = nil
        tooDeep.insert(index)
        tooDeep.insert(partner)
        if !warnedDepth {
          warn(.tooDeep(ShortcodeExpander.maximumDepth), at: tags[index].range.lowerBound)
          warnedDepth = true
        }
        continue
      }
      closers.append(partner)
    }
  }

  /// Tags of pairs nested too deep: left out, already warned about.
  private var tooDeep: Set<Int> = []
  /// The opening tags of the pairs whose inner text is being written, innermost last: a theme's
  /// `tab` reads its `tabpane`'s parameters from here.
  private(set) var openPairs: [Int] = []
  /// The tabs each open tab group has had, by its opening tag, for `Tab 2`-style labels.
  var tabsSeen: [Int: Int] = [:]

  // MARK: Writing

  /// Writes the text from `start` to `end` with the tags in `range` (all inside it) expanded.
  private mutating func write(
    tags range: Range<Int>, from start: Int, to end: Int, into out: inout [UInt8], cutting: Set<Int> = []
  ) {
    var position = start
    var index = range.lowerBound
    while index < range.upperBound {
      let tag = tags[index]
      copy(position..<tag.range.lowerBound, into: &out, cutting: cutting)
      if let closing = partners[index] {
        expandPair(index, closing, into: &out, cutting: cutting)
        position = tags[closing].range.upperBound
        index = closing + 1
      } else {
        expandSingle(index, into: &out)
        position = tag.range.upperBound
        index += 1
      }
    }
    copy(position..<end, into: &out, cutting: cutting)
  }

  private func copy(_ range: Range<Int>, into out: inout [UInt8], cutting: Set<Int>) {
    guard !range.isEmpty else { return }
    if cutting.isEmpty {
      out.append(contentsOf: bytes[range])
      return
    }
    var index = range.lowerBound
    while index < range.upperBound {
      if cutting.contains(index) {
        let third = index + 2 < bytes.count ? bytes[index + 2] : 0
        index += third == UInt8(ascii: "<") || third == UInt8(ascii: "%") ? 3 : 2
        continue
      }
      out.append(bytes[index])
      index += 1
    }
  }

  /// Whether the tag has nothing but spaces before it and after it on its lines.
  private func standsAlone(_ tag: ShortcodeTag) -> Bool {
    var before = tag.range.lowerBound
    while before > 0, bytes[before - 1] == UInt8(ascii: " ") || bytes[before - 1] == UInt8(ascii: "\t") {
      before -= 1
    }
    guard before == 0 || bytes[before - 1] == UInt8(ascii: "\n") else { return false }
    var after = tag.range.upperBound
    while after < bytes.count,
      bytes[after] == UInt8(ascii: " ") || bytes[after] == UInt8(ascii: "\t")
        || bytes[after] == UInt8(ascii: "\r")
    {
      after += 1
    }
    return after == bytes.count || bytes[after] == UInt8(ascii: "\n")
  }

  /// The line breaks inside a tag, written after what replaces a tag on lines of its own.
  private func keepLines(of tag: ShortcodeTag, into out: inout [UInt8]) {
    guard standsAlone(tag) else { return }
    for byte in bytes[tag.range] where byte == UInt8(ascii: "\n") { out.append(byte) }
  }

  private mutating func expandSingle(_ index: Int, into out: inout [UInt8]) {
    let tag = tags[index]
    if tag.isComment {
      result.comments += 1
      out.append(contentsOf: ShortcodeExpander.uncommented(bytes[tag.range]))
      return
    }
    if tag.isInCode || tooDeep.contains(index) { return }  // `{% raw %}` in code; too deep: warned
    if tag.isClosing {  // unpaired closing: warned in pair()
      return
    }
    switch tag.form {
    case .liquidTag, .liquidOutput:
      liquid(tag, into: &out)
    case .angle, .percent:
      shortcode(index, inner: nil, into: &out)
    }
    keepLines(of: tag, into: &out)
  }

  private mutating func expandPair(_ index: Int, _ closing: Int, into out: inout [UInt8], cutting: Set<Int>) {
    let tag = tags[index]
    let innerRange = tag.range.upperBound..<tags[closing].range.lowerBound
    switch (tag.form, tag.name) {
    case (.liquidTag, "comment"), (.angle, "comment"), (.percent, "comment"):
      result.rendered += 2
      keepLines(of: tags[closing], into: &out)
    case (.liquidTag, "raw"):
      result.rendered += 2
      write(tags: (index + 1)..<closing, from: innerRange.lowerBound, to: innerRange.upperBound, into: &out)
    case (.liquidTag, "highlight"), (.angle, "highlight"), (.percent, "highlight"):
      result.rendered += 2
      var inner: [UInt8] = []
      write(tags: (index + 1)..<closing, from: innerRange.lowerBound, to: innerRange.upperBound, into: &inner)
      highlight(tag, closing: tags[closing], inner: inner, into: &out)
    case (.liquidTag, _):
      write(tags: (index + 1)..<closing, from: innerRange.lowerBound, to: innerRange.upperBound, into: &out)
    default:
      var inner: [UInt8] = []
      openPairs.append(index)
      write(tags: (index + 1)..<closing, from: innerRange.lowerBound, to: innerRange.upperBound, into: &inner)
      openPairs.removeLast()
      shortcode(index, inner: (inner, closing), into: &out)
    }
  }

  /// `{{</* name */>}}` as `{{< name >}}`: the comment's `/*` and `*/` taken out.
  static func uncommented(_ tag: ArraySlice<UInt8>) -> [UInt8] {
    var out = Array(tag)
    if let open = firstIndex(of: [UInt8(ascii: "/"), UInt8(ascii: "*")], in: out) {
      out.removeSubrange(open..<(open + 2))
    }
    if let close = lastIndex(of: [UInt8(ascii: "*"), UInt8(ascii: "/")], in: out) {
      out.removeSubrange(close..<(close + 2))
    }
    return out
  }

  private static func firstIndex(of pair: [UInt8], in bytes: [UInt8]) -> Int? {
    guard bytes.count >= 2 else { return nil }
    return (0..<(bytes.count - 1)).first { bytes[$0] == pair[0] && bytes[$0 + 1] == pair[1] }
  }

  private static func lastIndex(of pair: [UInt8], in bytes: [UInt8]) -> Int? {
    guard bytes.count >= 2 else { return nil }
    return (0..<(bytes.count - 1)).last { bytes[$0] == pair[0] && bytes[$0 + 1] == pair[1] }
  }

  // MARK: Places

  /// The file position of byte `offset` of the page's Markdown.
  func location(of offset: Int) -> SourceLocation {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return SourceLocation(path: path, line: low + 1 + lineOffset, column: offset - lineStarts[low] + 1)
  }

  mutating func warn(_ problem: ShortcodeProblem, at offset: Int) {
    result.warnings.append(problem.diagnostic(at: location(of: offset)))
  }

  // MARK: Output

  /// Appends `text` to `out`.
  static func append(_ text: String, to out: inout [UInt8]) {
    out.append(contentsOf: text.utf8)
  }

  /// Appends the placeholder of a partial's output `html`.
  mutating func appendOutput(_ html: String, to out: inout [UInt8]) {
    ShortcodeExpander.append(ShortcodeExpander.placeholderPrefix + "\(result.outputs.count)-->", to: &out)
    result.outputs.append(html)
  }

  /// Counts a rendered tag (and its closing one).
  mutating func countRendered(paired: Bool) { result.rendered += paired ? 2 : 1 }

  /// `text` with the characters Markdown reads as syntax escaped with a backslash.
  static func markdownEscaped(_ text: String) -> String {
    var out = ""
    for character in text {
      if "\\`*_[]<>&#!|{}".contains(character) { out.append("\\") }
      out.append(character == "\n" ? " " : character)
    }
    return out
  }

  /// `text` escaped for HTML.
  static func htmlEscaped(_ text: String) -> String {
    var writer = HTMLWriter()
    writer.text(text)
    return writer.string
  }

  /// The byte text of `bytes`.
  static func string(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  /// The tag's original bytes, for the rare messages that quote a whole tag.
  func text(of tag: ShortcodeTag) -> String { String(decoding: bytes[tag.range], as: UTF8.self) }

  /// Whether the tag stands alone on its lines (for builders in other files).
  func isAlone(_ tag: ShortcodeTag) -> Bool { standsAlone(tag) }
}
