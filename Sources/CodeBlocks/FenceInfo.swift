/// What a fenced code block's info string asks for: its language and the options writers know
/// from Hugo, Zola, Pygments and Zenn.
///
/// ````markdown
/// ```swift {linenos=true, hl_lines="2 4-6", linenostart=10, title="main.swift"}
/// ```rust,linenos,hl_lines=1 3-5
/// ```ts:src/index.ts
/// ```diff js
/// ````
///
/// The first word is the language (up to a space, `,` or `{`); Zenn's `language:file name`
/// gives a title too. The rest are options, separated by spaces or commas, optionally inside
/// `{…}`: `name`, `name=value`, `name="value with spaces"` or `name=[8,"15-17"]`.
public struct FenceInfo: Hashable, Sendable {
  /// The language as written (`ts`, `c++`), or nil for a fence without one.
  public var language: String?
  /// A title or file name shown above the code.
  public var title: String?
  /// Whether lines are numbered (`linenos`).
  public var showsLineNumbers = false
  /// The number of the first line (`linenostart`), 1 unless set.
  public var firstLineNumber = 1
  /// Lines to mark (`hl_lines`), counted from 1 at the block's first line whatever its number.
  public var markedLines: [ClosedRange<Int>] = []
  /// Whether lines starting with `+` or `-` are marked as inserted or deleted: `diff js`
  /// highlights JavaScript with diff markers.
  public var marksDiffLines = false
  /// Options Folio does not know, as written, for a warning.
  public var unknownOptions: [String] = []
  /// Option values that could not be read (`linenostart=x`), as written.
  public var invalidOptions: [String] = []

  /// Reads an info string.
  public init(_ info: String) {
    // Most info strings are one word, a language: nothing to parse.
    if info.utf8.allSatisfy({ FenceInfo.isPlainNameByte($0) }) {
      language = info.isEmpty ? nil : info
      return
    }
    let trimmed = info.drop { $0 == " " || $0 == "\t" }
    let end = trimmed.firstIndex { $0 == " " || $0 == "\t" || $0 == "," || $0 == "{" } ?? trimmed.endIndex
    var word = trimmed[..<end]
    var rest = trimmed[end...]
    if let colon = word.firstIndex(of: ":") {
      let name = word[word.index(after: colon)...]
      if !name.isEmpty { title = String(name) }
      word = word[..<colon]
    }
    language = word.isEmpty ? nil : String(word)
    var options = FenceInfo.options(in: rest)
    // `diff js`: a diff of JavaScript, when the second word is a bare word and not an option.
    if language == "diff", let first = options.first, first.value == nil,
      !FenceInfo.known.contains(first.name)
    {
      language = first.name
      marksDiffLines = true
      options.removeFirst()
      rest = ""
    }
    var index = 0
    while index < options.count {
      let option = options[index]
      index += 1
      switch option.name {
      case "linenos":
        showsLineNumbers =
          option.value.map { !["false", "no", "0", "off"].contains($0.lowercased()) } ?? true
      case "linenostart":
        if let value = option.value, let number = Int(value), number >= 0, number < 1_000_000_000 {
          firstLineNumber = number
        } else {
          invalidOptions.append(option.written)
        }
      case "hl_lines":
        var value = option.value ?? ""
        // Zola's `hl_lines=1 3-5 9`: bare numbers that follow belong to it.
        while index < options.count, options[index].value == nil, FenceInfo.isLineList(options[index].name) {
          value += " " + options[index].name
          index += 1
        }
        // Each line is checked against every range: a hostile fence's list is cut short.
        guard let lines = FenceInfo.lineRanges(value), markedLines.count + lines.count <= 1000 else {
          invalidOptions.append(option.written)
          continue
        }
        markedLines += lines
      case "title", "name", "filename", "file":
        if let value = option.value, !value.isEmpty {
          title = value
        } else {
          invalidOptions.append(option.written)
        }
      case _ where FenceInfo.accepted.contains(option.name):
        break
      default:
        unknownOptions.append(option.written)
      }
    }
  }

  /// Whether line `number` (1 for the block's first) is marked.
  public func marks(line number: Int) -> Bool {
    markedLines.contains { $0.contains(number) }
  }

  /// Whether the block needs more than highlighted tokens: a line per element, or a title.
  public var hasLineMarkup: Bool { showsLineNumbers || !markedLines.isEmpty || marksDiffLines }

  private static let known: Set<String> =
    Set(["linenos", "linenostart", "hl_lines", "title", "name", "filename", "file"]).union(accepted)

  /// Hugo's and Zola's options that Folio reads without a warning and has no use for: every
  /// block has a copy button, and line numbers are always beside the code, never in a table.
  private static let accepted: Set<String> = [
    "copy", "lineNumbersInTable", "lineanchors", "anchorlinenos", "hl_inline", "noClasses", "style",
    "tabWidth",
    "guessSyntax", "hide_lines",
  ]

  /// One option as written.
  private struct Option {
    var name: String
    var value: String?
    var written: String
  }

  /// The options of `text`: words separated by spaces and commas, with quoted and bracketed
  /// values kept whole; braces around them are dropped.
  private static func options(in text: Substring) -> [Option] {
    var options: [Option] = []
    var current = ""
    var quote: Character? = nil
    var brackets = 0
    func finish() {
      guard !current.isEmpty else { return }
      if let equals = current.firstIndex(of: "=") {
        let name = String(current[..<equals])
        var value = String(current[current.index(after: equals)...])
        if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
          value = String(value.dropFirst().dropLast())
        }
        options.append(Option(name: name, value: value, written: current))
      } else {
        options.append(Option(name: current, value: nil, written: current))
      }
      current = ""
    }
    for character in text {
      if let open = quote {
        current.append(character)
        if character == open { quote = nil }
        continue
      }
      switch character {
      case "\"", "'":
        quote = character
        current.append(character)
      case "[":
        brackets += 1
        current.append(character)
      case "]":
        brackets = max(0, brackets - 1)
        current.append(character)
      case " ", "\t", ",", "{", "}":
        if brackets == 0 { finish() } else { current.append(character) }
      default: current.append(character)
      }
    }
    finish()
    return options
  }

  /// Whether `byte` can be part of a one-word info string that needs no parsing: not a space,
  /// tab, `,`, `{`, `:`, quote or bracket.
  private static func isPlainNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x20, 0x09, UInt8(ascii: ","), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ":"),
      UInt8(ascii: "\""),
      UInt8(ascii: "'"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "="):
      false
    default: true
    }
  }

  /// Whether `word` is a line number or range (`3`, `4-6`).
  private static func isLineList(_ word: String) -> Bool {
    !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "-") }
  }

  /// `2 4-6`, `[8,"15-17"]` or `2,4-6` as ranges; nil when a part is not a number or range.
  static func lineRanges(_ value: String) -> [ClosedRange<Int>]? {
    let separators: Set<Character> = [" ", ",", "\"", "'", "[", "]", "\t"]
    var ranges: [ClosedRange<Int>] = []
    for part in value.split(whereSeparator: { separators.contains($0) }) {
      let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
      guard bounds.count <= 2, let low = Int(bounds[0]), low >= 0 else { return nil }
      let high = bounds.count == 2 ? Int(bounds[1]) : low
      guard let high, high >= low else { return nil }
      ranges.append(low...high)
    }
    return ranges.isEmpty ? nil : ranges
  }
}
