/// Reads a fragment as a list of tokens (``HTMLToken``) without building a tree, when it is
/// written the plain, well-formed way Folio's renderer writes HTML: lowercase tags closed in
/// order, double-quoted attributes, no attribute twice, the character references `&amp;`,
/// `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&nbsp;` and numeric ones with their `;`, comments, and
/// only the elements of ``HTMLContentRules`` in the places it allows.
///
/// On such input the tokens say what the HTML5 parser builds, element for element, and read
/// ten times faster than gumbo parses; on anything else (an element the parser treats
/// specially, a tag it would close or move, markup it would read another way) the reader
/// answers nil and the caller parses with gumbo. A chapter of raw HTML therefore costs what it
/// did; the fragments Folio wrote itself do not. `HTMLMarkupTests` and the `html-tree` fuzz
/// target hold the two ways to the same bytes.
struct HTMLTokenReader {
  private struct Open {
    var code: UInt64
    var element: HTMLContentRules.Element
    var namespace: HTMLNamespace
    var token: Int
  }

  private let input: UnsafeBufferPointer<UInt8>
  private let limits: HTMLLimits
  private var index = 0
  private var stack: [Open] = []
  private(set) var tokens: [HTMLToken] = []
  private(set) var ids: Set<String> = []
  /// How many `<p>` and headings are open: inside them only phrasing is read.
  private var phrasingOnly = 0
  /// How many `<a>` are open: the parser would close one at the next.
  private var links = 0
  private var text: [UInt8] = []

  /// The tokens of `input` and the ids its elements hold, or nil when the tree the HTML5
  /// parser builds from it could differ from what the tokens say (or a limit is passed, which
  /// the parser then reports).
  static func read(_ input: UnsafeBufferPointer<UInt8>, limits: HTMLLimits) -> HTMLTokenReader? {
    guard input.count <= limits.maxBytes else { return nil }
    var reader = HTMLTokenReader(input: input, limits: limits)
    return reader.readAll() ? reader : nil
  }

  private init(input: UnsafeBufferPointer<UInt8>, limits: HTMLLimits) {
    self.input = input
    self.limits = limits
  }

  private mutating func readAll() -> Bool {
    while index < input.count {
      let byte = input[index]
      switch byte {
      case UInt8(ascii: "<"):
        guard flushText(), readMarkup() else { return false }
      case UInt8(ascii: "&"):
        guard let decoded = reference() else { return false }
        text.append(contentsOf: decoded.utf8)
      default:
        // The run up to the next byte that needs a look, appended at once.
        guard let end = plainRun(from: index) else { return false }
        text.append(contentsOf: UnsafeBufferPointer(rebasing: input[index..<end]))
        index = end
      }
    }
    return flushText() && stack.isEmpty
  }

  /// The end of the run of characters from `start` that the parser keeps as they are, up to
  /// `<`, `&`, `stop` or the end; nil at a character it would not keep: NUL, CR (it folds CR
  /// LF), the other controls but tab and line feed, noncharacters, and bytes that are no UTF-8
  /// (all of which gumbo replaces with U+FFFD).
  private func plainRun(from start: Int, stoppingAt stop: UInt8 = UInt8(ascii: "<")) -> Int? {
    var end = start
    while end < input.count {
      let byte = input[end]
      if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || byte == stop { break }
      if byte >= 0x20, byte < 0x7F {
        end += 1
      } else if byte == 0x09 || byte == 0x0A {
        end += 1
      } else if byte >= 0x80, let length = keptScalarLength(at: end) {
        end += length
      } else {
        return nil
      }
    }
    return end
  }

