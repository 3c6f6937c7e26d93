/// Finds the Hugo shortcodes and Liquid tags of a page's Markdown in one pass over its bytes,
/// outside code: fenced code blocks, code spans, and the literal insides of `highlight` and
/// `{% raw %}`, where only Hugo's comments (`{{</* name */>}}`) and `{% raw %}` tags are read.
///
/// The work is linear in the page: a tag's end is looked for only up to the next `{{` or `{%`,
/// and a code span's closing run up to the paragraph's end, each length's failed search
/// remembered (as cmark-gfm does), so unclosed tags and backticks cost no rescans.
struct ShortcodeScanner {
  let bytes: [UInt8]
  private let readsHugo: Bool
  private let readsLiquid: Bool
  /// The tags found, in order.
  private(set) var tags: [ShortcodeTag] = []
  /// Where a `{{<`, `{{%`, `{%` or `{{` opened no tag (no end before the next one, or no name).
  private(set) var unclosed: [Int] = []
  /// Bytes looked at, for tests that check the work grows with the page, not its square.
  var steps = 0
  /// Per backtick-run length, the position before which a search for a closing run fails.
  private var failedCodeSpans = [Int](repeating: -1, count: 65)

  /// The longest tag read: a shortcode with arguments over more bytes is text, with a warning.
  static let maximumTagBytes = Limits.shortcodeTagBytes

  init(_ bytes: [UInt8], hugo: Bool, liquid: Bool) {
    self.bytes = bytes
    readsHugo = hugo
    readsLiquid = liquid
    scan()
  }

  private mutating func scan() {
    var index = 0
    var lineStart = true
    var fence: (byte: UInt8, count: Int)? = nil
    /// The closing tag that ends a literal region (`endraw`, `endhighlight`, `/highlight`).
    var literalCloser: String? = nil
    var codeSpanEnd = -1
    let count = bytes.count
    while index < count {
      steps += 1
      if lineStart, codeSpanEnd < index {
        lineStart = false
        if let line = fenceLine(at: index) {
          if let open = fence {
            if line.byte == open.byte, line.count >= open.count, line.isBare { fence = nil }
          } else if literalCloser == nil {
            fence = (line.byte, line.count)
          }
          // The fence line itself: only comments can be in its info string.
          index = line.end
          lineStart = true
          continue
        }
      }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\n") {
        lineStart = true
        index += 1
        continue
      }
      let inCode = fence != nil || literalCloser != nil || index < codeSpanEnd
      if byte == UInt8(ascii: "`"), !inCode {
        var run = index
        while run < count, bytes[run] == UInt8(ascii: "`") { run += 1 }
        if let end = closingCodeSpan(from: run, length: run - index) { codeSpanEnd = end }
        index = run
        continue
      }
      guard byte == UInt8(ascii: "{"), index + 1 < count,
        bytes[index + 1] == UInt8(ascii: "{") || bytes[index + 1] == UInt8(ascii: "%")
      else {
        index += 1
        continue
      }
      guard var tag = readTag(at: index) else {
        if !inCode, reads(at: index) { unclosed.append(index) }
        index += 2
        continue
      }
      if inCode {
        tag.isInCode = true
        if let closer = literalCloser, !tag.isComment, tag.closingName == closer {
          literalCloser = nil
          tag.isInCode = false
          tags.append(tag)
        } else if tag.isComment || (tag.form == .liquidTag && (tag.name == "raw" || tag.name == "endraw")) {
          tags.append(tag)
        }
        index = tag.range.upperBound
        continue
      }
      if !tag.isComment, !tag.isClosing, let closer = ShortcodeScanner.literalCloser(of: tag) {
        literalCloser = closer
      }
      tags.append(tag)
      index = tag.range.upperBound
    }
  }

  /// The closing tag's name for a tag whose inside is literal: `{% raw %}` and the two
  /// `highlight`s.
  private static func literalCloser(of tag: ShortcodeTag) -> String? {
    switch (tag.form, tag.name) {
    case (.liquidTag, "raw"): "endraw"
    case (.liquidTag, "highlight"): "endhighlight"
    case (.angle, "highlight"), (.percent, "highlight"): "/highlight"
    default: nil
    }
  }

  /// A fence line at `index` (up to three spaces of indentation in CommonMark; any here, as
  /// fences in list items are indented further): its character, length, whether nothing but
  /// spaces follows, and where the line ends (after its newline).
  private func fenceLine(at index: Int) -> (byte: UInt8, count: Int, isBare: Bool, end: Int)? {
    var start = index
    while start < bytes.count, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") {
      start += 1
    }
    guard start < bytes.count, bytes[start] == UInt8(ascii: "`") || bytes[start] == UInt8(ascii: "~") else {
      return nil
    }
    let byte = bytes[start]
    var run = start
    while run < bytes.count, bytes[run] == byte { run += 1 }
    guard run - start >= 3 else { return nil }
    var end = run
    var isBare = true
    while end < bytes.count, bytes[end] != UInt8(ascii: "\n") {
      if bytes[end] != UInt8(ascii: " ") && bytes[end] != UInt8(ascii: "\t")
        && bytes[end] != UInt8(ascii: "\r")
      {
        isBare = false
      }
      // A backtick fence's info string holds no backtick: that line is a code span.
      if byte == UInt8(ascii: "`"), bytes[end] == byte { return nil }
      end += 1
    }
    return (byte, run - start, isBare, min(end + 1, bytes.count))
  }

  /// Where the code span whose opening run of `length` backticks ends at `start` closes (after
  /// its closing run), or nil when no run of that length follows before the paragraph's end.
  private mutating func closingCodeSpan(from start: Int, length: Int) -> Int? {
    guard length < failedCodeSpans.count, start >= failedCodeSpans[length] else {
      return nil
    }
    var index = start
    var blankLine = false
    while index < bytes.count {
      steps += 1
      let byte = bytes[index]
      if byte == UInt8(ascii: "`") {
        var run = index
        while run < bytes.count, bytes[run] == UInt8(ascii: "`") { run += 1 }
        if run - index == length { return run }
        index = run
        blankLine = false
        continue
      }
      if byte == UInt8(ascii: "\n") {
        if blankLine { break }
        blankLine = true
      } else if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\r") {
        blankLine = false
      }
      index += 1
    }
    failedCodeSpans[length] = index
    return nil
  }

  /// Whether the tag syntax at `index` is one this scan reads (Hugo's, Liquid's).
  private func reads(at index: Int) -> Bool {
    let third = index + 2 < bytes.count ? bytes[index + 2] : 0
    if bytes[index + 1] == UInt8(ascii: "{"), third == UInt8(ascii: "<") || third == UInt8(ascii: "%") {
      return readsHugo || readsLiquid
    }
    return readsLiquid
  }

  /// The tag starting at `index` (`{{<`, `{{%`, `{%` or `{{`), or nil when none ends there.
  private mutating func readTag(at index: Int) -> ShortcodeTag? {
    let second = bytes[index + 1]
    let third = index + 2 < bytes.count ? bytes[index + 2] : 0
    if second == UInt8(ascii: "{"), third == UInt8(ascii: "<") || third == UInt8(ascii: "%") {
      guard readsHugo else { return readsLiquid ? readLiquidOutput(at: index) : nil }
      return readHugo(at: index, form: third == UInt8(ascii: "<") ? .angle : .percent)
    }
    guard readsLiquid else { return nil }
    return second == UInt8(ascii: "%") ? readLiquidTag(at: index) : readLiquidOutput(at: index)
  }

  private func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
      || byte == UInt8(ascii: "\r")
  }

  func starts(_ literal: String, at index: Int) -> Bool {
    var position = index
    for byte in literal.utf8 {
      guard position < bytes.count, bytes[position] == byte else { return false }
      position += 1
    }
    return true
  }

  /// Whether a new tag opens at `index`: where an unclosed one stops being looked for.
  func opensTag(at index: Int) -> Bool {
    bytes[index] == UInt8(ascii: "{") && index + 1 < bytes.count
      && (bytes[index + 1] == UInt8(ascii: "{") || bytes[index + 1] == UInt8(ascii: "%"))
  }

  /// `{{< name args >}}`, `{{% /name %}}`, `{{< name />}}`, `{{</* name */>}}`.
  private mutating func readHugo(at start: Int, form: ShortcodeTag.Form) -> ShortcodeTag? {
    let mark = form == .angle ? UInt8(ascii: ">") : UInt8(ascii: "%")
    let limit = min(bytes.count, start + ShortcodeScanner.maximumTagBytes)
    var index = start + 3
    func skipSpaces() {
      while index < limit, isSpace(bytes[index]) { index += 1 }
    }
    skipSpaces()
    var tag = ShortcodeTag(form: form, range: start..<start, name: "", inside: "")
    if starts("/*", at: index) {
      tag.isComment = true
      index += 2
      skipSpaces()
    }
    let insideStart = index
    if index < limit, bytes[index] == UInt8(ascii: "/") {
      tag.isClosing = true
      index += 1
      skipSpaces()
    }
    let nameStart = index
    while index < limit, ShortcodeScanner.isNameByte(bytes[index]) { index += 1 }
    // A name ends before `/>}}`.
    if index - nameStart > 1, bytes[index - 1] == UInt8(ascii: "/") { index -= 1 }
    guard index > nameStart else { return nil }
    tag.name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
    while true {
      steps += 1
      skipSpaces()
      guard index < limit, !opensTag(at: index) else { return nil }
      var insideEnd = index
      if tag.isComment {
        guard starts("*/", at: index) else {
          guard readArgument(&index, limit: limit, into: &tag) else { return nil }
          continue
        }
        index += 2
        skipSpaces()
      }
      if index < limit, bytes[index] == UInt8(ascii: "/"), index + 3 < limit + 1,
        index + 1 < bytes.count, bytes[index + 1] == mark, starts("}}", at: index + 2)
      {
        tag.isSelfClosing = true
        insideEnd = tag.isComment ? insideEnd : index
        index += 1
      }
      if index < limit, bytes[index] == mark, starts("}}", at: index + 1) {
        tag.range = start..<(index + 3)
        tag.inside = String(decoding: bytes[insideStart..<insideEnd], as: UTF8.self)
        while let last = tag.inside.last, last.isWhitespace { tag.inside.removeLast() }
        return tag
      }
      if tag.isComment, insideEnd < index { return nil }
      guard readArgument(&index, limit: limit, into: &tag) else { return nil }
    }
  }

  /// Shortcode and Liquid tag names: letters, digits, `_`, `-`, `.`, `/`.
  private static func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "/") || byte >= 0x80
  }

  /// One argument at `index`: `"quoted"` (with `\"`), `` `raw` ``, a bare word, each perhaps
  /// after `name=`.
  private mutating func readArgument(_ index: inout Int, limit: Int, into tag: inout ShortcodeTag) -> Bool {
    guard let first = readValue(&index, limit: limit) else { return false }
    if index < limit, bytes[index] == UInt8(ascii: "="), !first.quoted {
      index += 1
      guard let value = readValue(&index, limit: limit) else { return false }
      tag.arguments.append(ShortcodeTag.Argument(name: first.text, value: value.text))
    } else {
      tag.arguments.append(ShortcodeTag.Argument(name: nil, value: first.text))
    }
    return true
  }

  private mutating func readValue(_ index: inout Int, limit: Int) -> (text: String, quoted: Bool)? {
    guard index < limit else { return nil }
    let quote = bytes[index]
    if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "`") {
      var value: [UInt8] = []
      var position = index + 1
      while position < limit {
        steps += 1
        let byte = bytes[position]
        if byte == quote {
          index = position + 1
          return (String(decoding: value, as: UTF8.self), true)
        }
        if quote == UInt8(ascii: "\""), byte == UInt8(ascii: "\\"), position + 1 < limit {
          value.append(bytes[position + 1])
          position += 2
          continue
        }
        if opensTag(at: position) { return nil }
        value.append(byte)
        position += 1
      }
      return nil
    }
    let start = index
    while index < limit, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "=") {
      let byte = bytes[index]
      if (byte == UInt8(ascii: ">") || byte == UInt8(ascii: "%")) && starts("}}", at: index + 1) { break }
      if byte == UInt8(ascii: "/"), index + 1 < limit,
        bytes[index + 1] == UInt8(ascii: ">") || bytes[index + 1] == UInt8(ascii: "%"),
        starts("}}", at: index + 2)
      {
        break
      }
      if byte == UInt8(ascii: "*"), starts("/", at: index + 1) { break }
      if opensTag(at: index) { break }
      index += 1
    }
    guard index > start else { return nil }
    return (String(decoding: bytes[start..<index], as: UTF8.self), false)
  }
}

extension ShortcodeTag {
  /// The name a closing tag is matched by: `/figure` for Hugo's, `endraw` for Liquid's.
  var closingName: String { isClosing ? "/" + name : name }
}

extension String {
  /// The string without spaces, tabs and line breaks at either end.
  var withoutOuterSpaces: String {
    var text = Substring(self)
    while let first = text.first, first.isWhitespace { text = text.dropFirst() }
    while let last = text.last, last.isWhitespace { text = text.dropLast() }
    return String(text)
  }
}