  /// The length of the UTF-8 sequence at `start` when it is one the parser keeps as it is: a
  /// scalar that is no C1 control and no noncharacter; nil otherwise.
  private func keptScalarLength(at start: Int) -> Int? {
    let lead = input[start]
    let length: Int
    var value: UInt32
    switch lead {
    case 0xC2...0xDF:
      length = 2
      value = UInt32(lead & 0x1F)
    case 0xE0...0xEF:
      length = 3
      value = UInt32(lead & 0x0F)
    case 0xF0...0xF4:
      length = 4
      value = UInt32(lead & 0x07)
    default: return nil
    }
    guard start + length <= input.count else { return nil }
    for offset in 1..<length {
      let byte = input[start + offset]
      guard byte & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    // Overlong forms, surrogates and values past U+10FFFF are no UTF-8.
    let smallest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
    guard value >= smallest, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { return nil }
    guard !(0x80...0x9F).contains(value), !(0xFDD0...0xFDEF).contains(value), value & 0xFFFE != 0xFFFE else {
      return nil
    }
    return length
  }

  /// Ends the text read so far as a token; false when the parser would not keep it where it
  /// is (anything but whitespace straight inside a table's parts).
  private mutating func flushText() -> Bool {
    guard !text.isEmpty else { return true }
    defer { text.removeAll(keepingCapacity: true) }
    if let parent = stack.last, parent.namespace == .html, parent.element.traits.contains(.tablePart) {
      guard text.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A }) else { return false }
    }
    tokens.append(.text(String(decoding: text, as: UTF8.self)))
    return count()
  }

  /// Counts a node against the limit; false past it.
  private func count() -> Bool {
    tokens.count <= limits.maxNodes
  }

  /// A tag or comment at `<`.
  private mutating func readMarkup() -> Bool {
    guard index + 1 < input.count else { return false }
    let next = input[index + 1]
    if next == UInt8(ascii: "/") { return endTag() }
    if next == UInt8(ascii: "!") { return comment() }
    guard isLowercaseLetter(next) else { return false }
    return startTag()
  }

  private mutating func startTag() -> Bool {
    index += 1
    guard let code = readName(), let element = HTMLContentRules.element(code: code) else { return false }
    var attributes: [HTMLAttribute] = []
    var selfClosing = false
    while true {
      guard index < input.count else { return false }
      let byte = input[index]
      if byte == UInt8(ascii: ">") {
        index += 1
        break
      }
      if byte == UInt8(ascii: "/") {
        guard index + 1 < input.count, input[index + 1] == UInt8(ascii: ">") else { return false }
        selfClosing = true
        index += 2
        break
      }
      guard isSpace(byte) else { return false }
      while index < input.count, isSpace(input[index]) { index += 1 }
      guard index < input.count else { return false }
      if input[index] == UInt8(ascii: ">") || input[index] == UInt8(ascii: "/") { continue }
      guard let attribute = readAttribute() else { return false }
      guard !attributes.contains(where: { $0.name == attribute.name }) else { return false }
      attributes.append(attribute)
    }
    guard let namespace = place(element, code: code) else { return false }
    // The parser renames MathML's `definitionurl` (`definitionURL`).
    if namespace == .mathML, attributes.contains(where: { $0.name == "definitionurl" }) { return false }
    let isVoid = namespace == .html && element.traits.contains(.void)
    if selfClosing, !isVoid, namespace != .mathML { return false }
    let position = tokens.count
    if let id = attributes.first(where: { $0.name == "id" }) { ids.insert(id.value) }
    tokens.append(
      .start(
        HTMLToken.StartTag(name: element.name, namespace: namespace, attributes: attributes), end: position))
    guard count() else { return false }
    if isVoid || selfClosing { return true }
    stack.append(Open(code: code, element: element, namespace: namespace, token: position))
    guard stack.count <= limits.maxDepth else { return false }
    if namespace == .html {
      if element.traits.contains(.phrasingOnly) { phrasingOnly += 1 }
      if code == HTMLTokenReader.a { links += 1 }
      if code == HTMLTokenReader.pre {
        // The parser drops a line feed right after <pre>; one written as a reference too.
        if index < input.count, input[index] == 0x0A { index += 1 }
        if index + 1 < input.count, input[index] == UInt8(ascii: "&"), input[index + 1] == UInt8(ascii: "#") {
          return false
        }
      }
    }
    return true
  }

  private static let a = HTMLNameSet.code(of: "a".utf8)!
  private static let pre = HTMLNameSet.code(of: "pre".utf8)!

  /// The namespace `element` (whose name has `code`) gets where it starts; nil where the parser would do more than
  /// open it there.
  private func place(_ element: HTMLContentRules.Element, code: UInt64) -> HTMLNamespace? {
    let parent = stack.last
    if let parent, parent.namespace == .mathML {
      guard !parent.element.traits.contains(.mathText), element.traits.contains(.mathML) else { return nil }
      return .mathML
    }
    let isPhrasing = element.traits.contains(.phrasing)
    guard isPhrasing || element.traits.contains(.flow) else { return nil }
    if phrasingOnly > 0, !isPhrasing { return nil }
    if code == HTMLTokenReader.a, links > 0 { return nil }
    if element.parents != 0 {
      guard let parent, parent.namespace == .html, parent.element.bit & element.parents != 0 else {
        return nil
      }
    } else if let parent, parent.element.traits.contains(.tablePart) {
      return nil
    }
    return element.traits.contains(.mathML) ? .mathML : .html
  }

  private mutating func endTag() -> Bool {
    index += 2
    guard index < input.count, isLowercaseLetter(input[index]), let code = readName() else { return false }
    while index < input.count, isSpace(input[index]) { index += 1 }
    guard index < input.count, input[index] == UInt8(ascii: ">") else { return false }
    index += 1
    guard let open = stack.last, open.code == code else { return false }
    stack.removeLast()
    if open.namespace == .html {
      if open.element.traits.contains(.phrasingOnly) { phrasingOnly -= 1 }
      if code == HTMLTokenReader.a { links -= 1 }
    }
    guard case .start(let tag, _) = tokens[open.token] else { return false }
    tokens[open.token] = .start(tag, end: tokens.count)
    tokens.append(.end)
    return true
  }

  /// A comment, skipped (both serialisations leave comments out); false for `<!` that starts
  /// anything else, or a comment the tokenizer would end elsewhere.
  private mutating func comment() -> Bool {
    guard index + 3 < input.count, input[index + 2] == UInt8(ascii: "-"),
      input[index + 3] == UInt8(ascii: "-")
    else { return false }
    let start = index + 4
    // `<!-->` and `<!--->` are whole comments to the tokenizer.
    guard start + 1 < input.count, input[start] != UInt8(ascii: ">"),
      !(input[start] == UInt8(ascii: "-") && input[start + 1] == UInt8(ascii: ">"))
    else { return false }
    var end = start
    while end + 2 < input.count {
      if input[end] == UInt8(ascii: "-"), input[end + 1] == UInt8(ascii: "-") {
        guard input[end + 2] == UInt8(ascii: ">") else {
          if input[end + 2] == UInt8(ascii: "!") { return false }  // `--!>` ends it too
          end += 1
          continue
        }
        index = end + 3
        return true
      }
      end += 1
    }
    return false
  }

  /// An attribute at its name: `name` or `name="value"`.
  private mutating func readAttribute() -> HTMLAttribute? {
    guard isLowercaseLetter(input[index]) else { return nil }
    let start = index
    while index < input.count, isAttributeNameByte(input[index]) { index += 1 }
    let name = String(decoding: UnsafeBufferPointer(rebasing: input[start..<index]), as: UTF8.self)
    guard index < input.count else { return nil }
    guard input[index] == UInt8(ascii: "=") else { return HTMLAttribute(name: name, value: "") }
    guard index + 1 < input.count, input[index + 1] == UInt8(ascii: "\"") else { return nil }
    index += 2
    var value: [UInt8] = []
    while true {
      guard index < input.count else { return nil }
      let byte = input[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        break
      }
      if byte == UInt8(ascii: "&") {
        guard let decoded = reference() else { return nil }
        value.append(contentsOf: decoded.utf8)
      } else {
        guard let end = plainRun(from: index, stoppingAt: UInt8(ascii: "\"")), end > index else { return nil }
        value.append(contentsOf: UnsafeBufferPointer(rebasing: input[index..<end]))
        index = end
      }
    }
    guard index < input.count else { return nil }
    let after = input[index]
    guard isSpace(after) || after == UInt8(ascii: ">") || after == UInt8(ascii: "/") else { return nil }
    return HTMLAttribute(name: name, value: String(decoding: value, as: UTF8.self))
  }

  /// The character a reference at `&` stands for, moving past it; nil for one not read here.
  private mutating func reference() -> String? {
    var end = index + 1
    while end < input.count, end - index <= 10, input[end] != UInt8(ascii: ";") { end += 1 }
    guard end < input.count, input[end] == UInt8(ascii: ";") else { return nil }
    let body = UnsafeBufferPointer(rebasing: input[(index + 1)..<end])
    let character: String?
    if body.first == UInt8(ascii: "#") {
      character = numericReference(UnsafeBufferPointer(rebasing: body.dropFirst()))
    } else {
      switch String(decoding: body, as: UTF8.self) {
      case "amp": character = "&"
      case "lt": character = "<"
      case "gt": character = ">"
      case "quot": character = "\""
      case "apos": character = "'"
      case "nbsp": character = "\u{A0}"
      default: character = nil
      }
    }
    if character != nil { index = end + 1 }
    return character
  }

  /// `&#…;` without `&#` and `;`, when its number is a character the parser keeps as it is.
  private func numericReference(_ digits: UnsafeBufferPointer<UInt8>) -> String? {
    var value: UInt32 = 0
    var rest = digits[...]
    let radix: UInt32
    if let first = rest.first, first | 0x20 == UInt8(ascii: "x") {
      radix = 16
      rest = rest.dropFirst()
    } else {
      radix = 10
    }
    guard !rest.isEmpty, rest.count <= 7 else { return nil }
    for byte in rest {
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16:
        digit = UInt32(byte - UInt8(ascii: "a")) + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16:
        digit = UInt32(byte - UInt8(ascii: "A")) + 10
      default: return nil
      }
      value = value * radix + digit
    }
    // NUL, controls, C1 (which the parser maps to Windows-1252) and non-scalars are not kept.
    switch value {
    case 0x09, 0x0A, 0x20...0x7E, 0xA0...0xD7FF, 0xE000...0x10FFFF:
      guard !(0xFDD0...0xFDEF).contains(value), value & 0xFFFE != 0xFFFE else { return nil }
      return Unicode.Scalar(value).map { String($0) }
    default:
      return nil
    }
  }

  /// The code (``HTMLNameSet/code(of:)``) of the tag name at `index`, moving past it; nil for
  /// a name without one.
  private mutating func readName() -> UInt64? {
    let start = index
    while index < input.count, isLowercaseLetter(input[index]) || isDigit(input[index]) { index += 1 }
    return HTMLNameSet.code(of: UnsafeBufferPointer(rebasing: input[start..<index]))
  }

  private func isLowercaseLetter(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private func isAttributeNameByte(_ byte: UInt8) -> Bool {
    isLowercaseLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
      || byte == UInt8(ascii: ".")
  }

  private func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09
  }
}
